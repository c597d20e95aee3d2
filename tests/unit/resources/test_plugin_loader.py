"""Resource types come from entry points and from ``plugin_dirs``."""
import subprocess
import sys
import textwrap

import pytest

from heat_conv.common import config
from heat_conv.common import exception
from heat_conv.resources import plugin_loader
from heat_conv.resources import registry

PLUGIN = textwrap.dedent('''
    from heat_conv.resources.heat import simple


    class Greeting(simple.Value):
        type_name = 'Acme::Greeting'


    class LoudValue(simple.Value):
        type_name = 'OS::Heat::Value'


    def resource_mapping():
        return {'Acme::Greeting': Greeting, 'OS::Heat::Value': LoudValue}
''')


def _forget_loaded_types():
    for cached in (plugin_loader.types, plugin_loader.load, plugin_loader._from_plugin_dirs):
        cached.cache_clear()


@pytest.fixture
def fresh_types():
    _forget_loaded_types()
    yield
    config.CONF.clear_override('plugin_dirs')
    _forget_loaded_types()


def test_every_built_in_type_is_an_entry_point(fresh_types):
    names = registry.names()
    assert {'OS::Heat::TestResource', 'OS::Heat::Dummy', 'OS::Heat::ResourceGroup',
            'OS::Heat::WaitCondition', 'OS::Heat::WaitConditionHandle'} <= set(names)
    assert registry.get('OS::Heat::WaitCondition').type_name == 'OS::Heat::WaitCondition'


def test_every_openstack_type_in_the_tree_is_registered(fresh_types):
    """A plugin class written but not listed in setup.cfg is a type a
    template cannot use (OS::Neutron::Subnet was one)."""
    import importlib
    import pkgutil

    from heat_conv.resources import openstack
    written = {}
    for module in pkgutil.walk_packages(openstack.__path__, openstack.__name__ + '.'):
        for value in vars(importlib.import_module(module.name)).values():
            type_name = getattr(value, 'type_name', None)
            if isinstance(value, type) and isinstance(type_name, str) and \
                    type_name.startswith('OS::') and value.__module__ == module.name:
                written[type_name] = value
    assert 'OS::Neutron::Subnet' in written
    loaded = plugin_loader.types()
    assert sorted(set(written) - set(loaded)) == []
    assert {name: loaded[name] for name in written} == written


def test_a_plugin_dir_adds_and_replaces_types(tmp_path, fresh_types):
    (tmp_path / 'acme.py').write_text(PLUGIN)
    (tmp_path / 'helpers.py').write_text('VALUE = 1\n')   # no resource_mapping
    config.CONF.set_override('plugin_dirs', [str(tmp_path)])
    assert registry.get('Acme::Greeting').__name__ == 'Greeting'
    assert registry.get('OS::Heat::Value').__name__ == 'LoudValue'
    assert 'Acme::Greeting' in registry.names()


def test_a_broken_plugin_file_costs_only_its_own_types(tmp_path, fresh_types):
    (tmp_path / 'broken.py').write_text('raise RuntimeError("boom")\n')
    config.CONF.set_override('plugin_dirs', [str(tmp_path), str(tmp_path / 'missing')])
    assert registry.get('OS::Heat::TestResource')
    with pytest.raises(exception.UnknownResourceType):
        registry.get('Acme::Greeting')


def test_one_type_is_loaded_without_the_others(tmp_path):
    """A process that runs a few types imports only their modules."""
    script = (
        'import sys\n'
        'from heat_conv.resources import registry\n'
        'registry.get("OS::Heat::Value")\n'
        'print(sorted(m for m in sys.modules if m.startswith("heat_conv.resources.")))\n')
    done = subprocess.run([sys.executable, '-c', script], capture_output=True, text=True,
                          check=True)
    loaded = done.stdout.strip()
    assert 'heat_conv.resources.heat.simple' in loaded
    for other in ('heat_conv.resources.heat.resource_group',
                  'heat_conv.resources.simulated.test_resource',
                  'heat_conv.resources.openstack.nova.server'):
        assert other not in loaded
