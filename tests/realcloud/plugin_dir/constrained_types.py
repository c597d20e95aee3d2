"""Resource types for the real-cloud tests of request-time checks (loaded
by heat-conv through ``plugin_dirs``): their services and their properties'
service constraints are what is checked; they are only ever validated."""
from heat_conv.plugin_interface import properties
from heat_conv.resources.openstack import base


class ConstrainedServer(base.OpenStackResource):
    type_name = 'HeatConvTest::Server'
    service_type = 'compute'
    service_name = 'nova'
    properties_schema = {
        'flavor': properties.Property(constraint='nova.flavor'),
        'image': properties.Property(constraint='glance.image'),
        'networks': properties.Property(type='list', item=properties.Property(
            type='map', schema={
                'network': properties.Property(constraint='neutron.network')})),
        'volume': properties.Property(constraint='cinder.volume'),
    }


class Queue(base.OpenStackResource):
    # Zaqar's: a service the rig has not.
    type_name = 'HeatConvTest::Queue'
    service_type = 'messaging'
    service_name = 'zaqar'


def resource_mapping():
    return {cls.type_name: cls for cls in (ConstrainedServer, Queue)}
