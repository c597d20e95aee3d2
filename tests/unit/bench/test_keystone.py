"""heat-conv-bench behind Keystone, against a small local Keystone and Heat:
the token comes from clouds.yaml through keystoneauth, the orchestration
endpoint from the token's catalog, and Heat answers 401 to any call
without the token, so a run that is not authenticated fails."""
import json

import pytest
import yaml

from heat_conv.bench import cli
from tests.unit.bench.fake_openstack import PROJECT
from tests.unit.bench.fake_openstack import Heat
from tests.unit.bench.fake_openstack import Keystone
from tests.unit.bench.fake_openstack import serve


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
