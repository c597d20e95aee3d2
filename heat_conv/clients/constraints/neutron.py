"""Neutron's constraints: networks, subnets, ports, routers and security
groups, each by name or id, as the user sees them (their project's and
shared ones)."""
SERVICE_TYPE = 'network'

LOOKUPS = {
    'neutron.network': lambda conn, value: conn.network.find_network(
        value, ignore_missing=False),
    'neutron.subnet': lambda conn, value: conn.network.find_subnet(
        value, ignore_missing=False),
    'neutron.port': lambda conn, value: conn.network.find_port(value, ignore_missing=False),
    'neutron.router': lambda conn, value: conn.network.find_router(
        value, ignore_missing=False),
    'neutron.security_group': lambda conn, value: conn.network.find_security_group(
        value, ignore_missing=False),
}
