"""Nova's constraints: flavors and servers by name or id, key pairs by name
(an empty key name is no key, and passes, as in Heat)."""
SERVICE_TYPE = 'compute'


def _keypair(conn, value):
    if value:
        conn.compute.find_keypair(value, ignore_missing=False)


LOOKUPS = {
    'nova.flavor': lambda conn, value: conn.compute.find_flavor(value, ignore_missing=False),
    'nova.keypair': _keypair,
    'nova.server': lambda conn, value: conn.compute.find_server(value, ignore_missing=False),
}
