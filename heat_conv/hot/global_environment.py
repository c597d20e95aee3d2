"""The global environment: resource type mappings for every stack.

heat-conv's own defaults (``environment.d/default.yaml`` beside this
module: Heat's aliases) come first, then every ``*.yaml`` file of the
``environment_dir`` option's directory in name order (Heat's option and
convention), a later file's mapping replacing an earlier one's. A stack's
own registry is looked up before these. A file that cannot be read is
skipped and named in the log, as Heat does, so one bad file does not stop
every stack.
"""
import functools
import logging
import pathlib

from oslo_config import cfg

from heat_conv.common import exception
from heat_conv.hot import type_mappings
from heat_conv.hot import yaml_loader

LOG = logging.getLogger(__name__)

DEFAULTS = pathlib.Path(__file__).parent / 'environment.d'

environment_opts = [
    cfg.StrOpt('environment_dir', default='/etc/heat_conv/environment.d',
               help='The directory to search for environment files: the '
                    'resource_registry of each .yaml file there applies to every '
                    'stack, under the stack\'s own (Heat\'s global environment). '
                    'heat-conv\'s default aliases (OS::Ceilometer::* -> '
                    'OS::Aodh::*, OS::Quantum* -> OS::Neutron*) apply first. Read '
                    'once, at start.'),
]

cfg.CONF.register_opts(environment_opts)


def list_opts():
    return [(None, environment_opts)]


@functools.cache
def mappings():
    """{type or type prefix*: target} of the global environment."""
    found = {}
    for path in _files():
        try:
            found.update(_read(path))
        except (OSError, exception.InvalidTemplate) as exc:
            LOG.error('Global environment file %s skipped: %s', path, exc)
    return found


def aliases():
    """The global environment's mappings of whole type names (no wildcards)."""
    return {name: target for name, target in mappings().items()
            if not name.endswith('*')}


def reset():
    """Read the files again at the next lookup (the option changed)."""
    mappings.cache_clear()


def _files():
    directory = pathlib.Path(cfg.CONF.environment_dir)
    found = sorted(DEFAULTS.glob('*.yaml'))
    if directory.is_dir():
        found.extend(sorted(directory.glob('*.yaml')))
    return found


def _read(path):
    document = yaml_loader.load(path.read_text(), exception.InvalidEnvironment,
                                'environment') or {}
    registry = document.get('resource_registry') or {}
    if not isinstance(registry, dict):
        raise exception.InvalidEnvironment('The resource_registry must be a map')
    # Per-resource entries apply to no stack here: ignored.
    return type_mappings.parse(registry, ('resource_registry',), skip=('resources',))
