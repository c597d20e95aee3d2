"""The real-cloud issue's bad input and faults, end to end on the
mini-cloud: a member's stack through the real ``openstack`` CLI and
heat-conv with Keystone auth, checked through the services' own APIs.

- a quota Nova enforces: the server fails with Nova's message;
- an image or a flavor that does not exist: a 400 at create naming the
  property, and nothing made;
- another project's network: Neutron's refusal is the resource's failure,
  and nothing is made in either project;
- a service that is down: the resource fails naming the service, after
  client_retry_limit retries, and the stack does not hang.
"""
import uuid

import pytest

from tests.realcloud import catalog_proxy
from tests.realcloud import keystone_rig
from tests.realcloud import real_stack_support as support

SERVER = """heat_template_version: 2018-08-31
parameters:
  image: {type: string, default: cirros}
  flavor: {type: string, default: m1.tiny}
resources:
  server:
    type: OS::Nova::Server
    properties:
      image: {get_param: image}
      flavor: {get_param: flavor}
      networks: [{allocate_network: none}]
"""


@pytest.fixture(scope='module')
def heat_conv(rig, tmp_path_factory):
    service = support.start_heat_conv(rig, tmp_path_factory.mktemp('real-faults'))
    yield service
    service.kill()


@pytest.fixture
def watch(minicloud, heat_conv):
    yield from support.watching(minicloud, heat_conv.db_url)


def _template(tmp_path, text, name='t.yaml'):
    path = tmp_path / name
    path.write_text(text)
    return str(path)


def _failed_resource(cli, name, resource):
    shown = cli.json('stack', 'resource', 'show', name, resource)
    assert shown['resource_status'] == 'CREATE_FAILED', shown
    return shown['resource_status_reason']


@pytest.fixture
def quota_project(minicloud):
    """A project of its own with a member and an instances quota of 0 (the
    shared demo project's quotas stay as other sessions need them); its
    cloud entry for clouds.yaml. Removed after the test."""
    admin = support.patient(minicloud, 'admin')
    identity = admin.identity
    suffix = uuid.uuid4().hex[:8]
    project = identity.create_project(name=f'heat-conv-quota-{suffix}', domain_id='default')
    password = uuid.uuid4().hex
    user = identity.create_user(name=f'heat-conv-quota-{suffix}', password=password,
                                default_project_id=project.id, domain_id='default')
    try:
        member = identity.find_role('member', ignore_missing=False)
        identity.assign_project_role_to_user(project, user, member)
        admin.set_compute_quotas(project.id, instances=0)
        entry = {'auth': {'auth_url': 'http://127.0.0.1:5000/v3',
                          'username': user.name, 'password': password,
                          'project_id': project.id, 'user_domain_name': 'Default'},
                 'region_name': 'RegionOne', 'identity_api_version': 3}
        yield project, entry
    finally:
        identity.delete_user(user)
        identity.delete_project(project)


def test_a_quota_nova_enforces_fails_the_server_with_novas_message(
        rig, heat_conv, quota_project, minicloud, tmp_path):
    project, entry = quota_project
    cli = support.Cli(rig, heat_conv, tmp_path, user='quota', cloud=entry)
    name = support.unique('quota')
    cli('stack', 'create', '-t', _template(tmp_path, SERVER), '--wait', name, ok=False)
    assert cli.stack(name)['stack_status'] == 'CREATE_FAILED'
    reason = _failed_resource(cli, name, 'server')
    assert 'Nova' in reason and 'Quota exceeded for instances' in reason, reason
    admin = support.patient(minicloud, 'admin')
    assert list(admin.compute.servers(all_projects=True, project_id=project.id)) == []
    cli('stack', 'delete', '--yes', '--wait', name)


@pytest.mark.parametrize('prop, value', [('image', 'no-such-image'),
                                         ('flavor', 'no-such-flavor')])
def test_an_image_or_flavor_that_does_not_exist_is_a_400_naming_the_property(
        rig, heat_conv, watch, tmp_path, prop, value):
    cli = support.Cli(rig, heat_conv, tmp_path)
    name = support.unique('missing')
    done = cli('stack', 'create', '-t', _template(tmp_path, SERVER),
               '--parameter', f'{prop}={value}', name, ok=False)
    said = done.stderr + done.stdout
    assert f'resources.server.properties.{prop}' in said and value in said, said
    # The CLI prints the message only; the API's answer is a 400.
    demo = keystone_rig.User(rig, 'demo', heat_conv)
    resp = demo.request('POST', '/stacks', json={
        'stack_name': name, 'template': SERVER, 'parameters': {prop: value}})
    assert resp.status_code == 400, resp.text
    assert f'resources.server.properties.{prop}' in resp.json()['error']['message']
    assert name not in {s['Stack Name'] for s in cli.json('stack', 'list')}
    assert watch.look() == {}


@pytest.fixture
def alt_network(minicloud):
    """A network of alt's project; removed after the test."""
    alt = support.patient(minicloud, 'alt').network
    network = alt.create_network(name=support.unique('heat-conv-alt'))
    yield network
    alt.delete_network(network, ignore_missing=True)


PORT_ON = """heat_template_version: 2018-08-31
parameters:
  network: {type: string}
resources:
  # Through a value known only when the stack runs, so that Neutron itself
  # is asked (a literal id is refused at create: the next test).
  network_id:
    type: OS::Heat::Value
    properties: {value: {get_param: network}}
  port:
    type: OS::Neutron::Port
    properties:
      network: {get_attr: [network_id, value]}
"""


def test_another_projects_network_fails_the_port_with_neutrons_refusal(
        rig, heat_conv, watch, alt_network, minicloud, tmp_path):
    cli = support.Cli(rig, heat_conv, tmp_path)
    admin = support.patient(minicloud, 'admin')
    alt_ports = {p.id for p in admin.network.ports(network_id=alt_network.id)}
    name = support.unique('alt-net')
    cli('stack', 'create', '-t', _template(tmp_path, PORT_ON), '--parameter',
        f'network={alt_network.id}', '--wait', name, ok=False)
    assert cli.stack(name)['stack_status'] == 'CREATE_FAILED'
    reason = _failed_resource(cli, name, 'port')
    assert alt_network.id in reason and 'Neutron' in reason, reason
    assert watch.look() == {}
    assert {p.id for p in admin.network.ports(network_id=alt_network.id)} == alt_ports
    cli('stack', 'delete', '--yes', '--wait', name)


def test_another_projects_network_given_literally_is_a_400(
        rig, heat_conv, watch, alt_network, tmp_path):
    cli = support.Cli(rig, heat_conv, tmp_path)
    template = PORT_ON.replace('{get_attr: [network_id, value]}', '{get_param: network}')
    name = support.unique('alt-net')
    done = cli('stack', 'create', '-t', _template(tmp_path, template), '--parameter',
               f'network={alt_network.id}', name, ok=False)
    said = done.stderr + done.stdout
    assert 'resources.port.properties.network' in said and alt_network.id in said, said
    assert watch.look() == {}


VOLUME = """heat_template_version: 2018-08-31
resources:
  volume:
    type: OS::Cinder::Volume
    properties: {size: 1}
"""


class _ThroughProxy(keystone_rig.Rig):
    """The rig, with heat-conv's Keystone at the proxy's address."""

    def __init__(self, rig, keystone_url):
        super().__init__(rig.clouds_yaml)
        self.keystone_url = keystone_url

    def auth(self, user):
        return dict(super().auth(user), auth_url=f'{self.keystone_url}/v3')


def test_a_service_that_is_down_fails_the_resource_naming_it(rig, minicloud, tmp_path):
    # Through the API (the CLI finds the catalog's heat-conv, the module's).
    with catalog_proxy.with_service_down('http://127.0.0.1:8776') as proxy:
        (tmp_path / 'heat-conv').mkdir()
        service = keystone_rig.KeystoneHeatConv(
            tmp_path / 'heat-conv', _ThroughProxy(rig, proxy.url),
            extra_conf='client_retry_limit = 2\n')
        service.start()
        watch = support.Watch(minicloud, service.db_url)
        try:
            demo = keystone_rig.User(rig, 'demo', service)
            name = support.unique('down')
            stack_id = demo.create(name, VOLUME)
            stack = demo.wait(name, stack_id, 'CREATE_FAILED', timeout=240)
            resp = demo.request('GET', f'/stacks/{name}/{stack_id}/resources/volume')
            resource = resp.json()['resource']
            assert resource['resource_status'] == 'CREATE_FAILED', resource
            reason = resource['resource_status_reason']
            assert 'Cinder' in reason and 'onnect' in reason, reason
            assert reason in stack['stack_status_reason'], stack
            # Each call was tried client_retry_limit more times, and no more.
            log = service.log(10 ** 6)
            assert 'retry 2 of 2' in log and 'retry 3 of' not in log, service.log()
            assert watch.look() == {}
            resp = demo.request('DELETE', f'/stacks/{name}/{stack_id}')
            assert resp.status_code == 204, resp.text
            demo.wait(name, stack_id, None)
        finally:
            service.kill()
            left = watch.sweep()
            assert not left, f'the sweep could not delete {left}'
