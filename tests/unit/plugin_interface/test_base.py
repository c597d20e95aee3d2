"""A plugin's constraints at a request's validation: a service constraint
(``neutron.network``) is asked of the request's services, another
(``net_cidr``) is checked here; asking a service about net_cidr refused
every Subnet cidr ('heat-conv cannot check it')."""
import pytest

from heat_conv.common import exception
from heat_conv.plugin_interface import base
from heat_conv.plugin_interface import properties


class Routed(base.Resource):
    type_name = 'Test::Routed'
    properties_schema = {
        'cidr': properties.Property('string', constraint='net_cidr'),
        'network': properties.Property('string', constraint='neutron.network'),
        'routes': properties.Property('list', item=properties.Property('map', schema={
            'destination': properties.Property('string', constraint='net_cidr')})),
    }


class Services:
    """The request's services: every value they are asked about passes."""

    def __init__(self):
        self.asked = []

    def check_constraint(self, name, value):
        self.asked.append((name, value))
        return None


def test_only_service_constraints_are_asked_of_the_services():
    services = Services()
    Routed.check_constraints({'cidr': '10.0.0.0/24', 'network': 'private',
                              'routes': [{'destination': '10.1.0.0/16'}]}, services)
    assert services.asked == [('neutron.network', 'private')]


@pytest.mark.parametrize('given, path', [
    ({'cidr': '10.0.0.1/24'}, ('r', 'cidr')),
    ({'routes': [{'destination': 'nowhere'}]}, ('r', 'routes', 0, 'destination')),
])
def test_a_bad_value_of_a_local_constraint_is_refused_naming_its_path(given, path):
    services = Services()
    with pytest.raises(exception.InvalidProperties) as raised:
        Routed.check_constraints(given, services, path=('r',))
    assert raised.value.path == path
    assert 'Error validating value' in str(raised.value)
    assert services.asked == []
