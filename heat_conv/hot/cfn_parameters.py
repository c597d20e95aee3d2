"""The ``Parameters`` section of a CloudFormation-format template.

A CloudFormation parameter says in flat keys (``MinLength``,
``AllowedValues``) what a HOT parameter says with constraints; both become
the same ParameterSchema, so binding, validation output and display do not
care which format a template was written in.
"""

import re

from heat_conv.common import exception
from heat_conv.hot import constraints
from heat_conv.hot import parameter_types as types
from heat_conv.hot import parameters

# Heat's names for the five types in this format.
TYPES = {'String': types.STRING, 'Number': types.NUMBER,
         'CommaDelimitedList': types.LIST, 'Json': types.JSON,
         'Boolean': types.BOOLEAN}

_KEYS = frozenset({'Type', 'Default', 'NoEcho', 'AllowedValues', 'AllowedPattern',
                   'MaxLength', 'MinLength', 'MaxValue', 'MinValue', 'Description',
                   'ConstraintDescription', 'Label'})


def parse_section(raw, check_defaults=True):
    """{name: ParameterSchema} for the ``Parameters`` section, in order;
    ``check_defaults`` as in parameters.parse_section."""
    if raw is None:
        return {}
    if not isinstance(raw, dict):
        _fail(('Parameters',), 'The Parameters section must be a map')
    return {name: _parse(name, schema, check_defaults) for name, schema in raw.items()}


def _parse(name, raw, check_default):
    path = ('Parameters', name)
    if isinstance(name, str) and any(ord(ch) < 32 or ord(ch) == 127 for ch in name):
        _fail(('Parameters',), f'Invalid parameter name {name!r}: it may not contain '
              'control characters')
    if not isinstance(raw, dict):
        _fail(path, 'Each parameter must be a map with at least a "Type"')
    unknown = sorted(str(k) for k in raw if k not in _KEYS)
    if unknown:
        _fail(path + (unknown[0],), f'"{unknown[0]}" is not a valid parameter keyword; '
              f'valid keywords are: {", ".join(sorted(_KEYS))}')
    written_type = raw.get('Type')
    if written_type is None:
        _fail(path + ('Type',), 'Missing parameter type')
    if written_type not in TYPES:
        _fail(path + ('Type',), f'Invalid parameter type "{written_type}"; valid types '
              f'are: {", ".join(TYPES)}')
    param_type = TYPES[written_type]
    for key in ('Label', 'Description', 'ConstraintDescription'):
        if raw.get(key) is not None and not isinstance(raw[key], str):
            _fail(path + (key,), f'{key} must be a string')
    schema = parameters.ParameterSchema(
        name, param_type, label=raw.get('Label'),
        description=raw.get('Description') or '',
        default=raw.get('Default'), has_default='Default' in raw,
        hidden=str(raw.get('NoEcho', 'false')).lower() == 'true',
        constraints=list(_constraints(raw, param_type, path)), section='Parameters')
    if check_default and schema.has_default and schema.default is not None:
        schema.value_of(schema.default, path + ('Default',))
    return schema


def _constraints(raw, param_type, path):
    description = raw.get('ConstraintDescription')
    if 'MinValue' in raw or 'MaxValue' in raw:
        low, high = constraints.parse_bounds(raw, ('MinValue', 'MaxValue'), path, False,
                                             inverted_at=path + ('MinValue',))
        yield _applicable(constraints.Range(description, low, high), param_type,
                          path + ('MinValue' if 'MinValue' in raw else 'MaxValue',))
    if 'MinLength' in raw or 'MaxLength' in raw:
        low, high = constraints.parse_bounds(raw, ('MinLength', 'MaxLength'), path, True,
                                             inverted_at=path + ('MinLength',))
        yield _applicable(constraints.Length(description, low, high), param_type,
                          path + ('MinLength' if 'MinLength' in raw else 'MaxLength',))
    if 'AllowedValues' in raw:
        allowed = raw['AllowedValues']
        if not isinstance(allowed, list):
            _fail(path + ('AllowedValues',), 'AllowedValues must be a list')
        yield _applicable(constraints.AllowedValues(description, allowed, param_type),
                          param_type, path + ('AllowedValues',))
    if 'AllowedPattern' in raw:
        pattern = raw['AllowedPattern']
        if not isinstance(pattern, str):
            _fail(path + ('AllowedPattern',), 'AllowedPattern must be a string')
        try:
            constraint = constraints.AllowedPattern(description, pattern)
        except re.error as exc:
            _fail(path + ('AllowedPattern',),
                  f'Invalid regular expression "{pattern}": {exc}')
        yield _applicable(constraint, param_type, path + ('AllowedPattern',))


def _applicable(constraint, param_type, path):
    if param_type not in constraint.applies_to:
        _fail(path, f'{path[-1]} cannot apply to a parameter of type '
              f'{types.DISPLAY_NAMES[param_type]}')
    return constraint


def _fail(path, message):
    raise exception.InvalidTemplate(message, path=path)
