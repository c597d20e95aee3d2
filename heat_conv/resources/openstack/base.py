"""The base of resource types whose objects live in a real OpenStack cloud.

A plugin talks to its service through ``self.cloud``: an openstacksdk
``Connection`` acting as the stack's owner (through the stack's Keystone
trust; see heat_conv.clients). Like every plugin, it only *starts* an
action: a server build returns ``Pending`` at once and the observer, which
lists a project's pending objects in one call per service per pass
(``observe_many``), reports when it settled (``progress``).

Every object a plugin creates carries the stack id, resource name and
resource id (Neutron tags, Nova/Cinder/Glance metadata or properties), so a
create whose engine died before the answer was recorded finds its object
(``find_orphan``) and adopts it instead of creating a second one.
"""

from openstack import exceptions as sdk_exc

from heat_conv.clients import retry
from heat_conv.common import exception
from heat_conv.plugin_interface import base
from heat_conv.plugin_interface import observed

# Keys (metadata) and tag prefixes (Neutron) that say who owns an object.
STACK_KEY = 'heat_conv_stack_id'
NAME_KEY = 'heat_conv_resource_name'
RESOURCE_KEY = 'heat_conv_resource_id'


class OpenStackResource(observed.ObservedResource):
    # The catalog's service type the plugin needs (e.g. 'compute',
    # 'network', 'block-storage', 'image'); a type whose service the
    # user's catalog lacks is unavailable (ResourceTypeUnavailable).
    service_type = None
    # Heat's name for the service in messages ("Nova", "Neutron", ...).
    service_name = None

    @classmethod
    def check_available(cls, services, path=()):
        reason = services.unavailable(cls.service_type)
        if reason is not None:
            # Heat names the service in lower case ("Service nova is not ...").
            service = (cls.service_name or cls.service_type).lower()
            raise exception.ResourceTypeUnavailable(
                f'HEAT-E99001 Service {service} is not available for resource type '
                f'{cls.type_name}, reason: {reason}.', path=path)

    @property
    def cloud(self):
        if self._cloud is None:
            from heat_conv.clients import connections
            self._cloud = connections.for_stack(self.stack_id)
        return self._cloud

    # Ownership ----------------------------------------------------------
    def ownership(self):
        """Metadata that names the owner (Nova, Cinder, Glance)."""
        return {STACK_KEY: self.stack_id, NAME_KEY: self.name,
                RESOURCE_KEY: self.resource_id or ''}

    def ownership_tags(self):
        """Tags that name the owner (Neutron's tags are plain strings)."""
        return [f'{key}={value}' for key, value in self.ownership().items()]

    @staticmethod
    def owner_of(metadata=None, tags=None):
        """(stack id, resource id) an object's metadata or tags name, or
        (None, None) for an object heat-conv did not create."""
        found = _claims(metadata, tags)
        return found.get(STACK_KEY), found.get(RESOURCE_KEY) or None

    @staticmethod
    def claimed_owner(metadata=None, tags=None, project_id=None):
        """What an object claims, for an adopt's ownership rule
        (base.Resource.adoption_refusal): the stack and resource its
        metadata or tags name, and ``project_id``, the project the service
        says the object is in. A plugin's ``owner()`` reads its object with
        the caller's own credentials (an object the caller cannot see is a
        NotFound: ``owner()`` answers None and ``adopt()`` says it does not
        exist; a service that cannot be asked is base.Unknown) and returns
        this."""
        found = _claims(metadata, tags)
        return base.Owner(stack_id=found.get(STACK_KEY) or None,
                          resource_name=found.get(NAME_KEY) or None,
                          project_id=project_id or None)

    # Calls and their errors --------------------------------------------
    def call(self, func, *args, **kwargs):
        """A service call, retried on connection errors and 5xx
        (``client_retry_limit``); other errors are raised."""
        return retry.call(func, *args, **kwargs)

    def failed(self, exc, physical_id=None):
        """The Failed outcome of a service's error, with its message."""
        return base.Failed(f'{self.service_name or "service"} {describe(exc)}',
                           physical_id=physical_id or self.physical_id)

    def delete_outcome(self, func, *args, **kwargs):
        """Run a delete call: an object already gone is deleted (Done); a
        delete the service accepted is Pending until the observer sees the
        object gone; an error is Failed."""
        if not self.physical_id:
            return base.Done()
        try:
            self.call(func, *args, **kwargs)
        except sdk_exc.NotFoundException:
            return base.Done()
        except Exception as exc:
            return self.failed(exc)
        return base.Pending(self.physical_id)

    # The observer's side -----------------------------------------------
    @classmethod
    def observe_key(cls):
        """Rows whose plugins share this key are observed with one call
        (``observe_many``) per project: usually (service, kind of object)."""
        return (cls.service_type, cls.__name__)

    @classmethod
    def observe_many(cls, cloud, physical_ids):
        """{physical id: the object as the service shows it, or None if it is
        gone} for every id, in one list call (or as few as the service
        allows); raises the service's error if it cannot be asked."""
        raise NotImplementedError

    def observed_properties(self, cloud_object):
        """{property name: value} of the properties the service shows on
        ``cloud_object`` and an out-of-band change can alter (a name, a
        size); the drift compares them with the template's. By default none:
        only an object's deletion is drift."""
        return {}

    def expected_value(self, key, expected):
        """What property ``key`` of the ``expected`` properties should show
        as on the object (as the service would show it)."""
        return expected.get(key)

    # How the observed base reads the service ------------------------------
    def look(self):
        found = self.call(type(self).observe_many, self.cloud, [self.physical_id])
        return found.get(self.physical_id)

    def describe_look_error(self, exc):
        return describe(exc)

    def check_failed(self, exc):
        return self.failed(exc)

    def differences(self, expected, cloud_object):
        # A property the template left unset is the service's to choose.
        differences = {}
        for key, actual in sorted(self.observed_properties(cloud_object).items()):
            wanted = self.expected_value(key, expected)
            if wanted is not None and wanted != actual:
                differences[key] = {'expected': wanted, 'actual': actual}
        return differences


def _claims(metadata, tags):
    found = dict(metadata or {})
    for tag in tags or ():
        key, _, value = str(tag).partition('=')
        found.setdefault(key, value)
    return found


def describe(exc):
    """A service error as a user should read it: its class and message."""
    if isinstance(exc, sdk_exc.HttpException):
        message = exc.details or exc.message or str(exc)
        status = f' ({exc.status_code})' if exc.status_code else ''
        return f'{type(exc).__name__}{status}: {message}'
    return f'{type(exc).__name__}: {exc}'
