import pytest

from heat_conv.hot import parameter_types as types


@pytest.mark.parametrize('param_type, raw, expected', [
    ('string', 'abc', 'abc'),
    ('string', 42, '42'),
    ('string', True, 'true'),
    ('number', '42', 42),
    ('number', ' 4.5 ', 4.5),
    ('number', '-3', -3),
    ('number', 7, 7),
    ('number', 2.5, 2.5),
    ('comma_delimited_list', 'a,b', ['a', 'b']),
    ('comma_delimited_list', 'one, two', ['one', ' two']),
    ('comma_delimited_list', '', []),
    ('comma_delimited_list', ['a', 1], ['a', '1']),
    ('json', '{"k": 1}', {'k': 1}),
    ('json', '[1, 2]', [1, 2]),
    ('json', '', {}),
    ('json', {'k': [1]}, {'k': [1]}),
    ('boolean', 'true', True),
    ('boolean', 'Yes', True),
    ('boolean', 'on', True),
    ('boolean', '1', True),
    ('boolean', 't', True),
    ('boolean', 'false', False),
    ('boolean', 'OFF', False),
    ('boolean', 'n', False),
    ('boolean', '0', False),
    ('boolean', False, False),
    ('boolean', 1, True),
])
def test_conversion(param_type, raw, expected):
    result = types.convert(param_type, raw)
    assert result == expected
    assert type(result) is type(expected)


@pytest.mark.parametrize('param_type, raw, message', [
    ('string', ['a'], 'Value must be a string, not a list'),
    ('string', {'a': 1}, 'not a map'),
    ('number', 'abc', 'Value "abc" is not a number'),
    ('number', 'nan', 'is not a finite number'),
    ('number', True, 'not a boolean'),
    ('number', None, 'not null'),
    ('comma_delimited_list', 5, 'Value must be a list or a comma-delimited string'),
    ('comma_delimited_list', [['a']], 'must be a scalar'),
    ('json', '{bad', 'Value must be valid JSON'),
    ('json', '"text"', 'Value must be a JSON map or list'),
    ('json', 5, 'not int'),
    ('boolean', 'maybe', 'Value "maybe" is not a valid boolean'),
    ('boolean', 2, 'is not a valid boolean'),
])
def test_conversion_errors(param_type, raw, message):
    with pytest.raises(types.ConversionError) as info:
        types.convert(param_type, raw)
    assert message in str(info.value)


@pytest.mark.parametrize('param_type, value, shown', [
    ('string', 'abc', 'abc'), ('number', 4.5, '4.5'),
    ('comma_delimited_list', ['a', 'b'], 'a,b'), ('json', {'k': 1}, '{"k": 1}'),
    ('boolean', True, 'True'), ('boolean', False, 'False'),
])
def test_display(param_type, value, shown):
    assert types.to_display(param_type, value) == shown


def test_display_names_match_heat_validate():
    assert types.DISPLAY_NAMES == {'string': 'String', 'number': 'Number',
                                   'comma_delimited_list': 'CommaDelimitedList',
                                   'json': 'Json', 'boolean': 'Boolean'}
