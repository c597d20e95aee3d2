"""A request's checks of a plugin's property constraints (Resource.check_constraints)."""
import pytest

from heat_conv.common import exception
from heat_conv.resources.openstack.neutron import subnet


class Services:
    """What a request can reach: it answers service constraints only, and
    records what it was asked."""

    def __init__(self):
        self.asked = []

    def check_constraint(self, name, value):
        self.asked.append(name)
        return None


def test_a_valid_cidr_passes_without_asking_a_service():
    services = Services()
    subnet.Subnet.check_constraints({'cidr': '10.0.0.0/22', 'network': 'n1'},
                                    services)
    # net_cidr needs no service; the network is Neutron's to check.
    assert services.asked == ['neutron.network']


def test_an_invalid_cidr_names_the_property():
    with pytest.raises(exception.InvalidProperties) as caught:
        subnet.Subnet.check_constraints({'cidr': '10.0.0.1/22'}, Services(),
                                        path=('resources', 'subnet', 'properties'))
    assert caught.value.path == ('resources', 'subnet', 'properties', 'cidr')
    assert 'Invalid net cidr' in str(caught.value)
