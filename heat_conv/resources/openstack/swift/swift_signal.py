"""OS::Heat::SwiftSignalHandle and OS::Heat::SwiftSignal.

The handle is an object in the stack's container (named by the stack's
id, which keeps the versions of its objects in itself) and a temp URL
that lets anyone PUT to it: its reference and ``endpoint``. Whoever
signals needs no credentials, only the URL (``curl_cli`` is the curl
command). The signal, Pending from its create, is observed: each pass
reads the handle's objects from Swift (swift_api, signals) and it ends
at ``count`` SUCCESS signals, the first FAILURE, or ``timeout`` seconds
(the reaper times it). Deleting the handle deletes its object, every
version, and the stack's container once it is empty.
"""
from urllib import parse

from heat_conv.clients import swift_api
from heat_conv.common.status import Action
from heat_conv.plugin_interface import base
from heat_conv.plugin_interface.properties import Property
from heat_conv.resources.openstack import base as os_base
from heat_conv.resources.openstack import names
from heat_conv.resources.openstack.swift import signals

# Deleting an object whose older versions are kept brings the previous one
# back; a handle signalled more often than this leaves the rest.
MAX_VERSIONS = 1000


class SwiftSignalHandle(os_base.OpenStackResource):
    type_name = 'OS::Heat::SwiftSignalHandle'
    service_type = 'object-store'
    service_name = 'Swift'
    observed = False   # nothing in Swift changes what it is
    wants_stack = True
    stack = None
    properties_schema = {}
    attributes_schema = {
        'token': 'Tokens are not needed for Swift TempURLs. This attribute is being '
                 'kept for compatibility with the OS::Heat::WaitConditionHandle '
                 'resource.',
        'endpoint': 'Endpoint/url which can be used for signalling handle.',
        'curl_cli': 'Convenience attribute, provides curl CLI command prefix, which '
                    'can be used for signalling handle completion or failure. You '
                    'can signal success by adding --data-binary \'{"status": '
                    '"SUCCESS"}\' , or signal failure by adding --data-binary '
                    '\'{"status": "FAILURE"}\'.',
    }

    @classmethod
    def observe_key(cls):
        return None

    def check(self):
        return base.Done(self.physical_id)   # Heat's handle has no check

    def create(self):
        name = names.physical_name(self)
        container = self.stack_id
        try:
            swift_api.call(self.cloud, 'PUT', container,
                           headers={'X-Versions-Location': container})
            swift_api.call(self.cloud, 'PUT', container, name,
                           data=swift_api.IN_PROGRESS.encode())
            self.data['endpoint'] = swift_api.temp_url(self.cloud, container, name)
        except Exception as exc:
            return self.failed(exc)
        self.physical_id = name
        return base.Done(name)

    def update(self, old_properties):
        return base.Done(self.physical_id)

    def refid(self):
        return self.data.get('endpoint') or self.name

    def delete(self):
        if not self.physical_id:
            return base.Done()
        container = self.stack_id
        try:
            for _ in range(MAX_VERSIONS):
                if not swift_api.delete(self.cloud, container, self.physical_id):
                    break
            if not swift_api.object_names(self.cloud, container):
                swift_api.delete(self.cloud, container)
        except Exception as exc:
            if getattr(exc, 'status_code', None) != 409:
                return self.failed(exc)
            # 409: another handle's objects were written meanwhile.
        self.data.pop('endpoint', None)
        return base.Done()

    def attributes(self):
        url = self.data.get('endpoint')
        if not self.physical_id or not url:
            return {'token': None, 'endpoint': None, 'curl_cli': None}
        return {'token': '', 'endpoint': url, 'curl_cli': f"curl -i -X PUT '{url}'"}


class SwiftSignal(os_base.OpenStackResource):
    type_name = 'OS::Heat::SwiftSignal'
    service_type = 'object-store'
    service_name = 'Swift'
    properties_schema = {
        'handle': Property('string', required=True, description='URL of TempURL '
                           'where resource will signal completion and optionally '
                           'upload data.'),
        'timeout': Property('number', required=True, min_value=1, max_value=43200,
                            description='The maximum number of seconds to wait for '
                            'the resource to signal completion. Once the timeout is '
                            'reached, creation of the signal resource will fail.'),
        'count': Property('integer', default=1, min_value=1, max_value=1000,
                          description='The number of success signals that must be '
                          'received before the stack creation process continues.'),
    }
    attributes_schema = {'data': 'JSON data that was uploaded via the '
                                 'SwiftSignalHandle.'}
    # Watched while it waits (observe_many, progress), but it has nothing a
    # drift pass could compare: its objects are the handle's.
    observed = False

    def refid(self):
        return self.name   # Heat's signal has no physical resource

    def _handle(self):
        """(container, object) the handle URL names; ValueError with Heat's
        message for a URL that is not this stack's handle."""
        path = parse.urlparse(self.properties['handle']).path
        parts = path.split('/', 4)
        message = f'"{path}" is not a valid SwiftSignalHandle.  The %s is invalid'
        project = self.cloud.current_project_id or ''
        if not (len(parts) == 5 and not parts[0] and parts[1] == 'v1'
                and parts[2].endswith(project) and parts[3] and parts[4].strip('/')):
            raise ValueError(message % 'Swift TempURL path')
        if parts[3] != self.stack_id:
            raise ValueError(message % 'container name')
        return parts[3], parts[4]

    def create(self):
        try:
            container, obj = self._handle()
        except ValueError as exc:
            return base.Failed(f'ValueError: resources.{self.name}: {exc}')
        except Exception as exc:
            return self.failed(exc)
        return base.Pending(f'{container}/{obj}',
                            timeout=float(self.properties['timeout']))

    def update(self, old_properties):
        if self.needs_replace(old_properties):
            return base.NeedsReplace(self.physical_id)
        return base.Done(self.physical_id)

    def delete(self):
        return base.Done()   # the handle owns the objects

    @classmethod
    def observe_many(cls, cloud, physical_ids):
        found = {}
        for physical_id in physical_ids:
            container, _, obj = physical_id.partition('/')
            found[physical_id] = {'bodies': signals.bodies(cloud, container, obj)}
        return found

    def _judge(self, seen, timed_out=False):
        try:
            received = signals.parse(seen['bodies'])
        except signals.BadSignal as exc:
            return base.Failed(f'Error: resources.{self.name}: {exc}', self.physical_id)
        self._signals = received
        return signals.judge(self.name, self.physical_id, received,
                             self.properties['count'], timed_out)

    def progress(self, action, seen):
        if action == Action.DELETE:
            return base.Done()
        return self._judge(seen or {'bodies': []})

    def judge_signals(self, kept, timed_out=False):
        # Called when the wait's time is up: Swift, not the engine, holds
        # the signals, so look there once more for the reasons.
        if not timed_out:
            return None
        try:
            seen = self.look()
        except Exception as exc:
            return self.failed(exc)
        return self._judge(seen or {'bodies': []}, timed_out=True)

    def check(self):
        return base.Done(self.physical_id)

    def attributes(self):
        if self.seen and 'signals' in self.seen:
            return {'data': signals.data(self.seen['signals'])}
        found = getattr(self, '_signals', None)
        if found is None and self.physical_id:
            try:
                self._judge(self.look() or {'bodies': []})
                found = getattr(self, '_signals', None)
            except Exception:   # keep what was known
                return dict(self.stored_attributes)
        return {'data': signals.data(found)}
