"""Resource types come from entry points and from ``plugin_dirs``."""
import subprocess
import sys
import textwrap

import pytest

from heat_conv.common import config
from heat_conv.common import exception
from heat_conv.plugin_interface import plugin_loader
from heat_conv.plugin_interface import registry

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


def test_every_plugin_class_in_the_package_is_registered(fresh_types):
    """A type written but left out of setup.cfg cannot be used at all
    (OS::Neutron::Subnet was, and every stack with a subnet was refused)."""
    import importlib
    import inspect
    import pkgutil

    import heat_conv.resources
    declared = {}
    for info in pkgutil.walk_packages(heat_conv.resources.__path__,
                                      'heat_conv.resources.'):
        module = importlib.import_module(info.name)
        for _, cls in inspect.getmembers(module, inspect.isclass):
            name = cls.__dict__.get('type_name')
            if cls.__module__ == module.__name__ and isinstance(name, str):
                declared[name] = f'{cls.__module__}:{cls.__qualname__}'
    registered = plugin_loader.types()
    missing = {name: where for name, where in declared.items()
               if name not in registered}
    assert not missing


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
        'from heat_conv.plugin_interface import registry\n'
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
