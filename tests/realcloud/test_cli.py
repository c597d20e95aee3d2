"""The real ``openstack`` CLI and heat-conv's own, with ``--os-cloud``, against
heat-conv registered in the mini-cloud's catalog as ``orchestration``
(http://127.0.0.1:8004/v1/%(tenant_id)s): the clients find heat-conv
through Keystone, as they find Heat."""
import json
import socket

import pytest

from tests.functional import all_in_one
from tests.realcloud import keystone_rig

PORT = 8004
TEMPLATE = """heat_template_version: 2018-08-31
parameters:
  value: {type: string, default: one}
resources:
  a:
    type: OS::Heat::TestResource
    properties: {value: {get_param: value}}
  b:
    type: OS::Heat::TestResource
    properties: {value: {get_attr: [a, output]}}
outputs:
  b: {value: {get_attr: [b, output]}}
"""


def _port_taken(port):
    with socket.socket() as sock:
        return sock.connect_ex(('127.0.0.1', port)) == 0


@pytest.fixture(scope='module')
def heat_conv(rig, tmp_path_factory):
    endpoints = rig.connect('demo').session.auth.get_access(
        rig.connect('demo').session).service_catalog.get_urls(
            service_type='orchestration', interface='public')
    if not any(url.startswith(f'http://127.0.0.1:{PORT}/') for url in endpoints):
        pytest.skip(f'the catalog\'s orchestration endpoint is {endpoints}, not heat-conv '
                    f'on port {PORT} (tools/minicloud orchestration-endpoint)')
    if _port_taken(PORT):
        pytest.skip(f'port {PORT} is taken: heat-conv cannot answer for the catalog')
    service = keystone_rig.KeystoneHeatConv(tmp_path_factory.mktemp('cli'), rig,
                                            api_port=PORT)
    service.start()
    yield service
    service.kill()


@pytest.fixture
def cli(rig, heat_conv, tmp_path):
    template = tmp_path / 'two.yaml'
    template.write_text(TEMPLATE)
    env = all_in_one.client_environment(OS_CLIENT_CONFIG_FILE=str(rig.clouds_yaml))

    def run(program, *args, ok=True):
        argv = [all_in_one.console_script(program), '--os-cloud', 'minicloud-demo', *args]
        done = keystone_rig.run(argv, env)
        assert (done.returncode == 0) == ok, (
            f'{" ".join(argv)} exited {done.returncode}\nstdout:\n{done.stdout}\n'
            f'stderr:\n{done.stderr}\nheat-conv log:\n{heat_conv.log(3000)}')
        return done
    run.template = str(template)
    return run


@pytest.mark.parametrize('program', ['openstack', 'heat-conv'])
def test_create_list_show_delete_through_the_catalog(cli, program):
    name = f'cli-{program}'
    cli(program, 'stack', 'create', '-t', cli.template, '--parameter', 'value=two',
        '--wait', name)
    listed = json.loads(cli(program, 'stack', 'list', '-f', 'json').stdout)
    assert [s['Stack Status'] for s in listed if s['Stack Name'] == name] == \
        ['CREATE_COMPLETE']
    shown = json.loads(cli(program, 'stack', 'show', name, '-f', 'json').stdout)
    assert shown['stack_status'] == 'CREATE_COMPLETE'
    assert [o['output_value'] for o in shown['outputs']] == ['two']
    cli(program, 'stack', 'delete', '--yes', '--wait', name)
    assert name not in {s['Stack Name'] for s in
                        json.loads(cli(program, 'stack', 'list', '-f', 'json').stdout)}
    cli(program, 'stack', 'show', name, ok=False)
