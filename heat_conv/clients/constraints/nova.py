"""Nova's constraints: flavors and servers by name or id, key pairs by name."""
SERVICE_TYPE = 'compute'

LOOKUPS = {
    'nova.flavor': lambda conn, value: conn.compute.find_flavor(value, ignore_missing=False),
    'nova.keypair': lambda conn, value: conn.compute.find_keypair(value,
                                                                  ignore_missing=False),
    'nova.server': lambda conn, value: conn.compute.find_server(value, ignore_missing=False),
}
