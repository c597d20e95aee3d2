"""OpenStack Neutron resource types (OS::Neutron::*)."""
