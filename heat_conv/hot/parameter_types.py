"""The five parameter types, and turning a raw value into a typed one.

Values usually arrive as strings from the REST API ("42", "a,b",
'{"k": 1}', "true"); template defaults and environment values may already
be typed. Both forms convert to the same typed value.
"""

import json

STRING, NUMBER, LIST, JSON, BOOLEAN = (
    'string', 'number', 'comma_delimited_list', 'json', 'boolean')

TYPES = (STRING, NUMBER, LIST, JSON, BOOLEAN)

# The spelling Heat's validate API uses for each type.
DISPLAY_NAMES = {
    STRING: 'String', NUMBER: 'Number', LIST: 'CommaDelimitedList',
    JSON: 'Json', BOOLEAN: 'Boolean',
}

_TRUE = frozenset({'t', 'true', 'on', 'y', 'yes', '1'})
_FALSE = frozenset({'f', 'false', 'off', 'n', 'no', '0'})


class ConversionError(ValueError):
    """A value that cannot have the parameter's type; the text is for users."""


def placeholder(param_type):
    """What a parameter without a value stands in with while its template is
    only validated: an empty value of its type."""
    return {STRING: '', NUMBER: 0, LIST: [], JSON: {}, BOOLEAN: False}[param_type]


def convert(param_type, value):
    """``value`` as a ``param_type``; raises ConversionError."""
    return _CONVERTERS[param_type](value)


def _string(value):
    if isinstance(value, str):
        return value
    if isinstance(value, (bool, int, float)):
        return json.dumps(value) if isinstance(value, bool) else str(value)
    raise ConversionError(f'Value must be a string, not {_kind(value)}')


def _number(value):
    if isinstance(value, bool):
        raise ConversionError('Value must be a number, not a boolean')
    if isinstance(value, (int, float)):
        return value
    if isinstance(value, str):
        text = value.strip()
        try:
            return int(text)
        except ValueError:
            pass
        try:
            number = float(text)
        except ValueError:
            raise ConversionError(f'Value "{value}" is not a number') from None
        if number != number or number in (float('inf'), float('-inf')):
            raise ConversionError(f'Value "{value}" is not a finite number')
        return number
    raise ConversionError(f'Value must be a number, not {_kind(value)}')


def _list(value):
    if isinstance(value, list):
        if any(isinstance(item, (dict, list)) for item in value):
            raise ConversionError('Each item of a comma_delimited_list must be a scalar')
        return [item if isinstance(item, str) else _string(item) for item in value]
    if isinstance(value, str):
        # Heat keeps the spaces: "one, two" is ["one", " two"].
        return value.split(',') if value else []
    raise ConversionError(
        f'Value must be a list or a comma-delimited string, not {_kind(value)}')


def _json(value):
    if isinstance(value, (dict, list)):
        return value
    if isinstance(value, str):
        if not value.strip():
            return {}
        try:
            parsed = json.loads(value)
        except ValueError as exc:
            raise ConversionError(f'Value must be valid JSON: {exc}') from None
        if isinstance(parsed, (dict, list)):
            return parsed
        raise ConversionError('Value must be a JSON map or list')
    raise ConversionError(f'Value must be a JSON map or list, not {_kind(value)}')


def _boolean(value):
    if isinstance(value, bool):
        return value
    if isinstance(value, int) and value in (0, 1):
        return bool(value)
    if isinstance(value, str):
        text = value.strip().lower()
        if text in _TRUE:
            return True
        if text in _FALSE:
            return False
    raise ConversionError(f'Value {json.dumps(value)} is not a valid boolean')


_CONVERTERS = {STRING: _string, NUMBER: _number, LIST: _list, JSON: _json,
               BOOLEAN: _boolean}


def to_display(param_type, value):
    """The string Heat shows for a typed value in stack details."""
    if param_type == LIST:
        return ','.join(value)
    if param_type == JSON:
        return json.dumps(value)
    if param_type == BOOLEAN:
        return 'True' if value else 'False'
    return str(value)


def _kind(value):
    return {dict: 'a map', list: 'a list', type(None): 'null'}.get(
        type(value), type(value).__name__)
