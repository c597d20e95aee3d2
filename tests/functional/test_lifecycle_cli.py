"""Stack lifecycle actions through the real ``openstack`` CLI against
heat-conv-all: suspend and resume, abandon, adopt and export, snapshots."""
import json

import pytest
import requests

from tests.functional.all_in_one import AllInOne
from tests.functional.all_in_one import Clients
from tests.functional.all_in_one import sample

FAN_RESOURCES = ('source', 'worker_a', 'worker_b', 'worker_c', 'collector')


@pytest.fixture(scope='module')
def service(tmp_path_factory):
    running = AllInOne(tmp_path_factory.mktemp('lifecycle')).start()
    yield running
    running.kill()


@pytest.fixture(scope='module')
def clients(service):
    return Clients(service)


def cloud_objects(service, stack_id=None):
    params = {'stack_id': stack_id} if stack_id else {}
    resp = requests.get(f'http://127.0.0.1:{service.cloud_port}/v1/objects',
                        params=params, timeout=10)
    resp.raise_for_status()
    return resp.json()['objects']


def test_suspend_and_resume(service, clients):
    osc = clients.openstack
    osc('stack', 'create', '-t', sample('fan.yaml'), 'sus', '--wait', '--poll', '1')
    stack_id = service.stack('sus')['id']
    osc('stack', 'suspend', 'sus', '--wait')
    assert service.stack('sus')['stack_status'] == 'SUSPEND_COMPLETE'
    assert {o['status'] for o in cloud_objects(service, stack_id)} == {'SUSPENDED'}
    listed = json.loads(osc('stack', 'resource', 'list', 'sus', '-f', 'json').stdout)
    assert {r['resource_status'] for r in listed} == {'SUSPEND_COMPLETE'}

    refused = osc('stack', 'update', '--existing', '--parameter', 'greeting=x', 'sus',
                  ok=False)
    assert 'Updating a stack when it is suspended is not supported' in refused.stderr

    osc('stack', 'resume', 'sus', '--wait')
    assert service.stack('sus')['stack_status'] == 'RESUME_COMPLETE'
    assert {o['status'] for o in cloud_objects(service, stack_id)} == {'ACTIVE'}
    events = json.loads(osc('stack', 'event', 'list', 'sus', '-f', 'json').stdout)
    statuses = [(e['resource_name'], e['resource_status']) for e in events]
    assert ('sus', 'SUSPEND_COMPLETE') in statuses
    assert ('source', 'RESUME_COMPLETE') in statuses
    osc('stack', 'delete', '--yes', 'sus', '--wait')


def test_export_abandon_then_adopt(service, clients, tmp_path):
    osc = clients.openstack
    osc('stack', 'create', '-t', sample('fan.yaml'), 'ab', '--wait', '--poll', '1')
    ids = service.physical_ids('ab')
    outputs = service.outputs('ab')
    before = cloud_objects(service)
    exported = tmp_path / 'export.json'
    osc('stack', 'export', 'ab', '--output-file', str(exported))
    assert service.stack('ab')['stack_status'] == 'CREATE_COMPLETE'
    doc_file = tmp_path / 'abandon.json'
    osc('stack', 'abandon', 'ab', '--output-file', str(doc_file))
    doc = json.loads(doc_file.read_text())
    assert doc == json.loads(exported.read_text())
    assert {n: r['resource_id'] for n, r in doc['resources'].items()} == ids
    assert service.stack('ab') is None
    assert cloud_objects(service) == before

    osc('stack', 'adopt', '--adopt-file', str(doc_file), 'ab2', '--wait')
    assert service.stack('ab2')['stack_status'] == 'ADOPT_COMPLETE'
    assert service.physical_ids('ab2') == ids
    assert service.outputs('ab2') == outputs
    assert cloud_objects(service) == before, 'adopt creates and changes nothing'
    osc('stack', 'delete', '--yes', 'ab2', '--wait')
    assert not {o['id'] for o in cloud_objects(service)} & set(ids.values())


def test_snapshot_create_list_show_restore_delete(service, clients):
    osc = clients.openstack
    osc('stack', 'create', '-t', sample('fan.yaml'), 'snap', '--wait', '--poll', '1')
    outputs = service.outputs('snap')
    created = json.loads(osc('stack', 'snapshot', 'create', 'snap', '--name', 'first',
                             '-f', 'json').stdout)
    assert (created['name'], created['status']) == ('first', 'IN_PROGRESS')
    service.wait_for('snap', 'SNAPSHOT_COMPLETE')
    listed = json.loads(osc('stack', 'snapshot', 'list', 'snap', '-f', 'json').stdout)
    assert [s['id'] for s in listed] == [created['ID']]
    shown = osc('stack', 'snapshot', 'show', 'snap', created['ID'], '-f', 'json').stdout
    assert json.loads(shown)['snapshot']['data']['template']['resources'].keys() == \
        set(FAN_RESOURCES)

    osc('stack', 'update', '--existing', '--parameter', 'greeting=bye', 'snap', '--wait')
    assert service.outputs('snap') != outputs
    osc('stack', 'snapshot', 'restore', 'snap', created['ID'])
    service.wait_for('snap', 'RESTORE_COMPLETE')
    assert service.outputs('snap') == outputs

    osc('stack', 'snapshot', 'delete', 'snap', created['ID'], '-y')
    assert json.loads(osc('stack', 'snapshot', 'list', 'snap', '-f', 'json').stdout) == []
    osc('stack', 'delete', '--yes', 'snap', '--wait')


def test_restricted_actions_and_external_id(service, clients, tmp_path):
    osc = clients.openstack
    template = tmp_path / 'bar.yaml'
    template.write_text('heat_template_version: 2016-10-14\n'
                        'parameters:\n  v: {type: string, default: a}\n'
                        'resources:\n  bar:\n    type: OS::Heat::TestResource\n'
                        '    properties: {value: {get_param: v}}\n')
    env = tmp_path / 'env.yaml'
    env.write_text('resource_registry:\n  resources:\n'
                   '    bar: {restricted_actions: [update, replace]}\n')
    osc('stack', 'create', '-t', str(template), 'restr', '--wait', '--poll', '1')
    failed = osc('stack', 'update', '-t', str(template), '-e', str(env), '--parameter',
                 'v=b', 'restr', '--wait', ok=False)
    assert 'UPDATE_FAILED' in failed.stdout + failed.stderr
    events = json.loads(osc('stack', 'event', 'list', 'restr', '--resource', 'bar',
                            '-f', 'json').stdout)
    assert 'update is restricted for resource.' in {e['resource_status_reason']
                                                    for e in events}
    assert service.resource_status('restr', 'bar') == 'CREATE_COMPLETE'

    object_id = service.physical_ids('restr')['bar']
    # A live stack's object may not be taken over by another (issue 27):
    # restr lets it go first, and it is removed by hand at the end.
    osc('stack', 'abandon', 'restr', '--output-file', str(tmp_path / 'restr.json'))
    external = tmp_path / 'external.yaml'
    external.write_text('heat_template_version: 2016-10-14\n'
                        'resources:\n  bar:\n    type: OS::Heat::TestResource\n'
                        f'    external_id: {object_id}\n'
                        'outputs:\n  ref: {value: {get_resource: bar}}\n')
    osc('stack', 'create', '-t', str(external), 'ext', '--wait', '--poll', '1')
    assert service.outputs('ext') == {'ref': object_id}
    removed = tmp_path / 'removed.yaml'
    removed.write_text('heat_template_version: 2016-10-14\n'
                       'resources:\n  bar:\n    type: OS::Heat::TestResource\n')
    osc('stack', 'update', '-t', str(removed), 'ext', '--wait', ok=False)
    service.wait_for('ext', 'UPDATE_FAILED')
    assert service.stack('ext')['stack_status_reason'].endswith(
        'NotSupported: resources.bar: Update to property external_id of bar '
        '(OS::Heat::TestResource) is not supported.')
    osc('stack', 'delete', '--yes', 'ext', '--wait')
    assert object_id in {o['id'] for o in cloud_objects(service)}, 'never deleted'
    requests.delete(f'http://127.0.0.1:{service.cloud_port}/v1/objects/{object_id}',
                    timeout=10).raise_for_status()


def test_update_back_after_a_failed_replacement_keeps_the_original(service, clients,
                                                                   tmp_path):
    osc = clients.openstack
    template = tmp_path / 'rep.yaml'
    template.write_text('heat_template_version: 2016-10-14\n'
                        'parameters:\n  gen: {type: string, default: "1"}\n'
                        '  fail: {type: boolean, default: false}\n'
                        'resources:\n  server:\n    type: OS::Heat::TestResource\n'
                        '    properties: {update_replace_value: {get_param: gen},\n'
                        '                 fail: {get_param: fail}}\n')
    osc('stack', 'create', '-t', str(template), 'back', '--wait', '--poll', '1')
    original = service.physical_ids('back')['server']
    osc('stack', 'update', '-t', str(template), '--parameter', 'gen=2', '--parameter',
        'fail=true', 'back', '--wait', ok=False)
    service.wait_for('back', 'UPDATE_FAILED')
    osc('stack', 'update', '-t', str(template), 'back', '--wait')
    service.wait_for('back', 'UPDATE_COMPLETE')
    assert service.physical_ids('back') == {'server': original}
    osc('stack', 'delete', '--yes', 'back', '--wait')


def test_custom_constraints_are_checked(clients, tmp_path):
    template = tmp_path / 'ip.yaml'
    template.write_text('heat_template_version: 2016-10-14\n'
                        'parameters:\n  addr: {type: string, constraints: '
                        '[{custom_constraint: ip_addr}]}\n'
                        '  flavor: {type: string, default: m1.small}\n'
                        'resources:\n  r:\n    type: OS::Heat::Value\n'
                        '    properties: {value: {get_param: addr}}\n')
    refused = clients.openstack('stack', 'create', '-t', str(template), '--parameter',
                                'addr=10.0.0.300', 'cc', ok=False)
    assert "Error validating value '10.0.0.300': Invalid IP address" in refused.stderr
    checked = clients.openstack('orchestration', 'template', 'validate', '-t',
                                str(template), '--parameter', 'addr=10.0.0.3')
    assert 'ip_addr' in checked.stdout


def test_a_tree_of_stacks_suspends_resumes_abandons_and_adopts(service, clients, tmp_path):
    """sample-templates/nested: a template resource, a registry-mapped one
    and an OS::Heat::Stack, each a child stack with one cloud object."""
    osc = clients.openstack
    osc('stack', 'create', '-t', sample('nested/web.yaml'), '-e', sample('nested/env.yaml'),
        'tree', '--wait', '--poll', '1')
    outputs = service.outputs('tree')
    before = cloud_objects(service)
    assert len(before) == 3
    osc('stack', 'suspend', 'tree', '--wait')
    assert {o['status'] for o in cloud_objects(service)} == {'SUSPENDED'}
    nested = json.loads(osc('stack', 'list', '--nested', '-f', 'json').stdout)
    assert {s['Stack Status'] for s in nested if 'tree' in s['Stack Name']} == \
        {'SUSPEND_COMPLETE'}, 'every stack of the tree is suspended'
    osc('stack', 'resume', 'tree', '--wait')
    assert {o['status'] for o in cloud_objects(service)} == {'ACTIVE'}
    before = cloud_objects(service)

    doc_file = tmp_path / 'tree.json'
    osc('stack', 'abandon', 'tree', '--output-file', str(doc_file))
    doc = json.loads(doc_file.read_text())
    probe = doc['resources']['monitor']['resources']['probe']
    assert probe['resource_id'] in {o['id'] for o in before}
    after_abandon = json.loads(osc('stack', 'list', '--nested', '-f', 'json').stdout)
    assert not [s for s in after_abandon if 'tree' in s['Stack Name']], \
        'abandon forgets the child stacks too'
    assert [o['id'] for o in cloud_objects(service)] == [o['id'] for o in before]

    osc('stack', 'adopt', '--adopt-file', str(doc_file), 'tree2', '--wait')
    assert service.stack('tree2')['stack_status'] == 'ADOPT_COMPLETE'
    adopted = service.outputs('tree2')
    # backend_stack is the child stack's ARN: a new child, the same objects.
    assert adopted.pop('backend_stack') != outputs.pop('backend_stack')
    assert adopted == outputs
    assert cloud_objects(service) == before, 'adopt creates and changes nothing'
    osc('stack', 'delete', '--yes', 'tree2', '--wait')
    assert cloud_objects(service) == []
