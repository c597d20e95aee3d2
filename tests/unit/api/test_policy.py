"""Authorisation by oslo.policy: Heat's rule names and defaults, a policy
file overrides them, and the checked-in sample is current."""
import os
import subprocess
import sys

import pytest

from heat_conv import policies
from heat_conv.api import router
from heat_conv.common import config
from heat_conv.common import policy

from .helpers import TEMPLATE
from .helpers import assert_fault

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(
    os.path.abspath(__file__)))))
SAMPLE = os.path.join(ROOT, 'etc', 'heat_conv', 'policy.yaml.sample')
GENERATOR_CONF = os.path.join(ROOT, 'etc', 'heat_conv', 'heat_conv-policy-generator.conf')


def test_every_route_names_a_registered_rule():
    registered = {rule.name for rule in policies.list_rules()}
    routed = {route.defaults.get('policy') for route in router.make_mapper().matchlist}
    assert routed - {None} <= registered
    # Only the actions route decides in its controller (one rule per action).
    unchecked = [route.routepath for route in router.make_mapper().matchlist
                 if route.defaults.get('policy') is None]
    assert unchecked == [router.STACK + '/actions']


def test_heat_names_and_defaults():
    rules = {rule.name: rule.check_str for rule in policies.list_rules()}
    assert rules['stacks:create'] == 'role:member and project_id:%(project_id)s'
    assert rules['stacks:index'] == 'role:reader and project_id:%(project_id)s'
    assert rules['stacks:global_index'] == 'rule:context_is_admin'
    assert rules['service:index'] == 'role:admin and project_id:%(project_id)s'
    assert rules['actions:check'] == 'role:reader and project_id:%(project_id)s'


def test_sample_policy_is_current(tmp_path):
    out = tmp_path / 'policy.yaml.sample'
    subprocess.run([os.path.join(os.path.dirname(sys.executable),
                                 'oslopolicy-sample-generator'),
                    '--config-file', GENERATOR_CONF, '--output-file', str(out)],
                   check=True, cwd=ROOT)
    with open(SAMPLE) as f:
        assert out.read_text() == f.read(), (
            'etc/heat_conv/policy.yaml.sample is stale: run "tox -e genpolicy"')


@pytest.fixture
def policy_file(tmp_path):
    path = tmp_path / 'policy.yaml'

    def write(text):
        path.write_text(text)
        config.CONF.set_override('policy_file', str(path), group='oslo_policy')
        policy.reset()
    yield write
    config.CONF.clear_override('policy_file', group='oslo_policy')
    policy.reset()


def test_a_policy_file_overrides_the_defaults(api, policy_file):
    policy_file('"stacks:create": "!"\n"stacks:global_index": "role:member"\n')
    resp = api.post('/stacks', {'stack_name': 'no', 'template': TEMPLATE})
    assert_fault(resp, 403, 'Forbidden', 'stacks:create')
    resp = api.get('/stacks?global_tenant=true', headers={'X-Auth-User': 'bob'})
    assert resp.status_int == 200
    assert resp.json['stacks'] == []


def test_global_listing_is_for_admins_by_default(api, make_stack):
    make_stack()
    assert_fault(api.get('/stacks?global_tenant=true', headers={'X-Auth-User': 'bob'}),
                 403, 'Forbidden', 'stacks:global_index')
    listed = api.as_tenant('other').get('/stacks?global_tenant=true').json['stacks']
    assert [s['project'] for s in listed] == ['t1']


def test_each_action_has_its_rule(api, stack, policy_file):
    policy_file('"actions:cancel_update": "!"\n')
    resp = api.post(stack[2] + '/actions', {'cancel_update': None})
    assert_fault(resp, 403, 'Forbidden', 'actions:cancel_update')


def _one(type_name, properties=None):
    return {'heat_template_version': '2015-10-15',
            'resources': {'r': {'type': type_name, 'properties': properties or {}}}}


MEMBER = {'X-Auth-User': 'bob'}


@pytest.mark.parametrize('type_name', ['OS::Nova::Flavor', 'OS::Nova::HostAggregate',
                                       'OS::Cinder::VolumeType', 'OS::Keystone::Project',
                                       'OS::Keystone::Domain',
                                       'OS::Keystone::UserRoleAssignment'])
def test_a_member_may_not_use_the_admin_only_types(api, type_name):
    # A 403 naming the type, as in Heat, before the type is even looked up:
    # also for a type heat-conv lacks, and for a namespace's wildcard rule.
    for path in ('/stacks', '/stacks/preview'):
        resp = api.post(path, {'stack_name': 'no', 'template': _one(type_name)},
                        headers=MEMBER)
        assert_fault(resp, 403, 'Forbidden', f'You are not authorized to use {type_name}.')
    listed = api.get('/resource_types', headers=MEMBER).json['resource_types']
    assert type_name not in listed
    assert 'OS::Heat::TestResource' in listed
    assert_fault(api.get(f'/resource_types/{type_name}', headers=MEMBER), 403, 'Forbidden',
                 type_name)


def test_an_admin_may_use_them_and_a_members_update_may_not_add_one(api):
    # The admin gets past the policy to the type's own answer.
    resp = api.post('/stacks', {'stack_name': 'agg', 'template': _one('OS::Nova::HostAggregate')})
    assert_fault(resp, 400, contains='OS::Nova::HostAggregate')
    # A member's update that adds one is refused too.
    name = 'mine'
    created = api.post('/stacks', {'stack_name': name, 'template': TEMPLATE}, headers=MEMBER)
    assert created.status_int == 201, created.body
    stack_id = created.json['stack']['id']
    resp = api.put(f'/stacks/{name}/{stack_id}',
                   {'template': _one('OS::Nova::Flavor', {'ram': 1, 'vcpus': 1})},
                   headers=MEMBER)
    assert_fault(resp, 403, 'Forbidden', 'OS::Nova::Flavor')


def test_a_policy_file_rule_governs_any_type(api, policy_file):
    policy_file('"resource_types:OS::Heat::TestResource": "!"\n')
    assert_fault(api.post('/stacks', {'stack_name': 'no', 'template': TEMPLATE}), 403,
                 'Forbidden', 'OS::Heat::TestResource')
    assert 'OS::Heat::TestResource' not in api.get('/resource_types').json['resource_types']
