import pytest

from heat_conv.common import exception
from heat_conv.hot import resource_registry as rr


def test_no_mapping_keeps_the_type():
    assert rr.ResourceRegistry().resolve('OS::Heat::TestResource') == (
        'OS::Heat::TestResource', None)


def test_alias():
    reg = rr.ResourceRegistry({'My::Server': 'OS::Heat::TestResource'})
    assert reg.resolve('My::Server') == ('OS::Heat::TestResource', None)


def test_aliases_are_followed_to_the_end():
    reg = rr.ResourceRegistry({'A::X': 'B::X', 'B::X': 'OS::Heat::None'})
    assert reg.resolve('A::X') == ('OS::Heat::None', None)


def test_wildcard_family():
    reg = rr.ResourceRegistry({'OS::Net::*': 'OS::Neutron::*'})
    assert reg.resolve('OS::Net::Port') == ('OS::Neutron::Port', None)
    assert reg.resolve('OS::Other') == ('OS::Other', None)


def test_longest_wildcard_wins():
    reg = rr.ResourceRegistry({'OS::*': 'Generic::*', 'OS::Net::*': 'Net::*'})
    assert reg.resolve('OS::Net::Port') == ('Net::Port', None)
    assert reg.resolve('OS::Nova::Server') == ('Generic::Nova::Server', None)


def test_nested_template_mapping_is_recorded():
    reg = rr.ResourceRegistry({'My::Server': 'server.yaml',
                               'My::Remote': 'https://example.com/t.template'})
    assert reg.resolve('My::Server') == ('My::Server', 'server.yaml')
    assert reg.resolve('My::Remote') == ('My::Remote', 'https://example.com/t.template')


def test_type_written_as_a_template_file():
    assert rr.ResourceRegistry().resolve('nested.yaml') == ('nested.yaml', 'nested.yaml')


def test_per_resource_mapping_applies_to_that_resource_only():
    reg = rr.ResourceRegistry({
        'My::Server': 'OS::Heat::TestResource',
        'resources': {'special': {'My::Server': 'OS::Heat::None'},
                      'group_*': {'My::Server': 'group.yaml'}}})
    assert reg.resolve('My::Server', 'special') == ('OS::Heat::None', None)
    assert reg.resolve('My::Server', 'other') == ('OS::Heat::TestResource', None)
    assert reg.resolve('My::Server', 'group_1') == ('My::Server', 'group.yaml')


@pytest.mark.parametrize('key, value, fragment', [
    ('hooks', ['pre-create', 'pre-lunch'], 'Invalid hook type "pre-lunch"'),
    ('hooks', 'post-delete', 'The post-delete hook is not supported by heat-conv yet'),
    ('restricted_actions', ['delete'],
     'Invalid restricted_action type "[\'delete\']" for resource, acceptable '
     "restricted_action types are: ('update', 'replace')"),
])
def test_directives_refused(raises_at, key, value, fragment):
    with raises_at(exception.InvalidEnvironment,
                   f'resource_registry.resources.web.{key}', fragment):
        rr.ResourceRegistry({'resources': {'web': {key: value}}})


def test_hooks_apply_to_the_names_and_globs_they_are_set_on():
    reg = rr.ResourceRegistry({'resources': {
        'web': {'hooks': 'pre-create'},
        'web*': {'hooks': ['pre-update', 'pre-delete']},
        'db': {'My::Server': 'OS::Heat::None', 'hooks': ['pre-delete']}}})
    assert reg.hooks_for('web') == {'pre-create', 'pre-update', 'pre-delete'}
    assert reg.hooks_for('web2') == {'pre-update', 'pre-delete'}
    assert reg.hooks_for('db') == {'pre-delete'}
    assert reg.hooks_for('other') == set()
    # hooks are not a type mapping
    assert reg.resolve('My::Server', 'db') == ('OS::Heat::None', None)


def test_empty_directives_are_accepted():
    reg = rr.ResourceRegistry({'resources': {'web': {'hooks': [],
                                                     'restricted_actions': None}}})
    assert reg.resolve('OS::Heat::None', 'web') == ('OS::Heat::None', None)


def test_restricted_actions_of_every_matching_entry_count():
    reg = rr.ResourceRegistry({'resources': {'bar': {'restricted_actions': ['update']},
                                             '*ar': {'restricted_actions': 'replace'},
                                             'baz': {'restricted_actions': 'update'}}})
    assert reg.restricted_actions('bar') == {'update', 'replace'}
    assert reg.restricted_actions('car') == {'replace'}
    assert reg.restricted_actions('web') == set()


def test_null_mapping_is_ignored():
    assert rr.ResourceRegistry({'My::X': None}).resolve('My::X') == ('My::X', None)


def test_identity_mapping_ends_resolution():
    assert rr.ResourceRegistry({'A': 'A'}).resolve('A') == ('A', None)


def test_mapping_loop_is_an_error(raises_at):
    reg = rr.ResourceRegistry({'A': 'B', 'B': 'A'})
    with raises_at(exception.InvalidEnvironment, 'resource_registry.A',
                   'Type mappings form a loop: A -> B -> A'):
        reg.resolve('A')


@pytest.mark.parametrize('raw, path, fragment', [
    (['A'], 'resource_registry', 'must be a map'),
    ({'A': 5}, 'resource_registry.A', 'A type mapping must map a type name'),
    ({'OS::*': 'Other'}, 'resource_registry.OS::*', 'wildcard type must map to a wildcard'),
    ({'resources': ['x']}, 'resource_registry.resources', 'Expected a map of resource names'),
    ({'resources': {'r': 'A'}}, 'resource_registry.resources.r', 'Expected a map of type'),
    ({'resources': {'r': {'A': 1}}}, 'resource_registry.resources.r.A',
     'A type mapping must map'),
])
def test_invalid_registry(raises_at, raw, path, fragment):
    with raises_at(exception.InvalidEnvironment, path, fragment):
        rr.ResourceRegistry(raw)


@pytest.mark.parametrize('name, expected', [
    ('a.yaml', True), ('a.yml', True), ('a.template', True),
    ('http://x/y', True), ('OS::Heat::None', False)])
def test_is_template_location(name, expected):
    assert rr.is_template_location(name) is expected


def test_nested_registries_reach_the_child_of_the_resources_they_name():
    reg = rr.ResourceRegistry({'resources': {
        'web': {'hooks': 'pre-create', 'server': {'hooks': ['pre-update']}},
        'w*': {'db': {'hooks': 'pre-delete'}, 'server': {'hooks': 'pre-create'}}}})
    # the exact name's entries win over a glob's
    assert reg.nested_resources('web') == {'server': {'hooks': ['pre-update']},
                                           'db': {'hooks': 'pre-delete'}}
    assert reg.nested_resources('worker') == {'db': {'hooks': 'pre-delete'},
                                              'server': {'hooks': 'pre-create'}}
    assert reg.nested_resources('other') == {}
    assert reg.hooks_for('web') == {'pre-create'}   # its own hook only
    child = rr.ResourceRegistry({'resources': reg.nested_resources('web')})
    assert child.hooks_for('server') == {'pre-update'}
    assert child.hooks_for('db') == {'pre-delete'}


def test_a_nested_registry_is_checked_up_front(raises_at):
    with raises_at(exception.InvalidEnvironment, 'resource_registry.resources.inner.hooks',
                   'Invalid hook type "pre-nothing"'):
        rr.ResourceRegistry({'resources': {'web': {'inner': {'hooks': 'pre-nothing'}}}})
