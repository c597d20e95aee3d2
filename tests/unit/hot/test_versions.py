import datetime

import pytest

from heat_conv.common import exception
from heat_conv.hot import versions

ALL_DATES = ['2013-05-23', '2014-10-16', '2015-04-30', '2015-10-15', '2016-04-08',
             '2016-10-14', '2017-02-24', '2017-09-01', '2018-03-02', '2018-08-31',
             '2021-04-16']


def hot_specs():
    return {d: s for d, s in versions.VERSIONS.items() if s.kind == 'hot'}


def test_every_supported_version_is_known():
    assert sorted(hot_specs()) == ALL_DATES
    assert [s.label for s in versions.of_key('AWSTemplateFormatVersion')] == [
        'AWSTemplateFormatVersion.2010-09-09']
    assert [s.label for s in versions.of_key('HeatTemplateFormatVersion')] == [
        'HeatTemplateFormatVersion.2012-12-12']


@pytest.mark.parametrize('name, date', [
    ('newton', '2016-10-14'), ('ocata', '2017-02-24'), ('pike', '2017-09-01'),
    ('queens', '2018-03-02'), ('rocky', '2018-08-31'), ('wallaby', '2021-04-16'),
])
def test_release_names_map_to_dates(name, date):
    assert versions.lookup(name).date == date
    assert name in versions.lookup(date).names


def test_date_objects_are_accepted():
    assert versions.lookup(datetime.date(2015, 10, 15)).date == '2015-10-15'


HOT_CHOICES = ('2013-05-23, 2014-10-16, 2015-04-30, 2015-10-15, 2016-04-08, 2016-10-14, '
               '2017-02-24, 2017-09-01, 2018-03-02, 2018-08-31, 2021-04-16, newton, '
               'ocata, pike, queens, rocky, wallaby')


@pytest.mark.parametrize('raw', ['2012-01-01', 'mitaka', '', None, 20161014, 'latest'])
def test_unknown_version_has_heats_message(raw):
    with pytest.raises(exception.InvalidTemplateVersion) as info:
        versions.lookup(raw)
    assert str(info.value) == (
        f'The template version is invalid: "heat_template_version: {raw}". '
        f'"heat_template_version" should be one of: {HOT_CHOICES}')


def test_unknown_cfn_version_has_heats_message():
    with pytest.raises(exception.InvalidTemplateVersion) as info:
        versions.lookup('2010-09-10', 'AWSTemplateFormatVersion')
    assert str(info.value) == (
        'The template version is invalid: "AWSTemplateFormatVersion: 2010-09-10". '
        '"AWSTemplateFormatVersion" should be: 2010-09-09')


@pytest.mark.parametrize('body, explanation', [
    ({'resources': {}}, 'Template version was not provided'),
    ({'heat_template_version': 20161014}, 'Template version was not provided'),
    ({'heat_template_version': '2016-10-14', 'AWSTemplateFormatVersion': '2010-09-09'},
     'Ambiguous versions (AWSTemplateFormatVersion, heat_template_version)'),
])
def test_detect_missing_or_ambiguous_version(body, explanation):
    with pytest.raises(exception.InvalidTemplateVersion) as info:
        versions.detect(body)
    assert str(info.value) == f'The template version is invalid: {explanation}'


@pytest.mark.parametrize('body, label', [
    ({'heat_template_version': 'pike'}, 'heat_template_version.2017-09-01'),
    ({'AWSTemplateFormatVersion': '2010-09-09'}, 'AWSTemplateFormatVersion.2010-09-09'),
    ({'HeatTemplateFormatVersion': '2012-12-12'}, 'HeatTemplateFormatVersion.2012-12-12'),
])
def test_detect_finds_each_format(body, label):
    assert versions.detect(body).label == label


def test_by_date_finds_every_version():
    for date, spec in versions.VERSIONS.items():
        assert versions.by_date(date) is spec
    assert versions.by_date('rocky').date == '2018-08-31'


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
    for date, spec in hot_specs().items():
        assert (name in spec.functions) == (date >= first), (name, date)
    assert versions.introduced_in(name) == first


@pytest.mark.parametrize('name, first', [
    ('equals', '2016-10-14'), ('not', '2016-10-14'), ('and', '2016-10-14'),
    ('or', '2016-10-14'), ('get_param', '2016-10-14'), ('contains', '2017-09-01'),
    ('if', '2021-04-16'), ('yaql', '2017-09-01'),
])
def test_condition_functions_exist_from_their_version_on(name, first):
    for date, spec in hot_specs().items():
        assert (name in spec.condition_functions) == (date >= first), (name, date)


def test_condition_functions_are_not_value_functions():
    for name in ('equals', 'not', 'and', 'or'):
        assert all(name not in s.functions for s in versions.VERSIONS.values())


def test_conditions_section_and_keys_arrive_with_newton():
    for date, spec in hot_specs().items():
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


def test_every_heat_function_is_supported():
    assert all(not spec.unsupported for spec in versions.VERSIONS.values())
    assert {'yaql', 'Fn::Join', 'resource_facade', 'list_concat', 'Ref',
            'Fn::FindInMap', 'Fn::If'} <= versions.ALL_FUNCTION_NAMES


# (function, HOT versions that have it) -- Heat drops the CloudFormation
# functions from HOT in two steps.
CFN_IN_HOT = [
    ('Ref', {'2013-05-23'}), ('Fn::Join', {'2013-05-23'}),
    ('Fn::Base64', {'2013-05-23'}), ('Fn::GetAZs', {'2013-05-23'}),
    ('Fn::ResourceFacade', {'2013-05-23'}),
    ('Fn::Select', {'2013-05-23', '2014-10-16', '2015-04-30'}),
]


@pytest.mark.parametrize('name, dates', CFN_IN_HOT)
def test_cfn_functions_in_early_hot_versions(name, dates):
    for date, spec in hot_specs().items():
        assert (name in spec.functions) == (date in dates), (name, date)


def test_resource_facade_and_yaql_in_hot():
    for date, spec in hot_specs().items():
        assert 'resource_facade' in spec.functions
        assert ('yaql' in spec.functions) == (date >= '2016-10-14')


CFN_FUNCTIONS = {'Ref', 'Fn::GetAtt', 'Fn::Join', 'Fn::Select', 'Fn::Split', 'Fn::Replace',
                 'Fn::Base64', 'Fn::FindInMap', 'Fn::GetAZs', 'Fn::MemberListToMap',
                 'Fn::ResourceFacade'}


def test_cloudformation_versions():
    aws = versions.lookup('2010-09-09', 'AWSTemplateFormatVersion')
    heat = versions.lookup('2012-12-12', 'HeatTemplateFormatVersion')
    assert aws.kind == heat.kind == 'cfn'
    assert aws.functions == CFN_FUNCTIONS | {'Fn::If'}
    assert heat.functions == CFN_FUNCTIONS
    assert aws.condition_functions == {'Fn::Equals', 'Ref', 'Fn::FindInMap', 'Fn::Not',
                                       'Fn::And', 'Fn::Or'}
    assert not heat.has_conditions
    assert aws.sections == {'AWSTemplateFormatVersion', 'Description', 'Parameters',
                            'Mappings', 'Conditions', 'Resources', 'Outputs'}
    assert 'Conditions' not in heat.sections and 'Mappings' in heat.sections
    assert {'Condition', 'DependsOn', 'DeletionPolicy', 'UpdatePolicy'} <= aws.resource_keys
    assert 'Condition' not in heat.resource_keys
    assert aws.output_keys == {'Value', 'Description', 'Condition'}
    assert aws.names == ['2010-09-09']


def test_first_with_stays_within_a_format():
    heat = versions.VERSIONS['2012-12-12']
    assert versions.describe_first_with(heat, 'sections', 'Conditions') == \
        'AWSTemplateFormatVersion 2010-09-09'
    assert versions.describe_first_with(heat, 'sections', 'conditions') is None
    old = versions.VERSIONS['2015-10-15']
    assert versions.describe_first_with(old, 'sections', 'conditions') == \
        'heat_template_version 2016-10-14 or later'


def test_introduced_in_unknown_name():
    assert versions.introduced_in('no_such_function') is None
