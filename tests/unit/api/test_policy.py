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
