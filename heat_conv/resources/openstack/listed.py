"""The base of types whose objects a project has few of (Nova's key pairs,
flavors and server groups, Cinder's volume types and QoS specs): they are
made at once, and observed by listing them all in one call.
"""
from openstack import exceptions as sdk_exc

from heat_conv.clients import retry
from heat_conv.plugin_interface import base
from heat_conv.resources.openstack import base as os_base


class ListedResource(os_base.OpenStackResource):
    # The connection's proxy of the service ('compute', 'block_storage').
    proxy = None
    # The SDK's noun (get_<entity>, delete_<entity>) and list method.
    entity = None
    collection = None
    # Properties compared with what Nova shows (drift), when set.
    drift_fields = ()

    @property
    def service(self):
        return getattr(self.cloud, self.proxy)

    @classmethod
    def list_all(cls, cloud):
        return list(getattr(getattr(cloud, cls.proxy), cls.collection)())

    @staticmethod
    def raw(obj):
        return obj.to_dict(headers=False, computed=False, original_names=True)

    def _get(self):
        return self.call(getattr(self.service, f'get_{self.entity}'),
                         self.physical_id)

    def update(self, old_properties):
        if self.needs_replace(old_properties):
            return base.NeedsReplace(self.physical_id)
        return base.Done(self.physical_id)

    def delete(self):
        if not self.physical_id:
            return base.Done()
        try:
            self.call(getattr(self.service, f'delete_{self.entity}'),
                      self.physical_id, ignore_missing=True)
        except sdk_exc.NotFoundException:
            pass
        except Exception as exc:
            return self.failed(exc)
        return base.Done()

    def adopt(self):
        return self.check()

    def _orphan(self):
        """The object a lost create left, found in the listing by the mark
        the type gives its objects (a name, a description); None for a type
        whose objects carry none."""
        return None

    def find_orphan(self):
        try:
            found = self.call(self._orphan)
        except Exception as exc:
            return base.Unknown(os_base.describe(exc))
        return found.id if found is not None else None

    def look_for_check(self):
        try:
            return self._get()
        except sdk_exc.NotFoundException:
            return None

    def attributes(self):
        shown = getattr(self, '_raw', None)
        if shown is None and self.physical_id:
            try:
                shown = self.raw(self._get())
            except Exception:   # keep what was known
                return dict(self.stored_attributes)
        values = self.attribute_values(shown or {})
        values['show'] = shown
        return values

    def attribute_values(self, shown):
        return {}

    def observed_properties(self, shown):
        return {key: shown.get(key) for key in self.drift_fields}

    @classmethod
    def observe_many(cls, cloud, physical_ids):
        shown = {obj.id: cls.raw(obj) for obj in retry.call(cls.list_all, cloud)}
        return {pid: shown.get(pid) for pid in physical_ids}
