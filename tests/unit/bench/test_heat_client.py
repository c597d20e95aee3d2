"""The benchmark's Heat client sends the token it was given (--token), or
asks a keystoneauth session for one at every call (--os-cloud)."""
import http.server
import json
import threading

import pytest

from heat_conv.bench import cli
from heat_conv.bench import heat_client
from heat_conv.bench import runner
from heat_conv.bench import session
from heat_conv.bench import workloads


@pytest.fixture
def heat():
    """An endpoint that knows every resource type and records the tokens."""
    tokens = []

    class Handler(http.server.BaseHTTPRequestHandler):
        def log_message(self, *args):
            pass

        def do_GET(self):
            tokens.append(self.headers.get('X-Auth-Token'))
            data = json.dumps({'resource_type': self.path}).encode()
            self.send_response(200)
            self.send_header('Content-Length', str(len(data)))
            self.end_headers()
            self.wfile.write(data)

    server = http.server.ThreadingHTTPServer(('127.0.0.1', 0), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f'http://127.0.0.1:{server.server_address[1]}/v1/p1', tokens
    server.shutdown()
    server.server_close()


class Renewing:
    """Stands in for a keystoneauth Session: a new token at each ask."""

    def __init__(self):
        self.issued = 0

    def get_token(self):
        self.issued += 1
        return f'token-{self.issued}'


@pytest.mark.parametrize('name', ['', 'heat27'])
def test_the_runner_sends_the_token_of_an_endpoint(heat, name):
    url, tokens = heat
    args = cli.parse_args(['--endpoint', f'{name}={url}' if name else url,
                           '--token', 'secret',
                           '--workload', 'servers:2', '--phases', 'create,delete'])
    topo = session.make_topology(name or 'external', args, [])
    run = runner.Runner(topo, workloads.parse('servers:2'), phases=('create',))
    assert run.unsupported() is None
    assert tokens == ['secret'] * len(workloads.CloudServers.needs_types)


def test_a_session_is_asked_for_its_token_at_every_call(heat):
    url, tokens = heat
    auth = Renewing()
    client = heat_client.HeatClient(url, auth=auth)
    client.resource_type_problem('OS::Nova::Server')
    client.resource_type_problem('OS::Neutron::Port')
    assert tokens == ['token-1', 'token-2']


def test_named_endpoints_and_their_call_counters_are_parsed():
    args = cli.parse_args(['--os-cloud', 'c', '--service-cloud', 's',
                           '--topology', 'keystone', '--endpoint',
                           'heat27=http://h:8104/v1/%(project_id)s', '--calls',
                           'heat27=http://h:8105', '--alternate',
                           '--workload', 'servers:3'])
    assert args.plan.topologies() == ['keystone', 'heat27']
    assert args.endpoints == {'heat27': 'http://h:8104/v1/%(project_id)s'}
    assert args.calls == {'heat27': 'http://h:8105'}


@pytest.mark.parametrize('argv, says', [
    (['--topology', 'keystone'], '--os-cloud and --service-cloud'),
    (['--endpoint', 'a=http://h/v1', '--calls', 'b=http://h:1'], 'names no --endpoint'),
    (['--token', 't'], '--token is sent to --endpoint only'),
    (['--endpoint', 'http://h/v1/t', '--token', 't', '--os-cloud', 'c'],
     'give one'),
])
def test_incomplete_keystone_flags_are_refused(argv, says, capsys):
    with pytest.raises(SystemExit):
        cli.parse_args(argv + ['--workload', 'ports:2'])
    assert says in capsys.readouterr().err
