import pytest

from heat_conv.common import exception
from heat_conv.hot import cfn_parameters
from heat_conv.hot import parameters


def section(**params):
    return cfn_parameters.parse_section(params)


def test_types_and_keys():
    schemas = section(
        s={'Type': 'String', 'Default': 'x', 'Description': 'd', 'Label': 'L',
           'NoEcho': 'true'},
        n={'Type': 'Number', 'MinValue': '1', 'MaxValue': 9},
        l={'Type': 'CommaDelimitedList', 'Default': 'a,b'},
        j={'Type': 'Json', 'Default': {'k': 1}},
        b={'Type': 'Boolean', 'Default': 'false'})
    assert {n: s.type for n, s in schemas.items()} == {
        's': 'string', 'n': 'number', 'l': 'comma_delimited_list', 'j': 'json',
        'b': 'boolean'}
    assert schemas['s'].hidden and schemas['s'].label == 'L'
    assert schemas['s'].description == 'd'
    assert not schemas['n'].hidden
    values = parameters.resolve(schemas, {'n': '4'})
    assert values == {'s': 'x', 'n': 4, 'l': ['a', 'b'], 'j': {'k': 1}, 'b': False}


def test_constraints_apply_with_the_constraint_description():
    schemas = section(
        name={'Type': 'String', 'MinLength': 2, 'MaxLength': 4,
              'AllowedPattern': '[a-z]+', 'ConstraintDescription': 'two to four letters'},
        size={'Type': 'Number', 'AllowedValues': [1, 2]})
    with pytest.raises(exception.InvalidParameter) as info:
        parameters.resolve(schemas, {'name': 'x', 'size': 1})
    assert str(info.value) == 'Parameters.name: two to four letters'
    with pytest.raises(exception.InvalidParameter) as info:
        parameters.resolve(schemas, {'name': 'abc', 'size': '3'})
    assert '"3" is not one of the allowed values' in str(info.value)
    assert parameters.resolve(schemas, {'name': 'abc', 'size': '2'}) == {
        'name': 'abc', 'size': 2}


def test_validate_output_shape():
    schema = section(p={'Type': 'String', 'MinLength': 1, 'AllowedValues': ['a'],
                        'ConstraintDescription': 'just a'})['p']
    assert schema.describe() == {
        'Type': 'String', 'Description': '', 'Label': 'p', 'NoEcho': 'false',
        'MinLength': 1, 'AllowedValues': ['a'], 'ConstraintDescription': 'just a just a'}


@pytest.mark.parametrize('raw, path, fragment', [
    ({'Default': 'x'}, 'Parameters.p.Type', 'Missing parameter type'),
    ({'Type': 'string'}, 'Parameters.p.Type', 'Invalid parameter type "string"'),
    ({'Type': 'String', 'Constraints': []}, 'Parameters.p.Constraints',
     '"Constraints" is not a valid parameter keyword'),
    ({'Type': 'String', 'MinValue': 1}, 'Parameters.p.MinValue',
     'MinValue cannot apply to a parameter of type String'),
    ({'Type': 'Number', 'MinValue': 5, 'MaxValue': 1}, 'Parameters.p.MinValue',
     'MinValue must not be greater than MaxValue'),
    ({'Type': 'String', 'MaxLength': 'x'}, 'Parameters.p.MaxLength',
     'MaxLength must be a number'),
    ({'Type': 'String', 'AllowedPattern': '('}, 'Parameters.p.AllowedPattern',
     'Invalid regular expression'),
    ({'Type': 'String', 'AllowedValues': 'a'}, 'Parameters.p.AllowedValues',
     'AllowedValues must be a list'),
    ('String', 'Parameters.p', 'Each parameter must be a map'),
])
def test_errors(raises_at, raw, path, fragment):
    with raises_at(exception.InvalidTemplate, path, fragment) as info:
        section(p=raw)
    assert isinstance(info.value, exception.InvalidTemplate)


def test_bad_default(raises_at):
    with raises_at(exception.InvalidParameter, 'Parameters.p.Default', 'is not a number'):
        section(p={'Type': 'Number', 'Default': 'many'})


def test_value_errors_name_the_cfn_section():
    schemas = section(n={'Type': 'Number'})
    with pytest.raises(exception.InvalidParameter) as info:
        parameters.resolve(schemas, {'n': 'x'})
    assert str(info.value).startswith('Parameters.n: ')
