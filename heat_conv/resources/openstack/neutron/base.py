"""The base of Neutron resource types.

Neutron acts while it answers: an object a create returns exists, an
update is made and a delete is done when the call returns. So most actions
end ``Done`` at once; only an object Neutron reports as still building
(status BUILD) is ``Pending`` for the observer.

Ownership: every object carries heat-conv's tags (stack id, resource name,
resource id). Neutron takes tags in a create request only for ports, so the
other objects get theirs in a second call. For the engine that dies
between those two calls, the create request also writes the owner into the
object's description when the template gives it none: ``find_orphan``
looks for the tags, then for that description.
"""
from openstack import exceptions as sdk_exc

from heat_conv.common import exception
from heat_conv.plugin_interface import base
from heat_conv.resources.openstack import base as os_base
from heat_conv.resources.openstack import names
from heat_conv.resources.openstack.neutron import listing

# Statuses Heat takes for a built object (ports stay DOWN without a data plane).
BUILT = ('ACTIVE', 'DOWN')
BUILDING = ('BUILD', 'PENDING_CREATE', 'PENDING_UPDATE')

# Neutron keys that Heat refuses in value_specs besides the type's properties.
_BANNED_VALUE_SPECS = ('shared', 'tenant_id')


class NeutronResource(os_base.OpenStackResource):
    service_type = 'network'
    service_name = 'Neutron'
    # A create without a name uses Heat's physical name, which holds the stack's.
    wants_stack = True
    # The SDK's noun (create_<entity>, get_<entity> ...) and list method.
    entity = None
    collection = None
    # The SDK's class of the object, to check value_specs keys against.
    sdk_class = None
    takes_tags = True
    # Whether the object has a description to write the owner into (address
    # scopes, RBAC policies and QoS rules have none).
    marks_description = True
    # Whether Neutron's list of the collection filters by id (the observer's
    # one call per pass); otherwise the observer lists every object it sees.
    filters_by_id = True
    # Properties sent to Neutron under their own name, when set.
    plain_fields = ()
    # Properties compared with what Neutron shows (drift), when set.
    drift_fields = ()

    # Validation ---------------------------------------------------------
    @classmethod
    def validate_properties(cls, values, path=()):
        values = dict(values or {}) if isinstance(values, dict) else values
        if isinstance(values, dict):
            for old, new in cls.renamed.items():
                if values.get(new) is None and values.get(old) is not None:
                    values[new] = values.pop(old)
        result = super().validate_properties(values, path)
        specs = result.get('value_specs') or {}
        banned = set(_BANNED_VALUE_SPECS) | set(cls.properties_schema)
        for key in sorted(specs):
            if key in banned:
                raise exception.InvalidProperties(
                    f'{key} not allowed in value_specs',
                    path=tuple(path) + ('value_specs', key))
        cls.check_combination(result, tuple(path))
        return result

    @classmethod
    def check_combination(cls, values, path):
        """Checks across properties (Heat's validate); raises InvalidProperties."""

    # What is sent ----------------------------------------------------------
    def fields(self, props, updating=False):
        """Neutron's fields for ``props``: all the properties at create, the
        changed ones at update (``updating``). Names of other objects
        become ids."""
        return {key: props[key] for key in self.plain_fields
                if key in props and props[key] is not None}

    def marker(self):
        """The owner, written into the description by the create request."""
        owner = self.ownership()
        return (f'{os_base.STACK_KEY}={owner[os_base.STACK_KEY]} '
                f'{os_base.RESOURCE_KEY}={owner[os_base.RESOURCE_KEY]}')

    def wanted_tags(self):
        return list(self.properties.get('tags') or []) + self.ownership_tags()

    def create_fields(self):
        props = self.properties
        body = self.fields(props)
        if 'name' in self.properties_schema:
            body['name'] = props.get('name') or names.physical_name(self)
        body.update(self._value_specs(props.get('value_specs')))
        if self.marks_description and not body.get('description'):
            body['description'] = self.marker()
        if self.takes_tags and self.entity == 'port':
            body['tags'] = self.wanted_tags()
        return body

    def update_fields(self, changed):
        body = self.fields(changed, updating=True)
        if 'name' in changed:
            body['name'] = changed['name'] or names.physical_name(self)
        if 'value_specs' in changed:
            body.update(self._value_specs(changed['value_specs']))
        return body

    def _value_specs(self, specs):
        # The SDK sends only the fields it knows: say so rather than drop one.
        known = self.sdk_class._body_mapping()
        for key in specs or {}:
            if key not in known and key not in known.values():
                raise ValueError(f'value_specs: {key} is not a field heat-conv can '
                                 f'send to Neutron for a {self.entity}')
        return dict(specs or {})

    # Actions -------------------------------------------------------------
    def _sdk(self, verb):
        return getattr(self.cloud.network, f'{verb}_{self.entity}')

    def create(self):
        try:
            body = self.create_fields()
        except Exception as exc:   # a name that resolves to nothing, a bad value_spec
            return self.failed(exc)
        try:
            obj = self.call(self._sdk('create'), on_retry=self._orphan_object, **body)
        except Exception as exc:
            return self.failed(exc)
        self.physical_id = obj.id
        try:
            obj = self._tag(obj)
        except Exception as exc:
            return self.failed(exc, obj.id)
        return self.settled(obj)

    def _tag(self, obj):
        """Give ``obj`` the tags it should have; the object as tagged."""
        if not self.takes_tags:
            return obj
        wanted = self.wanted_tags()
        if sorted(obj.tags or []) != sorted(wanted):
            self.call(self.cloud.network.set_tags, obj, wanted)
        return obj

    def update(self, old_properties):
        if self.needs_replace(old_properties):
            return base.NeedsReplace(self.physical_id)
        changed = {key: value for key, value in self.properties.items()
                   if old_properties.get(key) != value}
        try:
            body = self.update_fields(changed)
        except Exception as exc:
            return self.failed(exc)
        try:
            if body:
                obj = self.call(self._sdk('update'), self.physical_id, **body)
            else:
                obj = self.call(self.fetch)
            if 'tags' in changed:
                obj = self._tag(obj)
            self.after_update(obj, changed)
        except sdk_exc.NotFoundException:
            # Deleted behind our back: only a new object can match the template.
            return base.NeedsReplace(self.physical_id)
        except Exception as exc:
            return self.failed(exc)
        return self.settled(obj)

    def after_update(self, obj, changed):
        """Changes made by calls of their own (a security group's rules)."""

    def delete(self):
        if not self.physical_id:
            return base.Done()
        try:
            self.call(self._sdk('delete'), self.physical_id, ignore_missing=True)
        except sdk_exc.NotFoundException:
            return base.Done()
        except Exception as exc:
            return self.failed(exc)
        return base.Done()

    def fetch(self):
        """The object as the SDK returns it; raises NotFoundException."""
        return self._sdk('get')(self.physical_id)

    def adopt(self):
        try:
            obj = self.call(self.fetch)
        except sdk_exc.NotFoundException:
            return base.Failed(f'{self.type_name} {self.physical_id} does not exist')
        except Exception as exc:
            return self.failed(exc)
        return self.settled(obj)

    def look_for_check(self):
        try:
            return self.call(self.fetch)
        except sdk_exc.NotFoundException:
            return None

    def healthy(self, cloud_object):
        outcome = self.settled(cloud_object)
        return base.Done(self.physical_id) if isinstance(outcome, base.Pending) else outcome

    # Outcomes --------------------------------------------------------------
    def settled(self, obj):
        self._raw = listing.raw(obj)
        return self.judge(self._raw)

    def judge(self, shown):
        """Done, Pending or Failed for an object as Neutron shows it."""
        status = shown.get('status')
        if status is None or status in BUILT:
            return base.Done(shown['id'])
        if status in BUILDING:
            return base.Pending(shown['id'])
        if status == 'ERROR':
            return base.Failed(f'Went to status ERROR due to "{self.type_name} '
                               f'{shown["id"]} is in ERROR"', physical_id=shown['id'])
        return base.Failed(f'Unknown status {status}: Resource is not built',
                           physical_id=shown['id'])

    def progress_of(self, action, cloud_object):
        return self.judge(cloud_object)

    # Attributes ----------------------------------------------------------
    def attributes(self):
        shown = getattr(self, '_raw', None)
        if shown is None and self.physical_id:
            try:
                shown = listing.raw(self.call(self.fetch))
            except Exception:   # keep what was known; the observer will look again
                return dict(self.stored_attributes)
        if shown is None:
            return {}
        values = {name: shown.get(name) for name in self.attributes_schema}
        values.update(self.computed_attributes(shown))
        values['show'] = shown
        return values

    def computed_attributes(self, shown):
        """Attributes that are not a field of the object as shown."""
        return {}

    # Reality ---------------------------------------------------------------
    def observed_properties(self, shown):
        """Properties as Neutron shows them, for the ones drift compares."""
        live = {key: shown.get(key) for key in self.drift_fields}
        if 'tags' in self.drift_fields:
            live['tags'] = sorted(listing.user_tags(shown.get('tags')))
        return live

    def expected_value(self, key, expected):
        if key == 'tags':
            return sorted(expected.get('tags') or [])   # as observed_properties shows them
        return super().expected_value(key, expected)

    @classmethod
    def observe_many(cls, cloud, physical_ids):
        if not cls.filters_by_id:
            return listing.among_all(cloud, cls.collection, physical_ids)
        return listing.by_id(cloud, cls.collection, physical_ids)

    # Crash safety ----------------------------------------------------------
    def find_orphan(self):
        if not self.resource_id or not (self.takes_tags or self.marks_description):
            # Nothing on the object names its owner: it cannot be told from
            # another's, and is never adopted.
            return None
        try:
            obj = self._orphan_object()
        except Exception as exc:
            return base.Unknown(os_base.describe(exc))
        return obj.id if obj is not None else None

    def _orphan_object(self):
        """The object a create made before its answer was lost, if any."""
        if not self.resource_id:
            return None
        return self.call(listing.owned, self.cloud, self.collection, self.resource_id,
                         self.marker(), self.takes_tags)
