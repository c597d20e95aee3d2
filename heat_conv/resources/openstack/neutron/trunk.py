"""OS::Neutron::Trunk: a parent port carrying other networks' ports as
VLAN subports. Neutron's ``trunk`` service plugin must be loaded."""
from openstack.network.v2 import trunk as sdk_trunk

from heat_conv.plugin_interface.properties import Property
from heat_conv.resources.openstack.neutron import base
from heat_conv.resources.openstack.neutron import lookup

_SUBPORT = {
    'port': Property('string', required=True, constraint='neutron.port',
                     description='ID or name of a port to be used as a subport.'),
    'segmentation_type': Property('string', required=True, allowed_values=('vlan',),
                                  description='Segmentation type to be used on the '
                                              'subport.'),
    'segmentation_id': Property('integer', required=True, min_value=1, max_value=4094,
                                description='The segmentation ID on which the subport '
                                            'network is presented to the instance.'),
}


class Trunk(base.NeutronResource):
    type_name = 'OS::Neutron::Trunk'
    entity = 'trunk'
    collection = 'trunks'
    sdk_class = sdk_trunk.Trunk
    filters_by_id = False
    plain_fields = ('description', 'admin_state_up')
    drift_fields = ('name', 'admin_state_up')

    properties_schema = {
        'name': Property('string', update_allowed=True,
                         description='A string specifying a symbolic name for the '
                                     'trunk, which is not required to be unique.'),
        'port': Property('string', required=True, constraint='neutron.port',
                         description='ID or name of a port to be used as a parent '
                                     'port.'),
        'sub_ports': Property('list', update_allowed=True,
                              item=Property('map', schema=_SUBPORT),
                              description='List with 0 or more map elements containing '
                                          'subport details.'),
        'description': Property('string', update_allowed=True,
                                description='Description for the trunk.'),
        'admin_state_up': Property('boolean', update_allowed=True,
                                   description='Enable/disable subport addition, removal '
                                               'and trunk delete.'),
    }
    attributes_schema = {
        'port_id': 'ID or name of a port used as a parent port.',
    }

    def fields(self, props, updating=False):
        body = super().fields(props, updating)
        if not updating:
            body['port_id'] = lookup.resolve(self.cloud, 'port', props['port'])
            if props.get('sub_ports'):
                body['sub_ports'] = self._subports(props['sub_ports'])
        return body

    def update_fields(self, changed):
        # Subports change through calls of their own (after_update).
        return super().update_fields({key: value for key, value in changed.items()
                                      if key != 'sub_ports'})

    def _subports(self, subports):
        return [{'port_id': lookup.resolve(self.cloud, 'port', sub['port']),
                 'segmentation_type': sub['segmentation_type'],
                 'segmentation_id': sub['segmentation_id']} for sub in subports]

    def after_update(self, obj, changed):
        if 'sub_ports' not in changed:
            return
        old = self._keyed(self.stored_properties.get('sub_ports'))
        new = self._keyed(self.properties.get('sub_ports'))
        gone = [old[key] for key in old if key not in new]
        added = [new[key] for key in new if key not in old]
        network = self.cloud.network
        # A port can be one subport only: the old ones leave before the new come.
        if gone:
            self.call(network.delete_trunk_subports, self.physical_id,
                      [{'port_id': sub['port_id']} for sub in self._subports(gone)])
        if added:
            self.call(network.add_trunk_subports, self.physical_id,
                      self._subports(added))

    @staticmethod
    def _keyed(subports):
        return {tuple(sorted(sub.items())): sub for sub in subports or ()}
