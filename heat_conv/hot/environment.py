"""The stack environment: parameter values and defaults, and the
resource registry.

``event_sinks``, ``parameter_merge_strategies`` and
``encrypted_param_names`` are Heat sections heat-conv has no use for; they
are accepted (so environments written for Heat load) and kept for storage.
"""

import copy

from heat_conv.common import exception
from heat_conv.hot import resource_registry
from heat_conv.hot import yaml_loader

SECTIONS = ('parameters', 'parameter_defaults', 'resource_registry', 'event_sinks',
            'parameter_merge_strategies', 'encrypted_param_names')


class Environment:

    def __init__(self, raw=None):
        raw = yaml_loader.require_mapping(raw, exception.InvalidEnvironment, 'environment')
        for section in raw:
            if section not in SECTIONS:
                raise exception.InvalidEnvironment(
                    f'"{section}" is not a valid environment section; valid sections '
                    f'are: {", ".join(SECTIONS)}', path=(section,))
        self._raw = raw
        self.parameters = _mapping(raw, 'parameters')
        self.parameter_defaults = _mapping(raw, 'parameter_defaults')
        self.registry = resource_registry.ResourceRegistry(raw.get('resource_registry'))

    @classmethod
    def load(cls, environment):
        """An Environment from None, a mapping, or YAML/JSON text."""
        if isinstance(environment, Environment):
            return environment
        if isinstance(environment, (str, bytes)):
            environment = yaml_loader.load(environment, exception.InvalidEnvironment,
                                           'environment')
        return cls(environment)

    def to_dict(self):
        return copy.deepcopy(self._raw)


def _mapping(raw, section):
    value = raw.get(section)
    if value is None:
        return {}
    if not isinstance(value, dict):
        raise exception.InvalidEnvironment(f'The {section} section must be a map',
                                           path=(section,))
    return value
