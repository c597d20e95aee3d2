"""Neutron's constraints: networks, subnets, ports, routers, security
groups, subnet pools, address scopes and QoS policies, each by name or id,
as the user sees them (their project's and shared ones)."""
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
    'neutron.subnetpool': lambda conn, value: conn.network.find_subnet_pool(
        value, ignore_missing=False),
    'neutron.address_scope': lambda conn, value: conn.network.find_address_scope(
        value, ignore_missing=False),
    'neutron.qos_policy': lambda conn, value: conn.network.find_qos_policy(
        value, ignore_missing=False),
}
