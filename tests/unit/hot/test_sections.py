import pytest

from heat_conv.common import exception
from heat_conv.hot import sections
from heat_conv.hot import versions

NEW = versions.VERSIONS['2018-08-31']
OLD = versions.VERSIONS['2015-10-15']


def test_known_top_level_sections_pass():
    sections.check_top_level({'heat_template_version': 'x', 'description': '',
                              'parameter_groups': [], 'parameters': {}, 'resources': {},
                              'outputs': {}, 'conditions': {}}, NEW)


def test_unknown_top_level_section(raises_at):
    with raises_at(exception.InvalidTemplate, 'resource',
                   '"resource" is not a valid template section'):
        sections.check_top_level({'resource': {}}, NEW)


def test_conditions_section_before_newton(raises_at):
    with raises_at(exception.InvalidTemplate, 'conditions',
                   'The "conditions" section needs heat_template_version 2016-10-14 or '
                   'later; this template is 2015-10-15'):
        sections.check_top_level({'conditions': {}}, OLD)


def test_resource_fields_are_parsed():
    resources = sections.parse_resources({
        'web': {'type': 'OS::Heat::TestResource', 'properties': {'value': 1},
                'metadata': {'m': 1}, 'depends_on': 'db', 'deletion_policy': 'Retain',
                'update_policy': {'batch': 1}, 'description': 'The web tier',
                'condition': 'c'},
        'db': {'type': 'OS::Heat::None'}}, NEW)
    web = resources['web']
    assert (web.name, web.type, web.properties, web.metadata, web.depends_on) == (
        'web', 'OS::Heat::TestResource', {'value': 1}, {'m': 1}, ['db'])
    assert (web.deletion_policy, web.update_policy, web.description, web.condition) == (
        'Retain', {'batch': 1}, 'The web tier', 'c')
    db = resources['db']
    assert (db.properties, db.depends_on, db.deletion_policy, db.condition) == (
        None, [], 'Delete', None)
    assert list(resources) == ['web', 'db']


def test_external_id_is_kept():
    res = sections.parse_resources({'web': {'type': 'T', 'external_id': 'abc'}}, NEW)
    assert res['web'].external_id == 'abc'


def test_depends_on_list():
    resources = sections.parse_resources({'a': {'type': 'T', 'depends_on': ['b', 'c']},
                                          'b': {'type': 'T'}, 'c': {'type': 'T'}}, NEW)
    assert resources['a'].depends_on == ['b', 'c']


def test_empty_resources_section():
    assert sections.parse_resources(None, NEW) == {}


@pytest.mark.parametrize('raw, exc, path, fragment', [
    (['a'], exception.InvalidTemplate, 'resources', 'must be a map of resource names'),
    ({'a': 'T'}, exception.InvalidTemplate, 'resources.a', 'Each resource must be a map'),
    ({'a': {'properties': {}}}, exception.InvalidTemplate, 'resources.a',
     'Each resource must contain a "type" key'),
    ({'a': {'type': 5}}, exception.InvalidTemplate, 'resources.a.type',
     'must be a non-empty string'),
    ({'a': {'type': 'T', 'propertys': {}}}, exception.InvalidTemplate,
     'resources.a.propertys', '"propertys" is not a valid keyword inside a resource'),
    ({'a': {'type': 'T', 'properties': [1]}}, exception.InvalidTemplate,
     'resources.a.properties', 'The properties must be a map, not a list'),
    ({'a': {'type': 'T', 'metadata': 'x'}}, exception.InvalidTemplate, 'resources.a.metadata',
     'must be a map'),
    ({'a': {'type': 'T', 'update_policy': 1}}, exception.InvalidTemplate,
     'resources.a.update_policy', 'must be a map'),
    ({'a': {'type': 'T', 'description': 1}}, exception.InvalidTemplate,
     'resources.a.description', 'must be a string'),
    ({'a': {'type': 'T', 'depends_on': 5}}, exception.InvalidTemplate, 'resources.a.depends_on',
     'depends_on must be a resource name or a list'),
    ({'a': {'type': 'T', 'depends_on': ['b', 5]}, 'b': {'type': 'T'}},
     exception.InvalidTemplate, 'resources.a.depends_on.1', 'must be a resource name'),
    ({'a': {'type': 'T', 'depends_on': ['ghost']}}, exception.InvalidReference,
     'resources.a.depends_on.0', 'The resource "ghost" is not defined'),
    ({'a': {'type': 'T', 'deletion_policy': 'Destroy'}}, exception.InvalidTemplate,
     'resources.a.deletion_policy', "Invalid deletion policy 'Destroy'"),
])
def test_invalid_resources(raises_at, raw, exc, path, fragment):
    with raises_at(exc, path, fragment):
        sections.parse_resources(raw, NEW)


def test_condition_key_before_newton(raises_at):
    with raises_at(exception.InvalidTemplate, 'resources.a.condition',
                   '"condition" needs heat_template_version 2016-10-14 or later'):
        sections.parse_resources({'a': {'type': 'T', 'condition': True}}, OLD)


def test_deletion_policy_from_a_function_is_checked_later():
    res = sections.parse_resources({'a': {'type': 'T', 'deletion_policy': {
        'get_param': 'policy'}}}, NEW)
    assert res['a'].deletion_policy == {'get_param': 'policy'}


@pytest.mark.parametrize('policy, expected', [('Delete', 'Delete'), ('Retain', 'Retain'),
                                              ('delete', 'Delete'), ('retain', 'Retain'),
                                              ('Snapshot', 'Snapshot'),
                                              ('snapshot', 'Snapshot')])
def test_deletion_policy_spellings(policy, expected):
    assert sections.normalise_deletion_policy(policy, NEW, ('p',)) == expected


def test_lowercase_deletion_policy_needs_newton(raises_at):
    with raises_at(exception.InvalidTemplate, 'p', "Invalid deletion policy 'retain'"):
        sections.normalise_deletion_policy('retain', OLD, ('p',))


def test_outputs_are_parsed():
    outputs = sections.parse_outputs({'url': {'value': {'get_attr': ['a', 'b']},
                                              'description': 'The URL', 'condition': 'c'},
                                      'plain': {'value': None}}, NEW)
    assert outputs['url'].value == {'get_attr': ['a', 'b']}
    assert (outputs['url'].description, outputs['url'].condition) == ('The URL', 'c')
    assert (outputs['plain'].value, outputs['plain'].description) == (None, '')
    assert sections.parse_outputs(None, NEW) == {}


@pytest.mark.parametrize('raw, path, fragment', [
    ({'o': {'description': 'x'}}, 'outputs.o', 'Each output must contain a "value" key'),
    ({'o': {'Value': 1}}, 'outputs.o.Value',
     '"Value" is not a valid keyword inside an output definition'),
    ({'o': {'value': 1, 'description': 5}}, 'outputs.o.description', 'must be a string'),
    ({'o': 1}, 'outputs.o', 'Each output must be a map'),
    ([1], 'outputs', 'must be a map of output names'),
])
def test_invalid_outputs(raises_at, raw, path, fragment):
    with raises_at(exception.InvalidTemplate, path, fragment):
        sections.parse_outputs(raw, NEW)


def test_unknown_output_keys_are_ignored_as_in_heat():
    outputs = sections.parse_outputs({'o': {'value': 1, 'valeu': 2, 'export': True}}, NEW)
    assert (outputs['o'].value, outputs['o'].description) == (1, '')


def test_output_condition_before_newton(raises_at):
    with raises_at(exception.InvalidTemplate, 'outputs.o.condition', 'needs'):
        sections.parse_outputs({'o': {'value': 1, 'condition': True}}, OLD)
