"""Property schemas for resource types, and validation against them."""
import dataclasses

from heat_conv.common import exception

TYPES = ('string', 'integer', 'number', 'boolean', 'list', 'map', 'any')


@dataclasses.dataclass(frozen=True)
class Property:
    type: str = 'string'
    default: object = None
    required: bool = False
    update_allowed: bool = False
    description: str = ''
    allowed_values: tuple = ()
    min_value: float | None = None
    max_value: float | None = None
    # A map's keys ({name: Property}), checked as a resource's properties are.
    schema: dict | None = None
    # A list's items, each checked against this Property.
    item: 'Property | None' = None
    # Heat's named check that asks a service (``nova.flavor``): the plugin's
    # check_constraints asks it, since only the plugin has a client.
    constraint: str | None = None

    def to_schema(self):
        """The shape Heat's ``resource_types/{type}`` answers with."""
        schema = {'type': self.type, 'required': self.required,
                  'update_allowed': self.update_allowed,
                  'description': self.description, 'immutable': False}
        if self.default is not None:
            schema['default'] = self.default
        constraints = []
        if self.allowed_values:
            constraints.append({'allowed_values': list(self.allowed_values)})
        if self.min_value is not None or self.max_value is not None:
            constraints.append({'range': {k: v for k, v in (
                ('min', self.min_value), ('max', self.max_value)) if v is not None}})
        if self.constraint:
            constraints.append({'custom_constraint': self.constraint})
        if constraints:
            schema['constraints'] = constraints
        if self.schema:
            schema['schema'] = {name: prop.to_schema() for name, prop in self.schema.items()}
        elif self.item is not None:
            schema['schema'] = {'*': self.item.to_schema()}
        return schema


def _coerce(prop, value, path):
    def bad(reason):
        raise exception.InvalidProperties(reason, path=path)

    if prop.type == 'string':
        if isinstance(value, bool) or not isinstance(value, (str, int, float)):
            bad(f'Value must be a string, not {type(value).__name__}')
        return str(value)
    if prop.type in ('integer', 'number'):
        if isinstance(value, bool):
            bad('Value must be a number, not a boolean')
        try:
            number = float(value)
        except (TypeError, ValueError):
            bad(f"Value '{value}' is not an integer" if prop.type == 'integer'
                else f'Value "{value}" is not a number')   # Heat's words for each
        if prop.type == 'integer':
            if number != int(number):
                bad(f'Value "{value}" is not an integer')
            return int(number)
        return int(number) if number == int(number) else number
    if prop.type == 'boolean':
        if isinstance(value, bool):
            return value
        if isinstance(value, str) and value.lower() in ('true', 'false'):
            return value.lower() == 'true'
        bad(f'Value "{value}" is not a boolean')
    if prop.type == 'list':
        if not isinstance(value, list):
            bad(f'Value must be a list, not {type(value).__name__}')
        return value
    if prop.type == 'map':
        if not isinstance(value, dict):
            bad(f'Value must be a map, not {type(value).__name__}')
        return value
    return value


def validate(schema, values, path=()):
    """Return ``values`` checked against ``schema`` with defaults filled in."""
    values = values or {}
    if not isinstance(values, dict):
        raise exception.InvalidProperties('Properties must be a map', path=path)
    for name in values:
        if name not in schema:
            raise exception.InvalidProperties(
                f'Unknown property {name}', path=tuple(path) + (name,))
    result = {}
    for name, prop in schema.items():
        value = values.get(name)
        here = tuple(path) + (name,)
        if value is None:
            if prop.required:
                raise exception.InvalidProperties(
                    f'Property {name} is required', path=here)
            result[name] = prop.default
            continue
        value = _check(prop, value, here)
        result[name] = value
    return result


def _check(prop, value, path):
    value = _coerce(prop, value, path)
    if prop.allowed_values and value not in prop.allowed_values:
        raise exception.InvalidProperties(
            f'"{value}" is not an allowed value {list(prop.allowed_values)}', path=path)
    if prop.min_value is not None and value < prop.min_value:
        raise exception.InvalidProperties(
            f'{value} is less than the minimum {prop.min_value}', path=path)
    if prop.max_value is not None and value > prop.max_value:
        raise exception.InvalidProperties(
            f'{value} is more than the maximum {prop.max_value}', path=path)
    if prop.type == 'map' and prop.schema is not None:
        return validate(prop.schema, value, path)
    if prop.type == 'list' and prop.item is not None:
        return [None if item is None else _check(prop.item, item, tuple(path) + (index,))
                for index, item in enumerate(value)]
    return value


def constrained_values(schema, values, path=()):
    """(constraint name, value, path) of every value in ``values`` (a
    resource's properties as far as they are known) whose property names a
    service constraint. Only plain values are given: one computed from
    another resource (still a function) is checked by nobody before it is
    known, as in Heat; an empty one names nothing (at validate, a parameter
    without a value stands in empty)."""
    if not isinstance(values, dict):
        return
    for name, prop in schema.items():
        if name in values:
            yield from _constrained(prop, values[name], tuple(path) + (name,))


def _constrained(prop, value, path):
    if prop.constraint and isinstance(value, (str, int)) and not isinstance(value, bool):
        if value != '':
            yield prop.constraint, value, path
    elif prop.schema is not None and isinstance(value, dict):
        yield from constrained_values(prop.schema, value, path)
    elif prop.item is not None and isinstance(value, list):
        for index, item in enumerate(value):
            yield from _constrained(prop.item, item, path + (index,))
