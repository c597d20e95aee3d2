"""How the rest of heat-conv talks to the simulated cloud.

``get_client()`` is the one entry point: it reaches the cloud in this
process (the embedded default) or over HTTP, as ``[cloud] url`` says, and
both clients raise the same errors for the same faults.
"""
import abc
import json
import os
import threading
from urllib.parse import quote
from urllib.parse import urlencode

from heat_conv.cloud import connection
from heat_conv.cloud import options  # noqa: F401  (registers [cloud])
from heat_conv.cloud.errors import CloudBadRequest
from heat_conv.cloud.errors import CloudConflict
from heat_conv.cloud.errors import CloudError
from heat_conv.cloud.errors import CloudNotFound
from heat_conv.cloud.errors import CloudTimeout
from heat_conv.cloud.errors import CloudUnavailable
from heat_conv.cloud.faults import ERROR
from heat_conv.cloud.faults import TIMEOUT
from heat_conv.cloud.faults import FaultPolicy
from heat_conv.cloud.store import CloudStore
from heat_conv.common.config import CONF

__all__ = ['CloudClient', 'LocalCloudClient', 'HttpCloudClient', 'CloudError',
           'CloudBadRequest', 'CloudConflict', 'CloudNotFound', 'CloudUnavailable',
           'CloudTimeout', 'get_client', 'set_client', 'get_store', 'set_store']


class CloudClient(abc.ABC):
    """The simulated cloud's API; objects are plain dicts.

    An object: ``id, name, type, status (BUILDING|ACTIVE|ERROR|DELETING|SUSPENDED),
    status_reason, properties, metadata, version, created_at, updated_at``.
    Every method may raise CloudUnavailable (retry later), CloudNotFound,
    CloudBadRequest or CloudConflict, all subclasses of CloudError.
    """

    @abc.abstractmethod
    def create(self, name, type, properties=None, metadata=None, wait_secs=0, fail=False):
        """Start building an object; returns it (BUILDING, or done if no wait)."""

    @abc.abstractmethod
    def update(self, object_id, properties, wait_secs=0, fail=False):
        """Replace an object's properties; returns it."""

    @abc.abstractmethod
    def delete(self, object_id, wait_secs=0):
        """Start deleting; returns the DELETING object, or None once it is gone."""

    @abc.abstractmethod
    def power(self, object_id, action, wait_secs=0, fail=False):
        """Start a SUSPEND or RESUME; returns the object."""

    @abc.abstractmethod
    def snapshot(self, object_id, label=None):
        """Keep a copy of the object (its one snapshot with that label); the
        snapshot."""

    @abc.abstractmethod
    def delete_snapshot(self, snapshot_id):
        """Forget a snapshot (CloudNotFound if there is none)."""

    @abc.abstractmethod
    def list_snapshots(self):
        """Every snapshot: ``id``, ``object`` (as it was), ``created_at``."""

    @abc.abstractmethod
    def get(self, object_id):
        """One object."""

    @abc.abstractmethod
    def list(self, stack_id=None, resource_name=None):
        """Objects in creation order, optionally filtered by their metadata."""

    @abc.abstractmethod
    def get_many(self, ids):
        """Batch status: ``{id: object or None}``, None for a missing object."""

    @abc.abstractmethod
    def changes(self, token=None):
        """``(token, ids)``: a token for now, and the ids of the objects
        created, changed or deleted since ``token`` (None: since when it
        cannot say, so look at everything)."""

    @abc.abstractmethod
    def patch(self, object_id, properties):
        """Out-of-band edit (drift): merge properties, None removing a key."""

    @abc.abstractmethod
    def finish(self, object_id):
        """Out-of-band: end the object's pending action now; the object, or
        None when a delete finished."""

    @abc.abstractmethod
    def get_faults(self):
        """The fault policy in force, as a dict."""

    @abc.abstractmethod
    def set_faults(self, **settings):
        """Change some fault settings; returns the whole policy."""


class LocalCloudClient(CloudClient):
    """The cloud in this process: calls go straight to a CloudStore.

    Injected faults raise at once and latency is ignored, so tests on a
    FakeClock never wait. Out-of-band edits (patch) are never faulted: they
    stand for a person at the console, not the engine's API calls.
    """

    def __init__(self, store, faults=None):
        self.store = store
        self.faults = faults if faults is not None else FaultPolicy()

    def _enter(self):
        fault = self.faults.call_fault()
        if fault == ERROR:
            raise CloudUnavailable(500, 'Injected fault: internal error')
        if fault == TIMEOUT:
            raise CloudTimeout('Injected fault: timed out')

    def _fail(self, fail):
        # Only an unforced action draws, and anything but False goes on to
        # the store unchanged, so a malformed value is still rejected there.
        return self.faults.action_fails() if fail is False else fail

    def create(self, name, type, properties=None, metadata=None, wait_secs=0, fail=False):
        self._enter()
        fail = self._fail(fail)
        return self.store.create(name, type, properties, metadata, wait_secs, fail)

    def update(self, object_id, properties, wait_secs=0, fail=False):
        self._enter()
        fail = self._fail(fail)
        return self.store.update(object_id, properties, wait_secs, fail)

    def delete(self, object_id, wait_secs=0):
        self._enter()
        return self.store.delete(object_id, wait_secs)

    def power(self, object_id, action, wait_secs=0, fail=False):
        self._enter()
        return self.store.power(object_id, action, wait_secs, self._fail(fail))

    def snapshot(self, object_id, label=None):
        self._enter()
        return self.store.snapshot(object_id, label)

    def delete_snapshot(self, snapshot_id):
        self._enter()
        self.store.delete_snapshot(snapshot_id)

    def list_snapshots(self):
        self._enter()
        return self.store.list_snapshots()

    def get(self, object_id):
        self._enter()
        return self.store.get(object_id)

    def list(self, stack_id=None, resource_name=None):
        self._enter()
        return self.store.list(stack_id, resource_name)

    def get_many(self, ids):
        self._enter()
        return self.store.get_many(ids)

    def changes(self, token=None):
        self._enter()
        return self.store.changes(token)

    def patch(self, object_id, properties):
        return self.store.patch(object_id, properties)

    def finish(self, object_id):
        return self.store.finish(object_id)

    def get_faults(self):
        return self.faults.to_dict()

    def set_faults(self, **settings):
        return self.faults.update(**settings).to_dict()


class HttpCloudClient(CloudClient):
    """The cloud service over REST, one keep-alive connection per thread."""

    def __init__(self, base_url, timeout=10):
        self.base_url = base_url.rstrip('/')
        self.timeout = timeout
        self._http = connection.ConnectionPerThread(self.base_url, timeout)

    def _call(self, method, path, expect, payload=None, idempotent=True):
        """``idempotent``: the call may be sent again when its connection
        turns out stale and the server may have seen it (see connection)."""
        body = None if payload is None else json.dumps(payload).encode()
        resp = self._http.request(method, path, body, idempotent=idempotent)
        if resp.status != expect:
            raise _error_from(resp.status, resp.reason, resp.body)
        try:
            return json.loads(resp.body) if resp.body else {}
        except ValueError:
            # Something other than the cloud answered (a proxy, say).
            raise CloudUnavailable(resp.status,
                                   f'{method} {self.base_url}{path}: body is not JSON')

    @staticmethod
    def _path(object_id):
        return '/v1/objects/' + quote(str(object_id), safe='')

    def create(self, name, type, properties=None, metadata=None, wait_secs=0, fail=False):
        body = {'name': name, 'type': type,
                'properties': {} if properties is None else properties,
                'metadata': {} if metadata is None else metadata,
                'wait_secs': wait_secs, 'fail': fail}
        # Sent twice, a create would make two objects.
        return self._call('POST', '/v1/objects', 201, payload=body,
                          idempotent=False)['object']

    def update(self, object_id, properties, wait_secs=0, fail=False):
        body = {'properties': properties, 'wait_secs': wait_secs, 'fail': fail}
        return self._call('PUT', self._path(object_id), 200, payload=body)['object']

    def delete(self, object_id, wait_secs=0):
        # A second delete keeps the first one's timer (or finds it done: 404).
        body = {'wait_secs': wait_secs}
        return self._call('POST', self._path(object_id) + '/delete', 202,
                          payload=body)['object']

    def power(self, object_id, action, wait_secs=0, fail=False):
        # Asking again while it is under way changes nothing.
        body = {'wait_secs': wait_secs, 'fail': fail}
        return self._call('POST', f'{self._path(object_id)}/{action.lower()}', 200,
                          payload=body)['object']

    def snapshot(self, object_id, label=None):
        # One snapshot per object and label: a second call answers the first's.
        payload = {} if label is None else {'label': label}
        return self._call('POST', self._path(object_id) + '/snapshot', 201,
                          payload=payload)['snapshot']

    def delete_snapshot(self, snapshot_id):
        self._call('DELETE', '/v1/snapshots/' + quote(str(snapshot_id), safe=''), 204)

    def list_snapshots(self):
        return self._call('GET', '/v1/snapshots', 200)['snapshots']

    def get(self, object_id):
        return self._call('GET', self._path(object_id), 200)['object']

    def list(self, stack_id=None, resource_name=None):
        params = {k: v for k, v in (('stack_id', stack_id),
                                    ('resource_name', resource_name)) if v is not None}
        query = '?' + urlencode(params) if params else ''
        return self._call('GET', '/v1/objects' + query, 200)['objects']

    def get_many(self, ids):
        return self._call('POST', '/v1/objects/status', 200,
                          payload={'ids': list(ids)})['objects']

    def changes(self, token=None):
        query = '?' + urlencode({'since': token}) if token else ''
        body = self._call('GET', '/v1/changes' + query, 200)
        return body['token'], body['changed']

    def patch(self, object_id, properties):
        # A merge that bumps the version each time it is applied.
        return self._call('PATCH', self._path(object_id), 200,
                          payload={'properties': properties}, idempotent=False)['object']

    def finish(self, object_id):
        # Once a delete has finished, a second call would answer 404.
        return self._call('POST', self._path(object_id) + '/finish', 200,
                          idempotent=False)['object']

    def get_faults(self):
        return self._call('GET', '/v1/faults', 200)['faults']

    def list_calls(self, after=0):
        """The service's call log (``[cloud] log_calls``) past ``after``."""
        return self._call('GET', f'/v1/calls?after={int(after)}', 200)['calls']

    def set_faults(self, **settings):
        return self._call('PUT', '/v1/faults', 200, payload=settings)['faults']


def _error_from(status, reason, body):
    """The CloudError for an answer the call did not expect."""
    try:
        message = json.loads(body)['error']['message']
    except (ValueError, KeyError, TypeError):
        message = body[:200].decode('utf-8', 'replace') or reason
    if status >= 500:
        return CloudUnavailable(status, message)
    by_status = {400: CloudBadRequest, 404: CloudNotFound, 409: CloudConflict}
    if status in by_status:
        return by_status[status](message)
    return CloudError(status, message)


# --- the process-wide client -------------------------------------------------

_lock = threading.Lock()
_client = None
_store = None


def default_store_path(conf=CONF):
    return conf.cloud.store_path or os.path.join(conf.state_path, 'cloud.sqlite')


def get_store():
    """The process-local store of the embedded cloud, opened on first use."""
    global _store
    with _lock:
        if _store is None:
            path = default_store_path()
            os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
            _store = CloudStore(path, log_calls=CONF.cloud.log_calls)
        return _store


def set_store(store):
    """Install ``store`` as the embedded cloud's store; returns the previous one.

    Lets a process (or a test) share one store between the in-process client
    and a REST service it runs for out-of-band edits.
    """
    global _store
    with _lock:
        previous, _store = _store, store
    return previous


def get_client():
    """The client chosen by ``[cloud] url``: in-process when empty, else HTTP."""
    global _client
    if _client is None:
        url = CONF.cloud.url
        if url:
            client = HttpCloudClient(url, timeout=CONF.cloud.client_timeout)
        else:
            client = LocalCloudClient(get_store(), FaultPolicy.from_conf())
        with _lock:
            if _client is None:
                _client = client
    return _client


def set_client(client):
    """Install ``client`` process-wide (None: choose again from config).

    Returns the previous one, so tests can put it back.
    """
    global _client
    with _lock:
        previous, _client = _client, client
    return previous
