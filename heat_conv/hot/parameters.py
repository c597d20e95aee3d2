"""The ``parameters`` section: each parameter's schema, and the values a
stack gets for them.

A value comes from the first of: the user's parameters, the environment's
``parameters``, the environment's ``parameter_defaults``, the schema's
``default``. Every value is converted to the parameter's type and checked
against its constraints, and errors name ``parameters.NAME``.
"""

from heat_conv.common import exception
from heat_conv.hot import constraints as constraints_mod
from heat_conv.hot import parameter_types as types

HIDDEN_VALUE = '******'

_KEYS = frozenset({'type', 'label', 'description', 'default', 'hidden',
                   'constraints', 'immutable', 'tags'})


class ParameterSchema:
    """One entry of the ``parameters`` section, validated."""

    def __init__(self, name, param_type, label=None, description='', default=None,
                 has_default=False, hidden=False, immutable=False, constraints=(),
                 tags=(), section='parameters'):
        self.name = name
        # The section's name as the template spells it, for error paths.
        self.section = section
        self.type = param_type
        self.label = label
        self.description = description
        self.default = default
        self.has_default = has_default
        self.hidden = hidden
        self.immutable = immutable
        self.constraints = list(constraints)
        self.tags = list(tags)

    @classmethod
    def parse(cls, name, raw, spec, check_default=True):
        path = ('parameters', name)
        if isinstance(name, str) and any(ord(ch) < 32 or ord(ch) == 127 for ch in name):
            _fail(('parameters',), f'Invalid parameter name {name!r}: it may not contain '
                  'control characters')
        if not isinstance(raw, dict):
            _fail(path, 'Each parameter must be a map with at least a "type"')
        unknown = sorted(str(k) for k in raw if k not in _KEYS)
        if unknown:
            _fail(path + (unknown[0],), f'"{unknown[0]}" is not a valid parameter keyword')
        param_type = raw.get('type')
        if param_type is None:
            _fail(path + ('type',), 'Missing parameter type')
        if param_type not in types.TYPES:
            _fail(path + ('type',), f'Invalid parameter type "{param_type}"; valid types '
                  f'are: {", ".join(types.TYPES)}')
        for key in ('label', 'description'):
            if raw.get(key) is not None and not isinstance(raw[key], str):
                _fail(path + (key,), f'The {key} must be a string')
        raw_constraints = raw.get('constraints') or []
        if not isinstance(raw_constraints, list):
            _fail(path + ('constraints',), 'The constraints must be a list')
        tags = raw.get('tags') or []
        if not isinstance(tags, list):
            _fail(path + ('tags',), 'The tags must be a list')
        schema = cls(
            name, param_type, label=raw.get('label'),
            description=raw.get('description') or '',
            default=raw.get('default'), has_default='default' in raw,
            hidden=_flag(raw, 'hidden', path), immutable=_flag(raw, 'immutable', path),
            constraints=[constraints_mod.parse(c, param_type, spec,
                                               path + ('constraints', i))
                         for i, c in enumerate(raw_constraints)],
            tags=tags)
        if check_default and schema.has_default and schema.default is not None:
            # As Heat: a default meets the template's own constraints; the
            # named checks run on the value a stack is given.
            schema.value_of(schema.default, path + ('default',), skip=is_custom)
        return schema

    def value_of(self, raw, path=None, skip=lambda constraint: False):
        """``raw`` converted and checked against every constraint ``skip``
        does not pass over; InvalidParameter at ``path``."""
        path = path or (self.section, self.name)
        try:
            value = types.convert(self.type, raw)
        except types.ConversionError as exc:
            raise exception.InvalidParameter(self._safe(str(exc)), path=path) from None
        for constraint in self.constraints:
            if skip(constraint):
                continue
            message = constraint.message(value)
            if message is not None:
                raise exception.InvalidParameter(self._safe(message, constraint),
                                                 path=path)
        return value

    def _safe(self, message, constraint=None):
        """The message, or for a hidden parameter one that cannot contain
        its value: the error messages echo the value they refuse."""
        if not self.hidden:
            return message
        if constraint is not None and constraint.description:
            return constraint.description
        if constraint is not None:
            return f'The hidden value does not satisfy its {constraint.kind} constraint'
        return f'The hidden value is not a valid {self.type}'

    def display(self, value):
        return HIDDEN_VALUE if self.hidden else types.to_display(self.type, value)

    def describe(self, default=None, has_default=None, value=None, has_value=False):
        """This parameter in the shape of Heat's template-validate response."""
        if has_default is None:
            default, has_default = self.default, self.has_default
        out = {
            'Type': types.DISPLAY_NAMES[self.type],
            'Description': self.description,
            'Label': self.label or self.name,
            'NoEcho': 'true' if self.hidden else 'false',
        }
        if has_default:
            out['Default'] = default
        if has_value:
            out['Value'] = HIDDEN_VALUE if self.hidden else value
        descriptions = []
        for c in self.constraints:
            out.update(_describe_constraint(c))
            if c.description:
                descriptions.append(c.description)
        if descriptions:
            out['ConstraintDescription'] = ' '.join(descriptions)
        if self.tags:
            out['Tags'] = self.tags
        return out


def parse_section(raw, spec, check_defaults=True):
    """{name: ParameterSchema} for the ``parameters`` section, in order.
    Without ``check_defaults`` the defaults are not put to their constraints
    (a child template that a validate call reads, as Heat's does)."""
    if raw is None:
        return {}
    if not isinstance(raw, dict):
        _fail(('parameters',), 'The parameters section must be a map')
    return {name: ParameterSchema.parse(name, schema, spec, check_defaults)
            for name, schema in raw.items()}


def is_custom(constraint):
    return constraint.kind == 'custom_constraint'


def resolve(schemas, user_params=None, env_params=None, env_defaults=None,
            validating=False, ignore_unavailable=False):
    """{name: typed value} for every parameter, or InvalidParameter.

    ``validating`` (a template only validated, as Heat's validate call
    does): a parameter without a value takes an empty one of its type
    instead of being missing, and a default is not put to its named
    (custom) constraints. ``ignore_unavailable``: a value is not put to a
    named constraint that asks a service heat-conv lacks (Heat's
    ignore_errors=99001).
    """
    user_params = user_params or {}
    env_params = env_params or {}
    env_defaults = env_defaults or {}
    for source in (user_params, env_params):
        for name in source:
            if name not in schemas:
                raise exception.UnknownUserParameter(name)
    def unavailable(constraint):
        return is_custom(constraint) and constraint.asks_a_service

    given = unavailable if ignore_unavailable else (lambda constraint: False)
    default = is_custom if validating else given
    values = {}
    for name, schema in schemas.items():
        for source, skip in ((user_params, given), (env_params, given),
                             (env_defaults, default)):
            if name in source:
                values[name] = schema.value_of(source[name], skip=skip)
                break
        else:
            if not schema.has_default or schema.default is None:
                if not validating:
                    raise exception.UserParameterMissing(name)
                values[name] = types.placeholder(schema.type)
                continue
            values[name] = schema.value_of(schema.default, skip=default)
    return values


def check_immutable(schemas, previous, current):
    """Raise ImmutableParameterUpdate if an immutable parameter changed.

    ``previous`` may hold raw or typed values; both compare in the current
    schema's type so that "42" and 42 are the same value.
    """
    changed = []
    for name, schema in schemas.items():
        if not schema.immutable or name not in previous or name not in current:
            continue
        try:
            old = types.convert(schema.type, previous[name])
        except types.ConversionError:
            old = previous[name]
        if old != current[name]:
            changed.append(name)
    if changed:
        raise exception.ImmutableParameterUpdate(
            'The following parameters are immutable and may not be updated: '
            + ', '.join(changed), path=('parameters', changed[0]))


def _describe_constraint(c):
    if isinstance(c, constraints_mod.Length):
        return _bounds('MinLength', c.low, 'MaxLength', c.high)
    if isinstance(c, constraints_mod.Range):
        return _bounds('MinValue', c.low, 'MaxValue', c.high)
    if isinstance(c, constraints_mod.AllowedValues):
        return {'AllowedValues': list(c.allowed)}
    if isinstance(c, constraints_mod.AllowedPattern):
        return {'AllowedPattern': c.pattern}
    if isinstance(c, constraints_mod.Modulo):
        return {'Step': c.step, 'Offset': c.offset}
    return {'CustomConstraint': c.name}


def _bounds(low_key, low, high_key, high):
    out = {}
    if low is not None:
        out[low_key] = low
    if high is not None:
        out[high_key] = high
    return out


def _flag(raw, key, path):
    value = raw.get(key, False)
    try:
        return types.convert(types.BOOLEAN, value)
    except types.ConversionError:
        _fail(path + (key,), f'"{key}" must be true or false')


def _fail(path, message):
    raise exception.InvalidTemplate(message, path=path)
