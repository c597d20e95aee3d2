"""heat-conv-bench behind Keystone, against a small local Keystone and Heat:
the token comes from clouds.yaml through keystoneauth, the orchestration
endpoint from the token's catalog, and Heat answers 401 to any call
without the token, so a run that is not authenticated fails."""
import itertools
import json
import threading
import uuid
from wsgiref import simple_server

import pytest
import yaml

from heat_conv.bench import cli

PROJECT = 'p' + uuid.uuid4().hex[:8]


class Quiet(simple_server.WSGIRequestHandler):
    def log_message(self, *args):
        pass


def serve(app):
    server = simple_server.make_server('127.0.0.1', 0, app, handler_class=Quiet)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f'http://127.0.0.1:{server.server_address[1]}'


def reply(start, status, body=None, headers=()):
    data = json.dumps(body).encode() if body is not None else b''
    start(status, [('Content-Type', 'application/json'),
                   ('Content-Length', str(len(data))), *headers])
    return [data]


class Heat:
    """Just enough of Heat's v1 API for the benchmark's lifecycle, every
    stack done at once; ``token`` is the only one it accepts."""

    def __init__(self):
        self.token = None
        self.stacks = {}
        self.calls = []

    def __call__(self, environ, start):
        method, path = environ['REQUEST_METHOD'], environ['PATH_INFO']
        sent = environ.get('HTTP_X_AUTH_TOKEN')
        self.calls.append((method, path, sent))
        if not sent or sent != self.token:
            return reply(start, '401 Unauthorized', {'error': {'code': 401}})
        prefix = f'/v1/{PROJECT}'
        if not path.startswith(prefix):
            return reply(start, '404 Not Found', {})
        parts = path[len(prefix):].strip('/').split('/')
        if parts[0] == 'resource_types':
            return reply(start, '200 OK', {'resource_type': parts[1]})
        if method == 'POST' and parts == ['stacks']:
            length = int(environ.get('CONTENT_LENGTH') or 0)
            name = json.loads(environ['wsgi.input'].read(length))['stack_name']
            self.stacks[name] = 'CREATE_COMPLETE'
            return reply(start, '201 Created', {'stack': {'id': 'id-' + name}})
        name = parts[1]
        if method == 'PUT':
            self.stacks[name] = 'UPDATE_COMPLETE'
            return reply(start, '202 Accepted', {})
        if method == 'DELETE':
            self.stacks.pop(name)
            return reply(start, '204 No Content')
        if name not in self.stacks:
            return reply(start, '404 Not Found', {})
        return reply(start, '200 OK', {'stack': {'stack_status': self.stacks[name]}})


class Keystone:
    """Keystone v3's password auth: a new token for the right password,
    with a catalog naming ``heat_url`` as the orchestration service."""

    def __init__(self, heat, heat_url):
        self.heat = heat
        self.heat_url = heat_url
        self.issued = itertools.count(1)

    def __call__(self, environ, start):
        if environ['REQUEST_METHOD'] != 'POST' or \
                environ['PATH_INFO'] != '/v3/auth/tokens':
            return reply(start, '404 Not Found', {})
        length = int(environ.get('CONTENT_LENGTH') or 0)
        user = json.loads(environ['wsgi.input'].read(length))[
            'auth']['identity']['password']['user']
        if (user['name'], user['password']) != ('demo', 'secret'):
            return reply(start, '401 Unauthorized', {'error': {'code': 401}})
        self.heat.token = f'tok-{next(self.issued)}'
        endpoint = {'id': 'e1', 'interface': 'public', 'region': 'RegionOne',
                    'region_id': 'RegionOne', 'url': f'{self.heat_url}/v1/{PROJECT}'}
        token = {'methods': ['password'], 'expires_at': '2999-01-01T00:00:00.000000Z',
                 'issued_at': '2020-01-01T00:00:00.000000Z',
                 'user': {'id': 'u1', 'name': 'demo',
                          'domain': {'id': 'default', 'name': 'Default'}},
                 'project': {'id': PROJECT, 'name': 'demo',
                             'domain': {'id': 'default', 'name': 'Default'}},
                 'roles': [{'id': 'r1', 'name': 'member'}],
                 'catalog': [{'id': 's1', 'type': 'orchestration', 'name': 'heat',
                              'endpoints': [endpoint]}]}
        return reply(start, '201 Created', {'token': token},
                     headers=[('X-Subject-Token', self.heat.token)])


@pytest.fixture
def cloud(tmp_path, monkeypatch):
    heat = Heat()
    heat_server, heat_url = serve(heat)
    keystone_server, keystone_url = serve(Keystone(heat, heat_url))
    clouds = {'clouds': {name: {
        'auth_type': 'v3password', 'region_name': 'RegionOne',
        'auth': {'auth_url': f'{keystone_url}/v3', 'username': 'demo',
                 'password': password, 'project_name': 'demo',
                 'user_domain_name': 'Default', 'project_domain_name': 'Default'}}
        for name, password in (('fake', 'secret'), ('wrong', 'guess'))}}
    path = tmp_path / 'clouds.yaml'
    path.write_text(yaml.safe_dump(clouds))
    monkeypatch.setenv('OS_CLIENT_CONFIG_FILE', str(path))
    yield heat, heat_url
    for server in (heat_server, keystone_server):
        server.shutdown()
        server.server_close()


def bench(tmp_path, *argv):
    out = tmp_path / 'out'
    code = cli.main([*argv, '--workload', 'chain:2', '--phases', 'create,update,delete',
                     '--no-plot', '--timeout', '20', '--output', str(out)])
    phases = [json.loads(line) for line in (out / 'results.jsonl').read_text().splitlines()]
    return code, [r for r in phases if r['type'] == 'phase']


def test_a_cloud_alone_runs_against_its_catalogs_heat_with_its_token(cloud, tmp_path):
    heat, _ = cloud
    code, phases = bench(tmp_path, '--os-cloud', 'fake')
    assert code == 0
    assert [(r['topology'], r['phase'], r['status']) for r in phases] == [
        ('fake', 'create', 'COMPLETE'), ('fake', 'update', 'COMPLETE'),
        ('fake', 'delete', 'COMPLETE')]
    assert heat.calls and all(token == 'tok-1' for _, _, token in heat.calls)
    assert {method for method, _, _ in heat.calls} == {'GET', 'POST', 'PUT', 'DELETE'}


def test_a_named_catalog_endpoint_is_the_same_heat(cloud, tmp_path):
    code, phases = bench(tmp_path, '--os-cloud', 'fake', '--endpoint', 'theirs=catalog')
    assert code == 0
    assert {r['topology'] for r in phases} == {'theirs'}


def test_a_project_template_gets_the_tokens_project(cloud, tmp_path):
    heat, url = cloud
    code, phases = bench(tmp_path, '--os-cloud', 'fake',
                         '--endpoint', f'{url}/v1/%(project_id)s')
    assert code == 0 and [r['status'] for r in phases] == ['COMPLETE'] * 3
    assert all(path.startswith(f'/v1/{PROJECT}/') for _, path, _ in heat.calls)


def test_a_fixed_token_is_sent_and_a_wrong_one_fails_the_run(cloud, tmp_path):
    heat, url = cloud
    heat.token = 'given-by-hand'
    code, phases = bench(tmp_path, '--endpoint', f'{url}/v1/{PROJECT}',
                         '--token', 'given-by-hand')
    assert code == 0 and [r['status'] for r in phases] == ['COMPLETE'] * 3
    code, phases = bench(tmp_path, '--endpoint', f'{url}/v1/{PROJECT}',
                         '--token', 'stale')
    assert code == 1
    assert all(r['status'] == 'FAILED' and '401' in r['reason'] for r in phases)


def test_a_wrong_password_gets_no_token(cloud, tmp_path):
    from keystoneauth1 import exceptions
    with pytest.raises(exceptions.Unauthorized):
        bench(tmp_path, '--os-cloud', 'wrong')


def test_the_catalog_needs_a_cloud(capsys):
    with pytest.raises(SystemExit):
        cli.parse_args(['--endpoint', 'catalog'])
    assert 'give --os-cloud' in capsys.readouterr().err
