"""The environment a child stack inherits from its parent resource's."""
from heat_conv.resources.heat import template_resource


def test_child_environment_carries_the_nested_registry_of_its_parent_resource():
    env = {'resource_registry': {
        'My::Type': 'my.yaml', 'Other': 'OS::Heat::None',
        'resources': {'web': {'hooks': 'pre-create', 'b': {'hooks': 'pre-update'}},
                      'db': {'x': {'hooks': 'pre-delete'}}}},
        'parameter_defaults': {'p': 1}}
    assert template_resource.child_environment(env, 'my.yaml', 'web') == {
        'resource_registry': {'Other': 'OS::Heat::None',
                              'resources': {'b': {'hooks': 'pre-update'}}},
        'parameter_defaults': {'p': 1}}
    assert template_resource.child_environment(env, None, 'nothing') == {
        'resource_registry': {'My::Type': 'my.yaml', 'Other': 'OS::Heat::None'},
        'parameter_defaults': {'p': 1}}
