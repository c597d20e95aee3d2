import pytest

from heat_conv.common import exception
from heat_conv.hot import parameters
from heat_conv.hot import versions

SPEC = versions.VERSIONS['2018-08-31']


def section(**params):
    return parameters.parse_section(params, SPEC)


def test_schema_fields():
    schemas = section(flavor={
        'type': 'string', 'label': 'Flavor', 'description': 'Instance size',
        'default': 'm1.small', 'hidden': True, 'immutable': 'true', 'tags': ['a'],
        'constraints': [{'allowed_values': ['m1.small', 'm1.large']}]})
    s = schemas['flavor']
    assert (s.name, s.type, s.label, s.description, s.default) == (
        'flavor', 'string', 'Flavor', 'Instance size', 'm1.small')
    assert s.has_default and s.hidden and s.immutable
    assert s.tags == ['a'] and len(s.constraints) == 1


def test_defaults_for_optional_fields():
    s = section(x={'type': 'number'})['x']
    assert (s.label, s.description, s.has_default, s.hidden, s.immutable) == (
        None, '', False, False, False)


def test_section_keeps_template_order():
    assert list(section(b={'type': 'string'}, a={'type': 'string'})) == ['b', 'a']
    assert parameters.parse_section(None, SPEC) == {}


@pytest.mark.parametrize('raw, path, fragment', [
    ('string', 'parameters.p', 'must be a map'),
    ({'default': 1}, 'parameters.p.type', 'Missing parameter type'),
    ({'type': 'integer'}, 'parameters.p.type', 'Invalid parameter type "integer"'),
    ({'type': 'string', 'typo': 1}, 'parameters.p.typo', 'not a valid parameter keyword'),
    ({'type': 'string', 'label': 5}, 'parameters.p.label', 'must be a string'),
    ({'type': 'string', 'description': []}, 'parameters.p.description', 'must be a string'),
    ({'type': 'string', 'hidden': 'sometimes'}, 'parameters.p.hidden',
     '"hidden" must be true or false'),
    ({'type': 'string', 'immutable': 'x'}, 'parameters.p.immutable', 'must be true or false'),
    ({'type': 'string', 'constraints': {'length': {}}}, 'parameters.p.constraints',
     'must be a list'),
    ({'type': 'string', 'tags': 'a'}, 'parameters.p.tags', 'must be a list'),
    ({'type': 'string', 'constraints': [{'range': {'min': 1}}]},
     'parameters.p.constraints.0.range', 'cannot apply to a string'),
])
def test_invalid_schemas(raises_at, raw, path, fragment):
    with raises_at(exception.InvalidTemplate, path, fragment):
        section(p=raw)


def test_section_must_be_a_map(raises_at):
    with raises_at(exception.InvalidTemplate, 'parameters', 'must be a map'):
        parameters.parse_section(['a'], SPEC)


def test_default_must_have_the_type(raises_at):
    with raises_at(exception.InvalidParameter, 'parameters.p.default',
                   'Value "many" is not a number'):
        section(p={'type': 'number', 'default': 'many'})


def test_default_must_meet_constraints(raises_at):
    with raises_at(exception.InvalidParameter, 'parameters.p.default', 'Pick 1 to 3'):
        section(p={'type': 'number', 'default': 5, 'constraints': [
            {'range': {'min': 1, 'max': 3}, 'description': 'Pick 1 to 3'}]})


# --- resolve -----------------------------------------------------------------

@pytest.fixture
def schemas():
    return section(
        name={'type': 'string', 'default': 'web'},
        count={'type': 'number'},
        zones={'type': 'comma_delimited_list', 'default': 'a,b'},
        config={'type': 'json', 'default': {'k': 1}},
        debug={'type': 'boolean', 'default': False})


def test_values_are_converted_from_api_strings(schemas):
    values = parameters.resolve(schemas, {'count': '42', 'zones': 'x,y',
                                          'config': '{"k": 2}', 'debug': 'true'})
    assert values == {'name': 'web', 'count': 42, 'zones': ['x', 'y'],
                      'config': {'k': 2}, 'debug': True}


def test_precedence_user_then_env_parameters_then_defaults_then_template(schemas):
    values = parameters.resolve(
        schemas, user_params={'count': '1'},
        env_params={'count': '2', 'name': 'from-env'},
        env_defaults={'count': '3', 'name': 'from-defaults', 'zones': 'from,defaults'})
    assert values['count'] == 1
    assert values['name'] == 'from-env'
    assert values['zones'] == ['from', 'defaults']
    assert values['debug'] is False


def heat_error(exc_type, message, call, *args, **kwargs):
    """Heat's exact message (it names the parameter, so it has no path)."""
    with pytest.raises(exc_type) as info:
        call(*args, **kwargs)
    assert str(info.value) == message
    assert isinstance(info.value, exception.InvalidParameter)


def test_missing_required_value(schemas):
    heat_error(exception.UserParameterMissing, 'The Parameter (count) was not provided.',
               parameters.resolve, schemas, {})


def test_null_default_means_required():
    heat_error(exception.UserParameterMissing, 'The Parameter (p) was not provided.',
               parameters.resolve, section(p={'type': 'string', 'default': None}), {})


def test_unknown_user_parameter(schemas):
    heat_error(exception.UnknownUserParameter,
               'The Parameter (bogus) was not defined in template.',
               parameters.resolve, schemas, {'count': 1, 'bogus': 'x'})


def test_unknown_environment_parameter(schemas):
    heat_error(exception.UnknownUserParameter,
               'The Parameter (bogus) was not defined in template.',
               parameters.resolve, schemas, {'count': 1}, env_params={'bogus': 'x'})


def test_unknown_parameter_defaults_are_ignored(schemas):
    assert parameters.resolve(schemas, {'count': 1}, env_defaults={'bogus': 'x'})['count'] == 1


def test_bad_type_is_reported_at_the_parameter(schemas, raises_at):
    with raises_at(exception.InvalidParameter, 'parameters.count',
                   'Value "lots" is not a number'):
        parameters.resolve(schemas, {'count': 'lots'})
    with raises_at(exception.InvalidParameter, 'parameters.debug', 'not a valid boolean'):
        parameters.resolve(schemas, {'count': 1, 'debug': 'perhaps'})
    with raises_at(exception.InvalidParameter, 'parameters.config', 'valid JSON'):
        parameters.resolve(schemas, {'count': 1, 'config': '{'})


@pytest.mark.parametrize('constraint, bad, message', [
    ({'length': {'min': 3}}, 'ab', 'length (2) must be at least 3'),
    ({'allowed_pattern': '[a-z]+'}, 'AB', '"AB" does not match pattern "[a-z]+"'),
    ({'allowed_values': ['x']}, 'y', '"y" is not one of the allowed values'),
])
def test_constraints_apply_to_user_values(raises_at, constraint, bad, message):
    schemas = section(p={'type': 'string', 'constraints': [constraint]})
    with raises_at(exception.InvalidParameter, 'parameters.p', message):
        parameters.resolve(schemas, {'p': bad})


def test_constraint_description_is_the_error_message(raises_at):
    schemas = section(port={'type': 'number', 'constraints': [
        {'range': {'min': 1, 'max': 65535}, 'description': 'Port must be 1-65535'}]})
    assert parameters.resolve(schemas, {'port': '80'}) == {'port': 80}
    with raises_at(exception.InvalidParameter, 'parameters.port', 'Port must be 1-65535'):
        parameters.resolve(schemas, {'port': '70000'})


def test_all_constraints_must_pass(raises_at):
    schemas = section(p={'type': 'string', 'constraints': [
        {'length': {'max': 5}}, {'allowed_pattern': '[a-z]*', 'description': 'lowercase'}]})
    with raises_at(exception.InvalidParameter, 'parameters.p', 'lowercase'):
        parameters.resolve(schemas, {'p': 'ABC'})


# --- display, immutability, validate output ------------------------------------

def test_display_masks_hidden_values():
    schemas = section(pw={'type': 'string', 'hidden': True}, zones={
        'type': 'comma_delimited_list'})
    assert schemas['pw'].display('secret') == '******'
    assert schemas['zones'].display(['a', 'b']) == 'a,b'


def test_immutable_parameter_may_not_change(raises_at):
    schemas = section(az={'type': 'string', 'immutable': True},
                      size={'type': 'number', 'immutable': True},
                      free={'type': 'string'})
    parameters.check_immutable(schemas, {'az': 'a', 'size': '2', 'free': 'x'},
                               {'az': 'a', 'size': 2, 'free': 'y'})
    with raises_at(exception.ImmutableParameterUpdate, 'parameters.az',
                   'immutable and may not be updated: az, size'):
        parameters.check_immutable(schemas, {'az': 'a', 'size': 1}, {'az': 'b', 'size': 2})


def test_immutable_parameter_new_or_unconvertible_previous():
    schemas = section(az={'type': 'number', 'immutable': True})
    parameters.check_immutable(schemas, {}, {'az': 1})
    with pytest.raises(exception.ImmutableParameterUpdate):
        parameters.check_immutable(schemas, {'az': 'not-a-number'}, {'az': 1})


def test_describe_in_heat_validate_shape():
    schemas = section(flavor={
        'type': 'string', 'description': 'Size', 'default': 'm1.small', 'hidden': True,
        'constraints': [
            {'allowed_values': ['m1.small'], 'description': 'Only small.'},
            {'length': {'min': 1, 'max': 20}, 'description': 'Short.'},
            {'allowed_pattern': 'm1.*'}, {'custom_constraint': 'test_constr'}]},
        n={'type': 'number', 'label': 'Count', 'constraints': [
            {'range': {'min': 1}}, {'modulo': {'step': 2, 'offset': 0}}]})
    assert schemas['flavor'].describe() == {
        'Type': 'String', 'Description': 'Size', 'Label': 'flavor', 'NoEcho': 'true',
        'Default': 'm1.small', 'AllowedValues': ['m1.small'], 'MinLength': 1,
        'MaxLength': 20, 'AllowedPattern': 'm1.*', 'CustomConstraint': 'test_constr',
        'ConstraintDescription': 'Only small. Short.'}
    assert schemas['n'].describe() == {
        'Type': 'Number', 'Description': '', 'Label': 'Count', 'NoEcho': 'false',
        'MinValue': 1, 'Step': 2, 'Offset': 0}


def test_describe_with_environment_values():
    s = section(p={'type': 'string', 'default': 'a', 'hidden': True, 'tags': ['t']})['p']
    out = s.describe(default='b', has_default=True, value='secret', has_value=True)
    assert out['Default'] == 'b' and out['Value'] == '******' and out['Tags'] == ['t']
