"""Neutron objects named by name or id in a template, resolved to ids.

Heat accepts a network, subnet, router, port or security group by name or
by id. An id is passed to Neutron as it is, so that Neutron itself refuses
one the user may not use (another project's network) with its own message;
a name is looked up in the user's project, as Heat does.
"""
from heat_conv.resources.openstack import names

# The SDK's find_* method of each kind of object.
FINDERS = {'network': 'find_network', 'subnet': 'find_subnet',
           'router': 'find_router', 'port': 'find_port',
           'security_group': 'find_security_group'}


def resolve(cloud, kind, value):
    """The id of the ``kind`` object ``value`` names; raises the SDK's
    ResourceNotFound or DuplicateResource when no or several match."""
    if value is None or names.is_uuid(value):
        return value
    find = getattr(cloud.network, FINDERS[kind])
    query = {}
    if kind == 'security_group':
        # Every project has a "default" group and an admin sees them all:
        # a name means the user's own, as in Heat.
        query['project_id'] = cloud.current_project_id
    return find(value, ignore_missing=False, **query).id


def resolve_all(cloud, kind, values):
    return [resolve(cloud, kind, value) for value in values or ()]
