"""Moving over from a running Heat, end to end on the mini-cloud.

OpenStack Heat 27.0.1 (tools/heat27) creates, as the rig's member demo, a
stack of a network, a port, a server on it, a volume and a group of ports
(OS::Heat::ResourceGroup, a nested stack); ``heat-conv-manage import-heat``
reads Heat's database (a dry run first) and heat-conv takes the stack
over, acting through the trust demo gave Heat ([trustee] is Heat's service
user, as in the cut-over of doc/operations.md). heat-conv then renames
the port and scales the group in place, and deletes the stack; Nova's,
Neutron's and Cinder's own APIs show what changed and, at the end, that
nothing is left.
"""
import subprocess
import uuid

import pytest

from tests.functional import all_in_one
from tests.realcloud import heat27_support
from tests.realcloud import keystone_rig
from tests.realcloud import real_stack_support as support

TEMPLATE = {
    'heat_template_version': '2021-04-16',
    'parameters': {'port_name': {'type': 'string', 'default': 'front'},
                   'count': {'type': 'number', 'default': 2}},
    'resources': {
        'net': {'type': 'OS::Neutron::Net'},
        'subnet': {'type': 'OS::Neutron::Subnet',
                   'properties': {'network': {'get_resource': 'net'},
                                  'cidr': '10.79.0.0/24'}},
        'port': {'type': 'OS::Neutron::Port',
                 'properties': {'network': {'get_resource': 'net'},
                                'name': {'get_param': 'port_name'},
                                'fixed_ips': [{'subnet': {'get_resource': 'subnet'}}]}},
        'server': {'type': 'OS::Nova::Server',
                   'properties': {'flavor': 'm1.tiny', 'image': 'cirros',
                                  'networks': [{'port': {'get_resource': 'port'}}]}},
        'volume': {'type': 'OS::Cinder::Volume', 'properties': {'size': 1}},
        'group': {'type': 'OS::Heat::ResourceGroup', 'depends_on': 'subnet',
                  'properties': {'count': {'get_param': 'count'}, 'resource_def': {
                      'type': 'OS::Neutron::Port',
                      'properties': {'network': {'get_resource': 'net'},
                                     'name': 'member-%index%'}}}},
    },
    'outputs': {'server': {'value': {'get_resource': 'server'}},
                'members': {'value': {'get_attr': ['group', 'refs']}}},
}


@pytest.fixture(scope='module')
def heat27(minicloud):
    return heat27_support.Heat27()


class ImportingHeatConv(keystone_rig.KeystoneHeatConv):
    """heat-conv-all whose [trustee] is Heat's service user: the trusts
    the stacks' owners gave Heat are then heat-conv's to use."""

    def __init__(self, state_dir, rig, heat27):
        # Heat's stack user domain too: the imported stack's project there
        # (Heat made one for the server) is deleted with the stack.
        super().__init__(state_dir, rig, extra_conf=heat27.stack_domain_conf)
        head, _, _ = self.conf_file.read_text().partition('[trustee]\n')
        keystone = rig.auth('heat-conv')['auth_url'].rsplit('/v3', 1)[0]
        self.conf_file.write_text(
            head + '[trustee]\nauth_type = password\n'
            f'auth_url = {keystone}\nusername = {heat27.service_user}\n'
            f'password = {heat27.service_password}\nuser_domain_name = Default\n')

    def manage(self, *args):
        return subprocess.run([all_in_one.console_script('heat-conv-manage'),
                               '--config-file', str(self.conf_file), *args],
                              capture_output=True, text=True, timeout=300)


def _objects(admin, project_id, net_id, name):
    """What of the stack the services show (as the admin)."""
    return {
        'ports': {p.id: p.name for p in admin.network.ports(network_id=net_id,
                                                            project_id=project_id)
                  if not p.device_owner.startswith('network:')},
        'servers': {s.id: s.status for s in admin.compute.servers(
            all_projects=True, project_id=project_id) if s.name.startswith(name)},
    }


def test_heat_27_stacks_are_taken_over_updated_and_deleted(
        minicloud, rig, heat27, tmp_path):
    demo_conn = rig.connect('demo')
    admin = support.patient(minicloud, 'admin')
    heat_user = heat27_support.HeatUser(demo_conn)
    name = f'imp-{uuid.uuid4().hex[:6]}'
    stack_id = heat_user.create(name, TEMPLATE)
    service, demo, deleted = None, None, False
    try:
        heat_user.wait(name, stack_id, 'CREATE_COMPLETE')
        service = ImportingHeatConv(tmp_path, rig, heat27)
        done = service.manage('db', 'sync')
        assert done.returncode == 0, done.stderr
        key = ['--auth-encryption-key', heat27.encryption_key] \
            if heat27.encryption_key else []
        args = ['import-heat', '--heat-connection', heat27.db_url,
                '--project', heat_user.project_id, *key]
        dry = service.manage(*args, '--dry-run')
        assert f'would import: {name} ({stack_id}' in dry.stdout, dry.stdout + dry.stderr
        assert '2 stack(s), 8 resource(s)' in dry.stdout, dry.stdout
        done = service.manage(*args)
        assert f'imported: {name} ({stack_id}' in done.stdout, done.stdout + done.stderr
        again = service.manage(*args)
        assert f'already imported: {name}' in again.stdout, again.stdout
        service.start()

        demo = keystone_rig.User(rig, 'demo', service)
        stack = demo.stack(name, stack_id)
        assert stack['stack_status'] == 'CREATE_COMPLETE'
        outputs = {o['output_key']: o['output_value'] for o in stack['outputs']}
        server_id = outputs['server']
        assert len(outputs['members']) == 2
        resources = {r['resource_name']: r['physical_resource_id'] for r in demo.request(
            'GET', f'/stacks/{name}/{stack_id}/resources').json()['resources']}
        net_id, port_id, volume_id = (resources['net'], resources['port'],
                                      resources['volume'])
        before = _objects(admin, heat_user.project_id, net_id, name)
        assert before['ports'][port_id] == 'front'
        assert sorted(n for i, n in before['ports'].items() if i != port_id) == [
            'member-0', 'member-1']

        # Rename the port and scale the group: in place, nothing replaced.
        # The update checks the template against the services as demo sees
        # them (flavor, image, network): slow while the rig is loaded.
        resp = demo.request('PATCH', f'/stacks/{name}/{stack_id}', timeout=240, json={
            'parameters': {'port_name': 'renamed', 'count': 3}})
        assert resp.status_code == 202, resp.text
        demo.wait(name, stack_id, 'UPDATE_COMPLETE', timeout=300)
        after = _objects(admin, heat_user.project_id, net_id, name)
        assert after['ports'][port_id] == 'renamed'
        assert sorted(n for i, n in after['ports'].items() if i != port_id) == [
            'member-0', 'member-1', 'member-2']
        assert set(before['ports']) < set(after['ports'])   # the old members kept
        assert list(after['servers']) == [server_id]
        assert admin.block_storage.get_volume(volume_id).status == 'available'

        resp = demo.request('DELETE', f'/stacks/{name}/{stack_id}', timeout=240)
        assert resp.status_code == 204, resp.text
        demo.wait(name, stack_id, None, timeout=300)
        deleted = True
        assert admin.compute.find_server(server_id, ignore_missing=True,
                                         all_projects=True) is None
        assert admin.network.find_network(net_id, ignore_missing=True) is None
        assert not list(admin.network.ports(project_id=heat_user.project_id,
                                            id=list(after['ports'])))
        assert admin.block_storage.find_volume(volume_id, ignore_missing=True) is None
    finally:
        _clean_up(heat27, heat_user, service, demo, name, stack_id, deleted)


def _clean_up(heat27, heat_user, service, demo, name, stack_id, deleted):
    """Whatever happened, the stack's objects go: deleted by heat-conv if
    it took the stack over, else by Heat; then Heat forgets the stack."""
    try:
        if not deleted and demo is not None and demo.stack(name, stack_id):
            demo.request('DELETE', f'/stacks/{name}/{stack_id}', timeout=240)
            demo.wait(name, stack_id, None, timeout=300)
        elif not deleted and demo is None:
            heat_user.delete(name, stack_id)
    finally:
        heat27.retire([stack_id])
        if service is not None and service.proc is not None:
            service.kill()
