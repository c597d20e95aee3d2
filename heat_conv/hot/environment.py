"""The stack environment: parameter values and defaults, and the
resource registry.

Heat's other sections load too, so environments written for Heat work, but
only as far as heat-conv honours them: ``parameter_merge_strategies`` is
applied while environment files are merged (``environment_merge``) and is
not kept; ``event_sinks`` and ``encrypted_param_names`` must be empty
(heat-conv has no event sink and does not encrypt parameters, and a
directive that did nothing would mislead).
"""

import copy

from heat_conv.common import exception
from heat_conv.hot import resource_registry
from heat_conv.hot import yaml_loader

SECTIONS = ('parameters', 'parameter_defaults', 'resource_registry', 'event_sinks',
            'parameter_merge_strategies', 'encrypted_param_names')
MERGE_STRATEGIES = 'parameter_merge_strategies'

_NOT_SUPPORTED = {
    'event_sinks': 'Event sinks are not supported by heat-conv yet',
    'encrypted_param_names': 'Encrypted parameters are not supported by heat-conv; '
                             'use hidden parameters',
}


class Environment:

    def __init__(self, raw=None):
        raw = yaml_loader.require_mapping(raw, exception.InvalidEnvironment, 'environment')
        for section in raw:
            if section not in SECTIONS:
                raise exception.InvalidEnvironment(
                    f'"{section}" is not a valid environment section; valid sections '
                    f'are: {", ".join(SECTIONS)}', path=(section,))
        for section, reason in _NOT_SUPPORTED.items():
            if raw.get(section):
                raise exception.InvalidEnvironment(reason, path=(section,))
        self._raw = raw
        self.parameters = _mapping(raw, 'parameters')
        self.parameter_defaults = _mapping(raw, 'parameter_defaults')
        self.merge_strategies = _mapping(raw, MERGE_STRATEGIES)
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

    def user_dict(self, user_params=None):
        """The environment as Heat's validate call shows it: every user
        section present, the request's parameters folded into
        ``parameters``."""
        registry = copy.deepcopy(self._raw.get('resource_registry') or {})
        registry.setdefault('resources', {})
        return {'event_sinks': [],
                'parameter_defaults': copy.deepcopy(self.parameter_defaults),
                'parameters': dict(copy.deepcopy(self.parameters), **(user_params or {})),
                'resource_registry': registry}


def _mapping(raw, section):
    value = raw.get(section)
    if value is None:
        return {}
    if not isinstance(value, dict):
        raise exception.InvalidEnvironment(f'The {section} section must be a map',
                                           path=(section,))
    return value
