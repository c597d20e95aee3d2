"""Parameter constraints: length, range, allowed_values, allowed_pattern,
modulo (from 2018-03-02) and custom_constraint.

A constraint's own ``description`` replaces the default message when a value
violates it, because the template author knows how to say it better.

``custom_constraint`` names one of Heat's named checks (custom_constraints).
"""

import re

from heat_conv.common import exception
from heat_conv.hot import custom_constraints
from heat_conv.hot import parameter_types as types

_SIZED = (types.STRING, types.LIST, types.JSON)


class Constraint:
    kind = ''
    applies_to = types.TYPES

    def __init__(self, description):
        self.description = description

    def violation(self, value):
        """None if ``value`` passes, else the default message."""
        return None

    def message(self, value):
        problem = self.violation(value)
        if problem is None:
            return None
        return self.description or problem


class Length(Constraint):
    kind = 'length'
    applies_to = _SIZED

    def __init__(self, description, low, high):
        super().__init__(description)
        self.low, self.high = low, high

    def violation(self, value):
        size = len(value)
        if (self.low is not None and size < self.low) or (
                self.high is not None and size > self.high):
            return f'length ({size}) must be {_bounds(self.low, self.high)}'
        return None


class Range(Constraint):
    kind = 'range'
    applies_to = (types.NUMBER,)

    def __init__(self, description, low, high):
        super().__init__(description)
        self.low, self.high = low, high

    def violation(self, value):
        if (self.low is not None and value < self.low) or (
                self.high is not None and value > self.high):
            return f'{value} must be {_bounds(self.low, self.high)}'
        return None


class AllowedValues(Constraint):
    kind = 'allowed_values'

    def __init__(self, description, allowed, param_type):
        super().__init__(description)
        self.allowed = allowed
        # Compare in the parameter's own type, so "2" allows 2 for a number.
        try:
            item_type = types.STRING if param_type == types.LIST else param_type
            self._typed = [types.convert(item_type, v) for v in allowed] \
                if param_type != types.JSON else list(allowed)
        except types.ConversionError:
            self._typed = list(allowed)

    def violation(self, value):
        items = value if isinstance(value, list) else [value]
        for item in items:
            if item not in self._typed:
                return f'"{item}" is not one of the allowed values {self.allowed}'
        return None


class AllowedPattern(Constraint):
    kind = 'allowed_pattern'
    applies_to = (types.STRING,)

    def __init__(self, description, pattern):
        super().__init__(description)
        self.pattern = pattern
        self._regex = re.compile(pattern)

    def violation(self, value):
        if self._regex.fullmatch(value) is None:
            return f'"{value}" does not match pattern "{self.pattern}"'
        return None


class Modulo(Constraint):
    kind = 'modulo'
    applies_to = (types.NUMBER,)

    def __init__(self, description, step, offset):
        super().__init__(description)
        self.step, self.offset = step, offset

    def violation(self, value):
        if value % self.step != self.offset:
            return f'{value} is not a multiple of {self.step} plus {self.offset}'
        return None


class CustomConstraint(Constraint):
    kind = 'custom_constraint'

    def __init__(self, description, name):
        super().__init__(description)
        self.name = name

    def violation(self, value):
        return custom_constraints.check(self.name, value)

    @property
    def asks_a_service(self):
        """Whether Heat asks a cloud service (one heat-conv lacks) for it."""
        return self.name in custom_constraints.SERVICE_CONSTRAINTS


def parse(raw, param_type, spec, path):
    """A Constraint from its template definition; InvalidTemplate on error."""
    if not isinstance(raw, dict):
        _fail(path, 'Each constraint must be a map')
    kinds = [k for k in raw if k != 'description']
    allowed_kinds = ['length', 'range', 'allowed_values', 'allowed_pattern',
                     'custom_constraint'] + (['modulo'] if spec.modulo_constraint else [])
    if len(kinds) != 1:
        _fail(path, f'Each constraint needs exactly one of: {", ".join(allowed_kinds)}')
    kind = kinds[0]
    if kind not in allowed_kinds:
        _fail(path + (kind,), f'"{kind}" is not a valid constraint in heat_template_version '
              f'{spec.date}')
    description = raw.get('description')
    if description is not None and not isinstance(description, str):
        _fail(path + ('description',), 'The description must be a string')
    constraint = _build(kind, raw[kind], description, param_type, path + (kind,))
    if param_type not in constraint.applies_to:
        _fail(path + (kind,), f'A {kind} constraint cannot apply to a {param_type} parameter')
    return constraint


def _build(kind, definition, description, param_type, path):
    if kind in ('length', 'range'):
        low, high = _min_max(definition, path, integer=(kind == 'length'))
        return (Length if kind == 'length' else Range)(description, low, high)
    if kind == 'allowed_values':
        if not isinstance(definition, list):
            _fail(path, 'allowed_values must be a list')
        return AllowedValues(description, definition, param_type)
    if kind == 'allowed_pattern':
        if not isinstance(definition, str):
            _fail(path, 'allowed_pattern must be a string')
        try:
            return AllowedPattern(description, definition)
        except re.error as exc:
            _fail(path, f'Invalid regular expression "{definition}": {exc}')
    if kind == 'modulo':
        step, offset = _step_offset(definition, path)
        return Modulo(description, step, offset)
    if not isinstance(definition, str):
        _fail(path, 'custom_constraint must be a string')
    return CustomConstraint(description, definition)


def _min_max(definition, path, integer):
    if not isinstance(definition, dict) or not definition:
        _fail(path, 'Expected a map with "min" and/or "max"')
    unknown = sorted(set(definition) - {'min', 'max'})
    if unknown:
        _fail(path + (unknown[0],), f'"{unknown[0]}" is not valid here; use min or max')
    return parse_bounds(definition, ('min', 'max'), path, integer, inverted_at=path)


def parse_bounds(raw, keys, path, integer, inverted_at):
    """[low, high] of a range or length constraint, read from ``raw`` at
    ``keys`` (the template's names for them: min/max in HOT, MinValue/
    MaxValue or MinLength/MaxLength in CFN); None where one is absent.
    ``inverted_at``: the path an error about low > high points to."""
    low_key, high_key = keys
    found = []
    for key in keys:
        value = raw.get(key)
        if value is not None:
            try:
                value = types.convert(types.NUMBER, value)
            except types.ConversionError:
                _fail(path + (key,), f'{key} must be a number')
            if integer and value != int(value):
                _fail(path + (key,), f'{key} must be an integer')
        found.append(value)
    if None not in found and found[0] > found[1]:
        _fail(inverted_at, f'{low_key} must not be greater than {high_key}')
    return found


def _step_offset(definition, path):
    if not isinstance(definition, dict) or set(definition) != {'step', 'offset'}:
        _fail(path, 'Expected a map with "step" and "offset"')
    try:
        step = types.convert(types.NUMBER, definition['step'])
        offset = types.convert(types.NUMBER, definition['offset'])
    except types.ConversionError:
        _fail(path, 'step and offset must be numbers')
    if step == 0 or not 0 <= offset < abs(step):
        _fail(path, 'step must not be 0 and offset must be between 0 and step')
    return step, offset


def _bounds(low, high):
    if low is not None and high is not None:
        return f'between {low} and {high}'
    if low is not None:
        return f'at least {low}'
    return f'at most {high}'


def _fail(path, message):
    raise exception.InvalidTemplate(message, path=path)
