"""Where resource types come from: entry points, then ``plugin_dirs``.

Every type, heat-conv's own included, is registered as an entry point in the
``heat_conv.resources`` namespace (name: the type, value: ``module:Class``),
so the registry imports no type and an installed package can add types
without patching heat-conv. An operator can also drop a Python file into one
of the ``plugin_dirs`` (Heat's option and convention): each module there
that has a ``resource_mapping()`` function adds the types it returns
(``{type name: class}``), and may replace a built-in one.
"""
import functools
import importlib.util
import logging
import pathlib

import stevedore
from oslo_config import cfg
from stevedore import exception as stevedore_exc

LOG = logging.getLogger(__name__)

NAMESPACE = 'heat_conv.resources'
# The class a template resource (a type mapped to a template file) runs as.
TEMPLATE_NAMESPACE = 'heat_conv.template_resources'

plugin_opts = [
    cfg.ListOpt('plugin_dirs', default=[],
                help='Directories to search for resource type plugins: every '
                     '.py file there with a resource_mapping() function (returning '
                     '{type name: plugin class}) adds those types, replacing a '
                     'built-in type of the same name. Read once, at start.'),
]

cfg.CONF.register_opts(plugin_opts)


def list_opts():
    return [(None, plugin_opts)]


@functools.cache
def types():
    """Type name -> plugin class of every type, loaded once per process (a
    listing of types needs them all; a step needs only its own: ``load``)."""
    found = {}
    manager = stevedore.ExtensionManager(
        NAMESPACE, invoke_on_load=False, on_load_failure_callback=_load_failed)
    for extension in manager:
        if _declares(extension.plugin, extension.name, extension.entry_point_target):
            found[extension.name] = extension.plugin
    found.update(_from_plugin_dirs())
    return found


@functools.cache
def load(type_name):
    """The plugin class of one type, or None: only its own module is
    imported, so a process that runs a few types never loads the rest."""
    if type_name in _from_plugin_dirs():
        return _from_plugin_dirs()[type_name]
    try:
        manager = stevedore.DriverManager(NAMESPACE, type_name, invoke_on_load=False,
                                          on_load_failure_callback=_load_failed)
    except stevedore_exc.NoMatches:   # no such type, or its plugin failed to load
        return None
    cls = manager.driver
    return cls if _declares(cls, type_name, manager.extensions[0].entry_point_target) \
        else None


def _declares(cls, type_name, target):
    declared = getattr(cls, 'type_name', None)
    if declared != type_name:
        LOG.error('resource plugin %s registers type %s but says it is %s; '
                  'not loaded', target, type_name, declared)
        return False
    return True


@functools.cache
def _from_plugin_dirs():
    found = {}
    for directory in cfg.CONF.plugin_dirs:
        found.update(_from_directory(pathlib.Path(directory)))
    return found


@functools.cache
def template_resource_class():
    return stevedore.DriverManager(TEMPLATE_NAMESPACE, 'default').driver


def _load_failed(manager, entry_point, exc):
    # One broken plugin package must not take every type down with it.
    LOG.error('resource plugin %s could not be loaded: %s', entry_point, exc)


def _from_directory(directory):
    if not directory.is_dir():
        LOG.warning('plugin_dirs: %s is not a directory; skipped', directory)
        return {}
    found = {}
    for path in sorted(directory.glob('*.py')):
        try:
            mapping = _load_module(path).resource_mapping
        except AttributeError:
            continue   # a helper module of the plugins, not a plugin
        except Exception as exc:
            LOG.error('resource plugin file %s could not be loaded: %s', path, exc)
            continue
        for type_name, cls in mapping().items():
            LOG.info('resource type %s from %s', type_name, path)
            found[type_name] = cls
    return found


def _load_module(path):
    spec = importlib.util.spec_from_file_location(
        f'heat_conv_plugin_{path.stem}', path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module
