import pytest

from heat_conv.common import exception
from heat_conv.hot import constraints
from heat_conv.hot import versions

NEW = versions.VERSIONS['2018-03-02']
OLD = versions.VERSIONS['2017-09-01']
PATH = ('parameters', 'p', 'constraints', 0)


def parse(raw, param_type='string', spec=NEW):
    return constraints.parse(raw, param_type, spec, PATH)


def test_length():
    c = parse({'length': {'min': 2, 'max': 4}})
    assert c.message('abc') is None
    assert c.message('a') == 'length (1) must be between 2 and 4'
    assert c.message('abcde') == 'length (5) must be between 2 and 4'


def test_length_applies_to_lists_and_maps():
    assert parse({'length': {'min': 1}}, 'comma_delimited_list').message([]) == \
        'length (0) must be at least 1'
    assert parse({'length': {'max': 1}}, 'json').message({'a': 1, 'b': 2}) == \
        'length (2) must be at most 1'


def test_range():
    c = parse({'range': {'min': 1, 'max': 10}}, 'number')
    assert c.message(1) is None and c.message(10) is None
    assert c.message(0) == '0 must be between 1 and 10'
    assert c.message(10.5) == '10.5 must be between 1 and 10'
    assert parse({'range': {'min': 0.5}}, 'number').message(0) == '0 must be at least 0.5'


def test_allowed_values():
    c = parse({'allowed_values': ['m1.small', 'm1.large']})
    assert c.message('m1.small') is None
    assert c.message('m1.huge') == \
        '"m1.huge" is not one of the allowed values [\'m1.small\', \'m1.large\']'


def test_allowed_values_compare_in_the_parameter_type():
    assert parse({'allowed_values': ['1', 2]}, 'number').message(1) is None
    assert parse({'allowed_values': ['1', 2]}, 'number').message(2.0) is None
    assert parse({'allowed_values': ['true']}, 'boolean').message(True) is None


def test_allowed_values_check_each_list_item():
    c = parse({'allowed_values': ['a', 'b']}, 'comma_delimited_list')
    assert c.message(['a', 'b', 'a']) is None
    assert c.message(['a', 'z']).startswith('"z" is not one of the allowed values')


def test_allowed_pattern_must_match_whole_value():
    c = parse({'allowed_pattern': '[a-z]+'})
    assert c.message('abc') is None
    assert c.message('abc1') == '"abc1" does not match pattern "[a-z]+"'


def test_modulo_from_2018_03_02():
    c = parse({'modulo': {'step': 2, 'offset': 1}}, 'number')
    assert c.message(3) is None
    assert c.message(4) == '4 is not a multiple of 2 plus 1'


def test_modulo_before_2018_03_02(raises_at):
    with raises_at(exception.InvalidTemplate, 'parameters.p.constraints.0.modulo',
                   'not a valid constraint in heat_template_version 2017-09-01'):
        parse({'modulo': {'step': 2, 'offset': 1}}, 'number', OLD)


@pytest.mark.parametrize('name, good, bad, message', [
    ('ip_addr', '10.0.0.1', '10.0.0.300', "Error validating value '10.0.0.300': "
                                          'Invalid IP address'),
    ('ip_or_cidr', '10.0.0.0/24', 'nope', 'nope is not a valid IP or CIDR'),
    ('net_cidr', '2001:db8::/32', '10.0.0.1/8', 'Invalid net cidr'),
    ('mac_addr', '52:54:00:12:34:56', '52:54:00', 'Invalid MAC address.'),
    ('dns_name', 'www.example.com', 'bad..name', 'not in valid format'),
    ('dns_domain', 'example.com.', 'example.com', "'example.com' must end with '.'."),
    ('rel_dns_name', 'www', 'www.example.com.', 'should be a relative domain name'),
    ('iso_8601', '2026-01-01T00:00:00Z', 'yesterday', "Error validating value "
                                                      "'yesterday'"),
    ('expiration', '2999-01-01T00:00:00Z', '2001-01-01T00:00:00Z', 'out of date'),
    ('timezone', 'Europe/Paris', 'Mars/Olympus', 'Invalid timezone'),
    ('cron_expression', '*/5 * * * *', 'every minute', 'Invalid CRON expression'),
    ('json_string', '{"a": 1}', '{a', 'JSON string {a is invalid'),
])
def test_custom_constraints_heat_checks_without_a_service(name, good, bad, message):
    c = parse({'custom_constraint': name})
    assert c.message(good) is None
    assert message in c.message(bad)


def test_a_constraint_needing_a_service_fails_rather_than_passing_unchecked():
    c = parse({'custom_constraint': 'nova.flavor'})
    assert c.name == 'nova.flavor'
    assert c.message('m1.small') == ('"m1.small" does not validate nova.flavor '
                                      '(heat-conv has no nova service to ask)')


def test_an_unknown_constraint_fails_as_in_heat():
    c = parse({'custom_constraint': 'my.own'})
    assert c.message('x') == '"x" does not validate my.own (constraint not found)'


def test_a_constraint_description_replaces_the_message():
    c = parse({'custom_constraint': 'ip_addr', 'description': 'An address, please.'})
    assert c.message('x') == 'An address, please.'


def test_description_replaces_the_default_message():
    c = parse({'length': {'max': 1}, 'description': 'Too long, sorry'})
    assert c.message('abc') == 'Too long, sorry'
    assert c.message('a') is None


@pytest.mark.parametrize('raw, param_type, path, fragment', [
    ('length', 'string', 'parameters.p.constraints.0', 'Each constraint must be a map'),
    ({}, 'string', 'parameters.p.constraints.0', 'needs exactly one of'),
    ({'length': {'min': 1}, 'range': {'min': 1}}, 'string', 'parameters.p.constraints.0',
     'needs exactly one of'),
    ({'size': 1}, 'string', 'parameters.p.constraints.0.size', 'not a valid constraint'),
    ({'length': {'min': 1}, 'description': 5}, 'string',
     'parameters.p.constraints.0.description', 'must be a string'),
    ({'length': {'min': 1}}, 'number', 'parameters.p.constraints.0.length',
     'A length constraint cannot apply to a number parameter'),
    ({'range': {'min': 1}}, 'string', 'parameters.p.constraints.0.range',
     'cannot apply to a string'),
    ({'allowed_pattern': 'a'}, 'number', 'parameters.p.constraints.0.allowed_pattern',
     'cannot apply to a number'),
    ({'length': 5}, 'string', 'parameters.p.constraints.0.length', 'Expected a map'),
    ({'length': {}}, 'string', 'parameters.p.constraints.0.length', 'Expected a map'),
    ({'length': {'low': 1}}, 'string', 'parameters.p.constraints.0.length.low',
     'use min or max'),
    ({'length': {'min': 'x'}}, 'string', 'parameters.p.constraints.0.length.min',
     'min must be a number'),
    ({'length': {'min': 1.5}}, 'string', 'parameters.p.constraints.0.length.min',
     'min must be an integer'),
    ({'range': {'min': 5, 'max': 1}}, 'number', 'parameters.p.constraints.0.range',
     'min must not be greater than max'),
    ({'allowed_values': 'a'}, 'string', 'parameters.p.constraints.0.allowed_values',
     'must be a list'),
    ({'allowed_pattern': 5}, 'string', 'parameters.p.constraints.0.allowed_pattern',
     'must be a string'),
    ({'allowed_pattern': '[a-'}, 'string', 'parameters.p.constraints.0.allowed_pattern',
     'Invalid regular expression'),
    ({'modulo': {'step': 2}}, 'number', 'parameters.p.constraints.0.modulo',
     'Expected a map with "step" and "offset"'),
    ({'modulo': {'step': 0, 'offset': 0}}, 'number', 'parameters.p.constraints.0.modulo',
     'step must not be 0'),
    ({'modulo': {'step': 2, 'offset': 2}}, 'number', 'parameters.p.constraints.0.modulo',
     'offset must be between 0 and step'),
    ({'modulo': {'step': 'x', 'offset': 0}}, 'number', 'parameters.p.constraints.0.modulo',
     'must be numbers'),
    ({'custom_constraint': 5}, 'string', 'parameters.p.constraints.0.custom_constraint',
     'must be a string'),
])
def test_invalid_constraint_definitions(raises_at, raw, param_type, path, fragment):
    with raises_at(exception.InvalidTemplate, path, fragment):
        parse(raw, param_type)
