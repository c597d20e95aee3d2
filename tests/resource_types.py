"""Resource types a test defines, made available as a plugin_dirs file
would make them: every lookup (one type, or all) finds them."""
import functools

from heat_conv.plugin_interface import plugin_loader
from heat_conv.plugin_interface import registry


def register(monkeypatch, *classes):
    """Make ``classes`` resource types for the test, as a plugin_dirs file
    would: every lookup (one type, or all) finds them."""
    mapping = {cls.type_name: cls for cls in classes}
    # As if the user's catalog had the service: the tests that use this
    # create their stacks without an API in front.
    for cls in classes:
        monkeypatch.setattr(cls, 'check_available',
                            classmethod(lambda cls, services, path=(): None))
    available = registry.available
    monkeypatch.setattr(registry, 'available', lambda cls: cls in classes or available(cls))
    for cached in (plugin_loader.load, plugin_loader.types):
        cached.cache_clear()
    monkeypatch.setattr(plugin_loader, '_from_plugin_dirs', lambda: mapping)
    monkeypatch.setattr(plugin_loader, 'load', functools.cache(plugin_loader.load.__wrapped__))
    monkeypatch.setattr(plugin_loader, 'types', functools.cache(plugin_loader.types.__wrapped__))
