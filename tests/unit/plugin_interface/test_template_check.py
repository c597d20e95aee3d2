import pytest

from heat_conv.api import options as api_options  # noqa: F401 ([api] auth_strategy: the checks run as the API runs them)
from heat_conv.common import exception
from heat_conv.hot import template
from heat_conv.plugin_interface import registry

T = 'OS::Heat::TestResource'


def check(resources, outputs=None, environment=None, ignore_unavailable=False,
          version='2016-10-14'):
    body = {'heat_template_version': version, 'resources': resources}
    if outputs:
        body['outputs'] = outputs
    bound = template.Template.load(body, environment=environment).bind({}, 's', 'i', 'p')
    registry.check_template(bound, ignore_unavailable=ignore_unavailable)


def test_a_valid_template_passes():
    check({'a': {'type': T, 'properties': {'value': 'x'}},
           'b': {'type': T, 'properties': {'value': {'get_attr': ['a', 'output']}}}},
          {'o': {'value': {'get_attr': ['b', 'output']}},
           'all': {'value': {'get_attr': ['a']}},
           's': {'value': {'get_attr': ['a', 'show']}}})


def test_unknown_attribute_of_a_resource_is_rejected(raises_at):
    with raises_at(exception.InvalidTemplateAttribute, 'resources.b',
                   'The Referenced Attribute (a nope) is incorrect.'):
        check({'a': {'type': T},
               'b': {'type': T, 'properties': {'value': {'get_attr': ['a', 'nope']}}}})


def test_unknown_attribute_in_an_output_is_rejected(raises_at):
    with raises_at(exception.InvalidTemplateAttribute, 'outputs.o',
                   'The Referenced Attribute (a value) is incorrect.'):
        check({'a': {'type': T}}, {'o': {'value': {'get_attr': ['a', 'value', 'x']}}})


def test_attribute_of_an_aliased_type_is_checked_against_the_real_type(raises_at):
    env = {'resource_registry': {'My::Res': 'OS::Heat::RandomString'}}
    check({'a': {'type': 'My::Res'}}, {'o': {'value': {'get_attr': ['a', 'value']}}},
          environment=env)
    with raises_at(exception.InvalidTemplateAttribute, 'outputs.o'):
        check({'a': {'type': 'My::Res'}}, {'o': {'value': {'get_attr': ['a', 'output']}}},
              environment=env)


def test_none_offers_every_attribute_as_heat_does():
    """TripleO maps its services onto OS::Heat::None and still reads their
    role_data: Heat answers None for any attribute of it."""
    env = {'resource_registry': {'OS::TripleO::Services::Sahara': 'OS::Heat::None'}}
    check({'svc': {'type': 'OS::TripleO::Services::Sahara',
                   'properties': {'ServiceData': {'net': 'x'}, 'EndpointMap': {}}},
           'user': {'type': T, 'properties': {
               'value': {'get_attr': ['svc', 'role_data', 'config_settings']}}}},
          {'o': {'value': {'get_attr': ['svc', 'role_data']}},
           'direct': {'value': {'get_attr': ['svc', 'anything', 0]}}}, environment=env)


def test_cfn_paths(raises_at):
    body = {'AWSTemplateFormatVersion': '2010-09-09',
            'Resources': {'a': {'Type': T, 'Properties': {'colour': 'red'}}}}
    bound = template.Template.load(body).bind({}, 's', 'i', 'p')
    with raises_at(exception.InvalidProperties, 'Resources.a.Properties.colour',
                   'Unknown property colour'):
        registry.check_template(bound)


def test_unknown_property_and_type(raises_at):
    with raises_at(exception.InvalidProperties, 'resources.a.properties.colour'):
        check({'a': {'type': T, 'properties': {'colour': 'red'}}})
    with raises_at(exception.UnknownResourceType, 'resources.a.type',
                   'The Resource Type (My::Nothing) could not be found.'):
        check({'a': {'type': 'My::Nothing'}})


def test_unavailable_types_can_be_passed_over(raises_at):
    resources = {'srv': {'type': 'OS::Nova::Server', 'properties': {'flavor': 'm1'}},
                 'a': {'type': T, 'properties': {
                     'value': {'get_attr': ['srv', 'first_address']}}}}
    with raises_at(exception.ResourceTypeUnavailable, 'resources.srv.type',
                   'HEAT-E99001 Service nova is not available for resource type '
                   'OS::Nova::Server'):
        check(resources)
    check(resources, ignore_unavailable=True)


@pytest.mark.parametrize('type_name, fragment', [
    ('AWS::EC2::Instance', 'Service nova'),
    ('AWS::EC2::Volume', 'Service cinder'),
    ('OS::Neutron::LBaaS::Pool', 'Service octavia'),
    ('OS::Heat::SwiftSignal', 'Service swift'),
    ('OS::Heat::HARestarter', 'heat-conv does not implement it yet'),
])
def test_unavailable_reasons(raises_at, type_name, fragment):
    with raises_at(exception.ResourceTypeUnavailable, 'resources.x.type', fragment):
        check({'x': {'type': type_name}})


def test_snapshot_deletion_policy_needs_a_type_that_snapshots(raises_at):
    check({'a': {'type': T, 'deletion_policy': 'Snapshot'}})
    with raises_at(exception.InvalidTemplate, 'resources.v.deletion_policy',
                   '"Snapshot" deletion policy not supported'):
        check({'v': {'type': 'OS::Heat::Value', 'properties': {'value': 1},
                     'deletion_policy': 'Snapshot'}})


def _check_with_every_type(resources):
    # The Neutron types need Keystone auth to be available: looked up
    # without that condition, as a keystone API would find them.
    from heat_conv.plugin_interface import plugin_loader
    from heat_conv.plugin_interface import template_check
    body = {'heat_template_version': '2016-10-14', 'resources': resources}
    bound = template.Template.load(body).bind({}, 's', 'i', 'p')
    template_check.check_resources(
        bound, lambda name, path=(), nested_template=None: plugin_loader.load(name))


def test_a_deprecated_property_name_gives_the_required_property_it_was_renamed_to():
    # Heat's translation: a subnet's network_id is its network.
    _check_with_every_type({
        'net': {'type': 'OS::Neutron::Net'},
        'subnet': {'type': 'OS::Neutron::Subnet', 'properties': {
            'network_id': {'get_resource': 'net'}, 'cidr': '10.0.0.0/24'}}})
    with pytest.raises(exception.PropertyError, match='Property network not assigned'):
        _check_with_every_type({'subnet': {'type': 'OS::Neutron::Subnet',
                                           'properties': {'cidr': '10.0.0.0/24'}}})
