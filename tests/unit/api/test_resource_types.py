"""Resource types a global environment maps are types of every stack: the
type list shows them and they resolve (controllers/resource_types.py)."""
import pytest
from oslo_config import cfg

from heat_conv.hot import global_environment


@pytest.fixture
def operator_environment(tmp_path):
    (tmp_path / 'tripleo.yaml').write_text(
        'resource_registry:\n'
        '  OS::TripleO::Services::Sahara: OS::Heat::None\n'
        '  OS::TripleO::Nowhere: OS::Nova::NotAType\n')
    cfg.CONF.set_override('environment_dir', str(tmp_path))
    global_environment.reset()
    yield
    cfg.CONF.clear_override('environment_dir')
    global_environment.reset()


def test_the_type_list_shows_the_operators_mapped_types(api, operator_environment):
    names = api.get('/resource_types').json['resource_types']
    assert 'OS::TripleO::Services::Sahara' in names
    assert 'OS::TripleO::Nowhere' not in names     # maps to no type heat-conv has
    assert 'OS::Heat::None' in names
    shown = api.get('/resource_types/OS::TripleO::Services::Sahara')
    assert shown.status_int == 200
    assert shown.json['resource_type'] == 'OS::TripleO::Services::Sahara'


def test_a_stack_uses_a_globally_mapped_type(api, operator_environment):
    template = {'heat_template_version': '2018-08-31', 'resources': {
        'svc': {'type': 'OS::TripleO::Services::Sahara'}},
        'outputs': {'o': {'value': {'get_attr': ['svc', 'role_data']}}}}
    resp = api.post('/validate', {'template': template})
    assert resp.status_int == 200, resp.body
