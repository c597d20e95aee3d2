"""The base of Nova types whose objects a project has few of (key pairs,
flavors, server groups): listed all at once (openstack/listed.py)."""
from heat_conv.resources.openstack import base as os_base  # noqa: F401 (flavor.py's marker)
from heat_conv.resources.openstack import listed


class ListedNovaResource(listed.ListedResource):
    service_type = 'compute'
    service_name = 'Nova'
    proxy = 'compute'
