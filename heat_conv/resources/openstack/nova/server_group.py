"""OS::Nova::ServerGroup: a Nova server group (affinity policies).

A server group has only a name and policies. Without a name in the
template it gets Heat's physical name, which here ends with a short id of
the resource: ``find_orphan`` finds a lost create's group by that ending.
A group named in the template cannot be told from the user's own groups
of that name, so for it ``find_orphan`` finds nothing (a lost create may
leave one empty group behind).
"""
from heat_conv.plugin_interface import base
from heat_conv.plugin_interface.properties import Property
from heat_conv.resources.openstack import names
from heat_conv.resources.openstack.nova import listed

POLICIES = ('anti-affinity', 'affinity', 'soft-anti-affinity', 'soft-affinity')


class ServerGroup(listed.ListedNovaResource):
    type_name = 'OS::Nova::ServerGroup'
    entity = 'server_group'
    collection = 'server_groups'
    wants_stack = True   # the default name is Heat's physical name

    properties_schema = {
        'name': Property('string', description='Server Group name.'),
        'policies': Property('list', default=['anti-affinity'],
                             item=Property('string', allowed_values=POLICIES),
                             description='A list of string policies to apply. Defaults '
                                         'to anti-affinity.'),
    }
    attributes_schema = {}

    def create(self):
        name = self.properties.get('name') or names.physical_name(self)
        try:
            group = self.call(self.cloud.compute.create_server_group, name=name,
                              policies=list(self.properties['policies']),
                              on_retry=self._orphan)
        except Exception as exc:
            return self.failed(exc)
        self.physical_id = group.id
        self._raw = self.raw(group)
        return base.Done(group.id)

    def _orphan(self):
        if not self.resource_id or self.properties.get('name'):
            return None
        ending = names.name_suffix(self)
        for group in self.list_all(self.cloud):
            if (group.name or '').endswith(ending):
                return group
        return None
