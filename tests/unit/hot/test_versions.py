import datetime

import pytest

from heat_conv.common import exception
from heat_conv.hot import versions

ALL_DATES = ['2013-05-23', '2014-10-16', '2015-04-30', '2015-10-15', '2016-04-08',
             '2016-10-14', '2017-02-24', '2017-09-01', '2018-03-02', '2018-08-31',
             '2021-04-16']


def test_every_supported_version_is_known():
    assert sorted(versions.VERSIONS) == ALL_DATES


@pytest.mark.parametrize('name, date', [
    ('newton', '2016-10-14'), ('ocata', '2017-02-24'), ('pike', '2017-09-01'),
    ('queens', '2018-03-02'), ('rocky', '2018-08-31'), ('wallaby', '2021-04-16'),
])
def test_release_names_map_to_dates(name, date):
    assert versions.lookup(name).date == date
    assert name in versions.lookup(date).names


def test_date_objects_are_accepted():
    assert versions.lookup(datetime.date(2015, 10, 15)).date == '2015-10-15'


@pytest.mark.parametrize('raw', ['2012-01-01', 'mitaka', '', None, 20161014, 'latest'])
def test_unknown_version_is_rejected_at_the_version_key(raw):
    with pytest.raises(exception.InvalidTemplateVersion) as info:
        versions.lookup(raw)
    assert str(info.value).startswith('heat_template_version: ')
    assert 'Unknown template version' in str(info.value)


# (function, first version that has it)
INTRODUCED = [
    ('get_param', '2013-05-23'), ('get_resource', '2013-05-23'),
    ('get_attr', '2013-05-23'), ('get_file', '2013-05-23'),
    ('str_replace', '2013-05-23'), ('list_join', '2013-05-23'),
    ('repeat', '2015-04-30'), ('digest', '2015-04-30'),
    ('str_split', '2015-10-15'), ('map_merge', '2016-04-08'),
    ('map_replace', '2016-10-14'), ('if', '2016-10-14'),
    ('filter', '2017-02-24'), ('str_replace_strict', '2017-02-24'),
    ('list_concat', '2017-09-01'), ('list_concat_unique', '2017-09-01'),
    ('str_replace_vstrict', '2017-09-01'), ('make_url', '2017-09-01'),
    ('contains', '2017-09-01'),
]


@pytest.mark.parametrize('name, first', INTRODUCED)
def test_functions_exist_from_their_version_on(name, first):
    for date, spec in versions.VERSIONS.items():
        assert (name in spec.functions) == (date >= first), (name, date)
    assert versions.introduced_in(name) == first


@pytest.mark.parametrize('name, first', [
    ('equals', '2016-10-14'), ('not', '2016-10-14'), ('and', '2016-10-14'),
    ('or', '2016-10-14'), ('get_param', '2016-10-14'), ('contains', '2017-09-01'),
    ('if', '2021-04-16'),
])
def test_condition_functions_exist_from_their_version_on(name, first):
    for date, spec in versions.VERSIONS.items():
        assert (name in spec.condition_functions) == (date >= first), (name, date)


def test_condition_functions_are_not_value_functions():
    for name in ('equals', 'not', 'and', 'or'):
        assert all(name not in s.functions for s in versions.VERSIONS.values())


def test_conditions_section_and_keys_arrive_with_newton():
    for date, spec in versions.VERSIONS.items():
        newer = date >= '2016-10-14'
        assert spec.has_conditions == newer
        assert ('conditions' in spec.sections) == newer
        assert ('condition' in spec.resource_keys) == newer
        assert ('condition' in spec.output_keys) == newer
        assert ('delete' in spec.deletion_policies) == newer


def test_behaviour_flags_follow_heat_history():
    v = versions.VERSIONS
    assert not v['2015-04-30'].get_attr_all_attributes
    assert v['2015-10-15'].get_attr_all_attributes
    assert not v['2015-04-30'].list_join_many and v['2015-10-15'].list_join_many
    assert not v['2016-04-08'].repeat_replaces_keys and v['2016-10-14'].repeat_replaces_keys
    assert not v['2017-02-24'].repeat_permutations and v['2017-09-01'].repeat_permutations
    assert not v['2017-09-01'].modulo_constraint and v['2018-03-02'].modulo_constraint


def test_unsupported_functions_are_still_known_names():
    assert 'yaql' in versions.VERSIONS['2016-10-14'].unsupported
    assert 'Fn::Select' in versions.VERSIONS['2014-10-16'].unsupported
    assert 'Fn::Select' not in versions.VERSIONS['2015-10-15'].unsupported
    assert {'yaql', 'Fn::Join', 'resource_facade', 'list_concat'} <= versions.ALL_FUNCTION_NAMES


def test_introduced_in_unknown_name():
    assert versions.introduced_in('no_such_function') is None
