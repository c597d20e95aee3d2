"""The registry's answers about types: substitutes of deprecated names."""
from types import SimpleNamespace

from heat_conv.plugin_interface import registry
from heat_conv.resources.heat import software_deployment_group
from heat_conv.resources.heat import structured_deployment

DEPRECATED = 'OS::Heat::SoftwareDeployments'
SUBSTITUTE = 'OS::Heat::SoftwareDeploymentGroup'


def test_a_deprecated_name_is_substituted_by_its_replacement_only():
    assert registry.substitutes(DEPRECATED, SUBSTITUTE)
    assert registry.substitutes('OS::Heat::StructuredDeployments',
                                'OS::Heat::StructuredDeploymentGroup')
    assert not registry.substitutes(SUBSTITUTE, DEPRECATED)
    assert not registry.substitutes(DEPRECATED, 'OS::Heat::StructuredDeploymentGroup')
    assert not registry.substitutes(DEPRECATED, DEPRECATED)
    assert not registry.substitutes('No::Such::Type', SUBSTITUTE)


def test_the_plugin_of_a_row_being_substituted_is_the_substitutes():
    row = SimpleNamespace(type=DEPRECATED, nested_template=None, name='dep', stack_id='s',
                          properties_data={}, physical_resource_id='p',
                          attributes_data={}, uuid='u', rsrc_data={})
    assert type(registry.plugin_for(row)) is structured_deployment.SoftwareDeployments
    substituted = registry.plugin_for(row, definition=SimpleNamespace(type=SUBSTITUTE))
    assert type(substituted) is software_deployment_group.SoftwareDeploymentGroup
