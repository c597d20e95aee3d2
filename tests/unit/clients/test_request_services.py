"""Service availability from the request's catalog, and what a template
is refused for when its types' services are missing or its values do not
pass their service constraints (asked only when the catalog has the
service: these need no cloud)."""
import pytest

from heat_conv.clients import request_services
from heat_conv.common import context
from heat_conv.common import exception
from heat_conv.hot import template as hot_template
from heat_conv.plugin_interface import properties
from heat_conv.plugin_interface import template_check
from heat_conv.resources.openstack import base as openstack_base
from heat_conv.resources.simulated import test_resource


def _endpoint(interface, region='RegionOne', url='http://cloud.test/x'):
    return {'interface': interface, 'region': region, 'region_id': region, 'url': url}


CATALOG = [
    {'type': 'compute', 'name': 'nova', 'id': '1',
     'endpoints': [_endpoint('public'), _endpoint('internal')]},
    {'type': 'volumev3', 'name': 'cinderv3', 'id': '2', 'endpoints': [_endpoint('public')]},
    {'type': 'image', 'name': 'glance', 'id': '3',
     'endpoints': [_endpoint('public', region='RegionTwo')]},
]


class Server(openstack_base.OpenStackResource):
    type_name = 'Test::Nova::Server'
    service_type = 'compute'
    service_name = 'nova'
    properties_schema = {
        'flavor': properties.Property(constraint='nova.flavor'),
        'networks': properties.Property(type='list', item=properties.Property(
            type='map', schema={'network': properties.Property(
                constraint='neutron.network')})),
    }


class Net(openstack_base.OpenStackResource):
    type_name = 'Test::Neutron::Net'
    service_type = 'network'
    service_name = 'neutron'


TYPES = {'Test::Nova::Server': Server, 'Test::Neutron::Net': Net,
         'OS::Heat::TestResource': test_resource.TestResource}


@pytest.fixture
def trustee(conf):
    conf('auth_type', 'password', group='trustee')


def _services(catalog=CATALOG):
    return request_services.RequestServices(context.RequestContext(
        project_id='p', service_catalog=catalog, overwrite=False))


def test_a_type_is_available_when_the_catalog_has_its_service(trustee):
    services = _services()
    assert services.unavailable('compute') is None
    # Cinder's catalog type volumev3 is block-storage by another name.
    assert services.unavailable('block-storage') is None
    assert services.unavailable('network') == \
        'no public endpoint of type network in the service catalog'


def test_the_configured_interface_and_region_decide(trustee, conf):
    conf('endpoint_type', 'adminURL', group='clients_nova')
    conf('region_name_for_services', 'RegionOne')
    services = _services()
    assert services.unavailable('compute') == \
        'no admin endpoint in region RegionOne of type compute in the service catalog'
    assert services.unavailable('image') == \
        'no public endpoint in region RegionOne of type image in the service catalog'
    conf('region_name', 'RegionTwo', group='clients_glance')
    assert _services().unavailable('image') is None


def test_without_a_catalog_or_a_trustee_nothing_is_available(conf):
    assert _services(catalog=None).unavailable('compute') == request_services.NO_CATALOG
    assert _services().unavailable('compute') == request_services.NO_TRUSTEE


def _check(services, body):
    tmpl = hot_template.Template.load(dict({'heat_template_version': '2018-08-31'}, **body))
    return template_check.check_resources(tmpl.bind(stack_name='s'), _get_class,
                                          services=services)


def _get_class(type_name, path=(), nested_template=None):
    return TYPES[type_name]


def test_a_type_whose_service_is_missing_is_unavailable(trustee):
    body = {'resources': {'net': {'type': 'Test::Neutron::Net'},
                          'other': {'type': 'OS::Heat::TestResource'}}}
    with pytest.raises(exception.ResourceTypeUnavailable) as caught:
        _check(_services(), body)
    assert str(caught.value) == (
        'resources.net.type: HEAT-E99001 Service neutron is not available for resource '
        'type Test::Neutron::Net, reason: no public endpoint of type network in the '
        'service catalog.')
    # Heat's ignore_errors=99001 passes over it.
    tmpl = hot_template.Template.load(dict({'heat_template_version': '2018-08-31'}, **body))
    template_check.check_resources(tmpl.bind(stack_name='s'), _get_class,
                                   ignore_unavailable=True, services=_services())


def test_in_noauth_mode_openstack_types_say_why_they_are_unavailable():
    body = {'resources': {'server': {'type': 'Test::Nova::Server'}}}
    with pytest.raises(exception.ResourceTypeUnavailable) as caught:
        _check(_services(catalog=None), body)
    assert 'reason: the request has no service catalog (auth_strategy = noauth)' \
        in str(caught.value)


def test_a_constraint_of_a_service_not_in_the_catalog_names_the_property(trustee):
    body = {'resources': {'server': {'type': 'Test::Nova::Server', 'properties': {
        'flavor': {'get_resource': 'other'},     # known later: not checked now
        'networks': [{'network': 'private'}]}},
        'other': {'type': 'OS::Heat::TestResource'}}}
    with pytest.raises(exception.InvalidProperties) as caught:
        _check(_services(), body)
    assert caught.value.path == ('resources', 'server', 'properties', 'networks', 0,
                                 'network')
    assert caught.value.reason == (
        '"private" does not validate neutron.network (it cannot be checked: no '
        'public endpoint of type network in the service catalog)')


def test_a_parameter_constraint_heat_conv_cannot_check_is_refused(trustee):
    services = _services()
    assert services.check_constraint('designate.zone', 'example.org.') == \
        '"example.org." does not validate designate.zone (heat-conv cannot check it)'
