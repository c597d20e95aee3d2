"""A plugin's property schema: constraints that need no service
(``net_cidr``) are checked with the value; only service constraints
(``neutron.network``) are left for the request's service checks."""
import pytest

from heat_conv.common import exception
from heat_conv.resources import properties

SCHEMA = {
    'cidr': properties.Property('string', constraint='net_cidr'),
    'network': properties.Property('string', constraint='neutron.network'),
    'routes': properties.Property('list', item=properties.Property('map', schema={
        'destination': properties.Property('string', constraint='net_cidr')})),
}


def test_a_local_constraint_is_checked_with_the_value():
    valid = properties.validate(SCHEMA, {'cidr': '10.0.0.0/24',
                                         'routes': [{'destination': '10.1.0.0/16'}]})
    assert valid['cidr'] == '10.0.0.0/24'
    with pytest.raises(exception.InvalidProperties) as raised:
        properties.validate(SCHEMA, {'cidr': '10.0.0.1/24'}, path=('subnet',))
    assert raised.value.path == ('subnet', 'cidr')
    assert 'Invalid net cidr' in str(raised.value)
    with pytest.raises(exception.InvalidProperties) as raised:
        properties.validate(SCHEMA, {'routes': [{'destination': 'nowhere'}]})
    assert raised.value.path == ('routes', 0, 'destination')


def test_only_service_constraints_are_left_to_the_services():
    given = {'cidr': '10.0.0.0/24', 'network': 'private',
             'routes': [{'destination': '10.1.0.0/16'}]}
    assert list(properties.constrained_values(SCHEMA, given, ('r',))) == [
        ('neutron.network', 'private', ('r', 'network'))]
