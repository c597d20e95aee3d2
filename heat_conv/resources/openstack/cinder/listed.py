"""The base of Cinder's admin types (volume types, QoS specs): objects
made at once, with no status, observed by listing them all in one call."""
from heat_conv.plugin_interface import base
from heat_conv.resources.openstack import listed


class ListedCinderResource(listed.ListedResource):
    service_type = 'block-storage'
    service_name = 'Cinder'
    proxy = 'block_storage'

    def progress_of(self, action, cloud_object):
        return base.Done(self.physical_id)

    def done(self, obj):
        """Done, with the object as Cinder showed it kept for the attributes."""
        self.physical_id = obj.id
        self._raw = self.raw(obj)
        return base.Done(obj.id)
