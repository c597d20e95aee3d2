"""The base of Keystone's types: objects made at once (every Keystone call
finishes before it answers), so an action is Done inline; the observer
fetches each object by id for drift and checks, since a Keystone list can
hold every user of a cloud.

Keystone objects have no metadata: heat-conv cannot mark them as its own,
so ``find_orphan`` finds nothing, as for a key pair.
"""
from openstack import exceptions as sdk_exc

from heat_conv.clients import retry
from heat_conv.plugin_interface import base
from heat_conv.resources.openstack import base as os_base
from heat_conv.resources.openstack import names
from heat_conv.resources.openstack.keystone import finders


class KeystoneResource(os_base.OpenStackResource):
    service_type = 'identity'
    service_name = 'Keystone'
    wants_stack = True   # a default name is Heat's physical name
    # The SDK's noun: get_<entity>, update_<entity>, delete_<entity>.
    entity = None
    # {property: Keystone's field} of the properties an update sends as
    # they are; the rest a type translates itself (``update_fields``).
    plain_fields = {}

    @staticmethod
    def raw(obj):
        # The SDK's objects are dicts too, but keyed by its attribute names.
        if hasattr(obj, 'to_dict'):
            return obj.to_dict(headers=False, computed=False, original_names=True)
        return dict(obj)

    def find_id(self, kind, value):
        return finders.find_id(self.cloud, kind, value)

    def object_name(self):
        return self.properties.get('name') or names.physical_name(self)

    def _get(self):
        return self.call(getattr(self.cloud.identity, f'get_{self.entity}'),
                         self.physical_id)

    # Actions ---------------------------------------------------------------
    def created(self, obj):
        """Done with the new object, kept for the attributes."""
        self.physical_id = obj['id']
        self._raw = self.raw(obj)
        return base.Done(self.physical_id)

    def changed(self, old_properties):
        return {key for key in self.properties_schema
                if self.properties.get(key) != old_properties.get(key)}

    def update_fields(self, changed):
        """{Keystone field: new value} for the ``changed`` properties."""
        fields = {self.plain_fields[key]: self.properties.get(key)
                  for key in changed if key in self.plain_fields}
        if 'name' in changed and 'name' in self.properties_schema:
            fields['name'] = self.object_name()
        return fields

    def send_update(self, fields):
        self.call(getattr(self.cloud.identity, f'update_{self.entity}'),
                  self.physical_id, **fields)

    def update(self, old_properties):
        if self.needs_replace(old_properties):
            return base.NeedsReplace(self.physical_id)
        changed = self.changed(old_properties)
        try:
            fields = self.update_fields(changed)
            if fields:
                self.send_update(fields)
            self.update_more(changed, old_properties)
        except Exception as exc:
            return self.failed(exc)
        self._raw = None
        return base.Done(self.physical_id)

    def update_more(self, changed, old_properties):
        """What an update changes besides the object's fields (a user's
        groups, role assignments)."""

    def delete(self):
        if not self.physical_id:
            return base.Done()
        try:
            self.before_delete()
            self.call(getattr(self.cloud.identity, f'delete_{self.entity}'),
                      self.physical_id, ignore_missing=True)
        except sdk_exc.NotFoundException:
            pass
        except Exception as exc:
            return self.failed(exc)
        return base.Done()

    def before_delete(self):
        """What Keystone needs done before it deletes the object."""

    def adopt(self):
        return self.check()

    def refid(self):
        return self.physical_id or self.name

    # Reading -----------------------------------------------------------------
    def look_for_check(self):
        try:
            return self.raw(self._get())
        except sdk_exc.NotFoundException:
            return None

    def attributes(self):
        shown = getattr(self, '_raw', None)
        if shown is None and self.physical_id:
            try:
                shown = self.raw(self._get())
            except Exception:   # keep what was known
                return dict(self.stored_attributes)
        values = {name: (shown or {}).get(name) for name in self.attributes_schema
                  if name != 'show'}
        values['show'] = shown
        return values

    @classmethod
    def observe_many(cls, cloud, physical_ids):
        found = {}
        getter = getattr(cloud.identity, f'get_{cls.entity}')
        for physical_id in physical_ids:
            try:
                found[physical_id] = cls.raw(retry.call(getter, physical_id))
            except sdk_exc.NotFoundException:
                found[physical_id] = None
        return found

    def find_orphan(self):
        return None
