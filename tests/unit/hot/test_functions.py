import dataclasses

import pytest

from heat_conv.common import exception
from heat_conv.hot import functions
from heat_conv.hot import versions

PATH = ('resources', 'r', 'properties', 'p', 'fn')


def spec(date):
    return versions.VERSIONS[date]


def test_table_has_every_function_of_the_version():
    for date, s in versions.VERSIONS.items():
        table = functions.table(date)
        assert set(table) == set(s.functions | s.condition_functions)
        assert all(fn.name == name for name, fn in table.items())


def test_lookup_returns_a_function_configured_for_the_version():
    fn = functions.lookup(spec('2015-10-15'), 'list_join', False, PATH)
    assert fn.spec.date == '2015-10-15'
    assert fn.name == 'list_join'


def unknown(date, name, in_condition=False):
    with pytest.raises(exception.UnknownFunction) as info:
        functions.lookup(spec(date), name, in_condition, PATH)
    assert str(info.value).startswith('resources.r.properties.p.fn: ')
    return str(info.value)


def test_function_from_a_later_version():
    assert 'The function "list_concat" needs heat_template_version 2017-09-01 or later; ' \
           'this template is 2015-10-15' in unknown('2015-10-15', 'list_concat')


def test_condition_function_in_a_value():
    assert 'can only be used in a condition' in unknown('2018-08-31', 'equals')


def test_value_function_in_a_condition():
    assert 'The function "get_resource" cannot be used in a condition' in unknown(
        '2018-08-31', 'get_resource', in_condition=True)


def test_if_in_a_condition_needs_wallaby():
    assert 'cannot be used in a condition' in unknown('2018-08-31', 'if', True)
    assert functions.lookup(spec('2021-04-16'), 'if', True, PATH).name == 'if'


def test_unsupported_function():
    # No version lacks a Heat function today; the table still says so when
    # one does.
    lacking = dataclasses.replace(spec('2016-10-14'), unsupported=frozenset({'yaql'}),
                                  functions=spec('2016-10-14').functions - {'yaql'})
    with pytest.raises(exception.UnknownFunction) as info:
        functions.lookup(lacking, 'yaql', False, PATH)
    assert 'The function "yaql" is not supported by heat-conv' in str(info.value)


def test_cfn_functions_of_the_first_hot_version():
    for name in ('Ref', 'Fn::Join', 'Fn::Select', 'Fn::Base64', 'resource_facade'):
        assert functions.lookup(spec('2013-05-23'), name, False, PATH).name == name
    assert functions.lookup(spec('2014-10-16'), 'Fn::Select', False, PATH)
    assert 'is not available in heat_template_version 2014-10-16' in unknown(
        '2014-10-16', 'Fn::Join')


def test_cloudformation_version_wording():
    assert 'The function "Fn::If" is not available in HeatTemplateFormatVersion ' \
        '2012-12-12' in unknown('2012-12-12', 'Fn::If')
    assert 'The function "get_param" is not available in AWSTemplateFormatVersion ' \
        '2010-09-09' in unknown('2010-09-09', 'get_param')


def test_removed_function():
    assert 'The function "Fn::Select" is not available in heat_template_version ' \
           '2015-10-15' in unknown('2015-10-15', 'Fn::Select')


def test_condition_function_before_conditions_existed():
    assert 'needs heat_template_version 2016-10-14' in unknown('2015-10-15', 'equals')


def test_every_function_describes_itself_for_the_function_list_api():
    for date in versions.VERSIONS:
        for name, fn in functions.table(date).items():
            assert (type(fn).__doc__ or '').strip(), name
