"""The global environment: heat-conv's default aliases and the files an
operator puts in ``environment_dir``, under every stack's own registry."""
import pytest
from oslo_config import cfg

from heat_conv.hot import global_environment
from heat_conv.hot import resource_registry as rr


@pytest.fixture
def environment_dir(tmp_path):
    cfg.CONF.set_override('environment_dir', str(tmp_path))
    global_environment.reset()
    yield tmp_path
    cfg.CONF.clear_override('environment_dir')
    global_environment.reset()


def test_heats_default_aliases_apply_to_every_stack(environment_dir):
    registry = rr.ResourceRegistry()
    assert registry.resolve('OS::Ceilometer::Alarm') == ('OS::Aodh::Alarm', None)
    assert registry.resolve('OS::Quantum::Net') == ('OS::Neutron::Net', None)


def test_an_operators_mappings_apply_and_a_stacks_own_win(environment_dir):
    (environment_dir / 'tripleo.yaml').write_text(
        'resource_registry:\n'
        '  OS::TripleO::Services::Sahara: OS::Heat::None\n'
        '  OS::TripleO::Services::Ntp: OS::Heat::TestResource\n')
    (environment_dir / 'README').write_text('not an environment')
    global_environment.reset()
    assert rr.ResourceRegistry().resolve('OS::TripleO::Services::Sahara') == (
        'OS::Heat::None', None)
    own = rr.ResourceRegistry({'OS::TripleO::Services::Ntp': 'OS::Heat::Value'})
    assert own.resolve('OS::TripleO::Services::Ntp') == ('OS::Heat::Value', None)
    assert global_environment.aliases() == {
        'OS::TripleO::Services::Sahara': 'OS::Heat::None',
        'OS::TripleO::Services::Ntp': 'OS::Heat::TestResource'}


def test_a_broken_file_is_skipped_and_named_in_the_log(environment_dir, caplog):
    (environment_dir / 'a.yaml').write_text('resource_registry: [not, a, map]\n')
    (environment_dir / 'b.yaml').write_text('resource_registry: {My::T: OS::Heat::None}\n')
    global_environment.reset()
    assert rr.ResourceRegistry().resolve('My::T') == ('OS::Heat::None', None)
    assert 'a.yaml' in caplog.text
