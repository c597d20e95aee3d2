"""Heat's service constraints (``nova.flavor``, ``neutron.network`` ...),
checked against the service with the request's token.

Each module of this package maps the constraint names of one service to
the catalog type it needs and a lookup by name or id on an openstacksdk
Connection, which raises openstacksdk's ResourceNotFound or
DuplicateResource when the value names no object, or more than one.
"""
from heat_conv.clients.constraints import cinder
from heat_conv.clients.constraints import glance
from heat_conv.clients.constraints import keystone
from heat_conv.clients.constraints import neutron
from heat_conv.clients.constraints import nova

# {constraint name: (service type, lookup(connection, value))}
LOOKUPS = {}
for _module in (nova, glance, neutron, cinder, keystone):
    for _name, _lookup in _module.LOOKUPS.items():
        LOOKUPS[_name] = (_module.SERVICE_TYPE, _lookup)
