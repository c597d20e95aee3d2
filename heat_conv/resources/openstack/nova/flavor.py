"""OS::Nova::Flavor: a Nova flavor (admin only under Nova's default policy).

A flavor has no metadata: heat-conv's mark of ownership goes into its
description (Nova API 2.55, a field Heat's type does not set), which
``find_orphan`` looks for.
"""
from heat_conv.plugin_interface import base
from heat_conv.plugin_interface.properties import Property
from heat_conv.resources.openstack import names
from heat_conv.resources.openstack.nova import listed


class Flavor(listed.ListedNovaResource):
    type_name = 'OS::Nova::Flavor'
    entity = 'flavor'
    collection = 'flavors'
    wants_stack = True   # the default name is Heat's physical name

    properties_schema = {
        'tenants': Property('list', default=[], update_allowed=True,
                            item=Property('string', constraint='keystone.project'),
                            description='List of tenants.'),
        'flavorid': Property('string', description='Unique ID of the flavor. If not '
                                                   'specified, an UUID will be auto '
                                                   'generated and used.'),
        'name': Property('string', description='Name of the flavor.'),
        'ram': Property('integer', required=True, description='Memory in MB for the '
                                                              'flavor.'),
        'vcpus': Property('integer', required=True, description='Number of VCPUs for '
                                                                'the flavor.'),
        'disk': Property('integer', default=0, description='Size of local disk in GB.'),
        'swap': Property('integer', default=0, description='Swap space in MB.'),
        'ephemeral': Property('integer', default=0,
                              description='Size of a secondary ephemeral data disk in '
                                          'GB.'),
        'rxtx_factor': Property('number', default=1.0, description='RX/TX factor.'),
        'extra_specs': Property('map', update_allowed=True,
                                description='Key/Value pairs to extend the capabilities '
                                            'of the flavor.'),
        'is_public': Property('boolean', default=True,
                              description='Scope of flavor accessibility. Public or '
                                          'private.'),
    }

    attributes_schema = {
        'is_public': 'Whether the flavor is shared across all projects.',
        'extra_specs': 'Extra specs of the flavor in key-value pairs.',
    }

    @classmethod
    def list_all(cls, cloud):
        # is_public=None: the private flavors too.
        return list(cloud.compute.flavors(is_public=None))

    def marker(self):
        owner = self.ownership()
        return (f'{listed.os_base.STACK_KEY}={owner[listed.os_base.STACK_KEY]} '
                f'{listed.os_base.RESOURCE_KEY}={owner[listed.os_base.RESOURCE_KEY]}')

    def create(self):
        props = self.properties
        request = {'name': props.get('name') or names.physical_name(self),
                   'ram': props['ram'], 'vcpus': props['vcpus'], 'disk': props['disk'],
                   'swap': props['swap'], 'ephemeral': props['ephemeral'],
                   'rxtx_factor': props['rxtx_factor'], 'is_public': props['is_public'],
                   'description': self.marker()}
        if props.get('flavorid'):
            request['id'] = props['flavorid']
        compute = self.cloud.compute
        try:
            flavor = self.call(compute.create_flavor, on_retry=self._orphan, **request)
        except Exception as exc:
            return self.failed(exc)
        self.physical_id = flavor.id
        try:
            if props.get('extra_specs'):
                flavor = self.call(compute.create_flavor_extra_specs, flavor,
                                   props['extra_specs'])
            if not props['is_public']:
                # A private flavor nobody may use is of no use: Heat then
                # grants the stack's own project.
                for tenant in props.get('tenants') or [self.cloud.current_project_id]:
                    self.call(compute.flavor_add_tenant_access, flavor.id,
                              self._project_id(tenant))
        except Exception as exc:
            return self.failed(exc, flavor.id)
        self._raw = self.raw(flavor)
        return base.Done(flavor.id)

    def _project_id(self, tenant):
        if names.is_uuid(tenant):
            return tenant
        return self.cloud.identity.find_project(tenant, ignore_missing=False).id

    def update(self, old_properties):
        if self.needs_replace(old_properties):
            return base.NeedsReplace(self.physical_id)
        props, compute = self.properties, self.cloud.compute
        try:
            if props.get('extra_specs') != old_properties.get('extra_specs'):
                old = self.call(compute.fetch_flavor_extra_specs, self.physical_id)
                for key in old.extra_specs or {}:
                    self.call(compute.delete_flavor_extra_specs_property,
                              self.physical_id, key)
                if props.get('extra_specs'):
                    self.call(compute.create_flavor_extra_specs, self.physical_id,
                              props['extra_specs'])
            if props.get('tenants') != old_properties.get('tenants') and \
                    not props['is_public']:
                self._update_access(props.get('tenants') or [])
        except Exception as exc:
            return self.failed(exc)
        return base.Done(self.physical_id)

    def _update_access(self, tenants):
        compute = self.cloud.compute
        current = {access['tenant_id'] for access in
                   self.call(compute.get_flavor_access, self.physical_id)}
        wanted = {self._project_id(tenant) for tenant in tenants}
        for tenant in current - wanted:
            self.call(compute.flavor_remove_tenant_access, self.physical_id, tenant)
        for tenant in wanted - current:
            self.call(compute.flavor_add_tenant_access, self.physical_id, tenant)

    def attribute_values(self, shown):
        return {'is_public': shown.get('os-flavor-access:is_public'),
                'extra_specs': shown.get('extra_specs') or {}}

    def observed_properties(self, shown):
        return {'extra_specs': shown.get('extra_specs') or {}}

    def _orphan(self):
        if not self.resource_id:
            return None
        for flavor in self.list_all(self.cloud):
            if flavor.description == self.marker():
                return flavor
        return None
