"""The simulated cloud's REST service: a WSGI app and a cheroot server for it.

Engine-facing calls (create, update, delete, reads, batch status) go
through fault injection; the out-of-band PATCH and DELETE never do, because
they are how tests and users make drift and must work whatever the engine
is suffering.
"""
import json
import logging
import threading
from http import HTTPStatus
from urllib.parse import parse_qsl
from urllib.parse import quote

from heat_conv.cloud.errors import CloudBadRequest
from heat_conv.cloud.errors import CloudError
from heat_conv.cloud.errors import CloudUnavailable
from heat_conv.cloud.faults import ERROR
from heat_conv.cloud.faults import TIMEOUT
from heat_conv.cloud.faults import FaultPolicy
from heat_conv.common import acting_for
from heat_conv.common import http_server

LOG = logging.getLogger(__name__)

_OBJECT = '/v1/objects/{object_id}'

# (method, path, handler name, faulted)
_ROUTES = (
    ('GET', '/v1/objects', 'list_objects', True),
    ('POST', '/v1/objects', 'create', True),
    ('POST', '/v1/objects/status', 'status', True),
    ('GET', '/v1/changes', 'changes', True),
    ('GET', _OBJECT, 'show', True),
    ('PUT', _OBJECT, 'update', True),
    ('POST', _OBJECT + '/delete', 'delete', True),
    ('POST', _OBJECT + '/suspend', 'suspend', True),
    ('POST', _OBJECT + '/resume', 'resume', True),
    ('POST', _OBJECT + '/snapshot', 'snapshot', True),
    ('GET', '/v1/snapshots', 'list_snapshots', True),
    ('DELETE', '/v1/snapshots/{object_id}', 'delete_snapshot', True),
    ('PATCH', _OBJECT, 'patch', False),
    ('DELETE', _OBJECT, 'delete_now', False),
    ('POST', _OBJECT + '/finish', 'finish', False),
    ('GET', '/v1/faults', 'show_faults', False),
    ('GET', '/v1/calls', 'list_calls', False),
    ('PUT', '/v1/faults', 'update_faults', False),
)

_METHODS = sorted({method for method, _, _, _ in _ROUTES})
# Paths as segments; '{object_id}' matches any one non-empty segment.
_PATTERNS = [(method, tuple(path.split('/')), handler, faulted)
             for method, path, handler, faulted in _ROUTES]

_JSON = [('Content-Type', 'application/json')]
_STATUS_LINES = {status.value: f'{status.value} {status.phrase}' for status in HTTPStatus}
_encode = json.JSONEncoder(separators=(',', ':')).encode


def _match(path):
    """``(method, handler, faulted, object_id)`` of every route whose path
    matches, in the table's order."""
    segments = path.split('/')
    for method, pattern, handler, faulted in _PATTERNS:
        if len(pattern) != len(segments):
            continue
        object_id = None
        for want, got in zip(pattern, segments):
            if want == '{object_id}' and got:
                object_id = got
            elif want != got:
                break
        else:
            yield method, handler, faulted, object_id


class _Request:
    """What a handler needs of a WSGI request."""

    def __init__(self, environ):
        self.environ = environ
        self.method = environ['REQUEST_METHOD']
        # As webob shows it: the raw path, quoted.
        self.path = quote((environ.get('SCRIPT_NAME', '') + environ.get('PATH_INFO', ''))
                          .encode('latin-1'), safe="/~!$&'()*+,;=:@")

    @property
    def body(self):
        try:
            length = int(self.environ.get('CONTENT_LENGTH'))
        except (TypeError, ValueError):
            length = None
        if length:
            return self.environ['wsgi.input'].read(length)
        if length is None and self.environ.get('wsgi.input_terminated'):
            return self.environ['wsgi.input'].read()   # a chunked body
        return b''

    @property
    def query(self):
        # The last of repeated parameters wins, as in webob.
        return dict(parse_qsl(self.environ.get('QUERY_STRING', ''), keep_blank_values=True))

    @property
    def host_url(self):
        """scheme://host[:port] as the client addressed us."""
        scheme = self.environ['wsgi.url_scheme']
        host = self.environ.get('HTTP_HOST')
        if host is not None:
            host, _, port = host.rpartition(':') if ':' in host and host[-1] != ']' \
                else (host, '', '')
        else:
            host, port = self.environ['SERVER_NAME'], self.environ['SERVER_PORT']
        if (scheme, port) in (('http', '80'), ('https', '443')):
            port = ''
        return f'{scheme}://{host}' + (f':{port}' if port else '')


def _caller(req):
    """Who asked, for the call log: the client's address and what the
    engine said it acts for (acting_for's header)."""
    return dict(acting_for.parse(req.environ.get('HTTP_X_HEAT_CONV_ACTING_FOR')),
                client=req.environ.get('REMOTE_ADDR'))


def _error(status, message):
    return status, {'error': {'code': status, 'message': message}}


def _body(req, allowed, required=()):
    """The request's JSON object, checked against the fields a route takes."""
    data = req.body
    if not data:
        if required:
            raise CloudBadRequest('A JSON body is required')
        return {}
    try:
        body = json.loads(data)
    except ValueError as exc:
        raise CloudBadRequest(f'Malformed JSON body: {exc}')
    if not isinstance(body, dict):
        raise CloudBadRequest('The JSON body must be an object')
    unknown = sorted(set(body) - set(allowed))
    if unknown:
        raise CloudBadRequest(f'Unknown field(s): {", ".join(unknown)}')
    missing = [key for key in required if key not in body]
    if missing:
        raise CloudBadRequest(f'Missing field(s): {", ".join(missing)}')
    return body


class CloudApp:
    """WSGI app over a CloudStore, with a FaultPolicy changeable at run time.

    Plain WSGI, no framework: every engine step and observer pass calls
    here, and webob and Routes cost more CPU per call than the store.
    Handlers return ``(status, JSON payload or None[, headers])``.
    """

    def __init__(self, store, faults=None):
        self.store = store
        self.faults = faults if faults is not None else FaultPolicy()
        # Set on shutdown, so injected latency and hangs end at once.
        self.stopping = threading.Event()

    def __call__(self, environ, start_response):
        req = _Request(environ)
        status, payload, *headers = self._dispatch(req)
        headers = headers[0] if headers else []
        body = b''
        if payload is not None:
            body = _encode(payload).encode()
            headers = _JSON + headers + [('Content-Length', str(len(body)))]
        start_response(_STATUS_LINES[status], headers)
        return [] if req.method == 'HEAD' else [body]

    def _dispatch(self, req):
        matches = list(_match(req.environ.get('PATH_INFO', '')))
        found = [m for m in matches if m[0] == req.method]
        if not found:
            return self._no_route(req, matches)
        _, handler, faulted, object_id = found[0]
        args = () if object_id is None else (object_id,)
        try:
            if faulted:
                self._inject_faults()
            return getattr(self, '_' + handler)(req, *args)
        except CloudError as exc:
            return _error(exc.status, exc.message)
        except Exception:
            LOG.exception('Unexpected error serving %s %s', req.method, req.path)
            return _error(500, 'Internal error in the simulated cloud')

    @staticmethod
    def _no_route(req, matches):
        if not matches:
            return _error(404, f'No such resource: {req.path}')
        allowed = [m for m in _METHODS if any(match[0] == m for match in matches)]
        return _error(405, f'{req.method} is not allowed on {req.path}') + (
            [('Allow', ', '.join(allowed))],)

    def _inject_faults(self):
        settings = self.faults.to_dict()
        if settings['latency_secs']:
            self.stopping.wait(settings['latency_secs'])
        fault = self.faults.call_fault()
        if fault == ERROR:
            raise CloudUnavailable(500, 'Injected fault: internal error')
        if fault == TIMEOUT:
            # Hold the call past the client's timeout; by the time this
            # answers, nobody is listening.
            self.stopping.wait(settings['hang_secs'])
            raise CloudUnavailable(504, 'Injected fault: timed out')

    def _action_fails(self, fail):
        return self.faults.action_fails() if fail is False else fail

    # --- handlers -----------------------------------------------------------

    def _list_objects(self, req):
        # An empty filter (?stack_id=) filters nothing, as in Heat's API.
        query = req.query
        objects = self.store.list(stack_id=query.get('stack_id') or None,
                                  resource_name=query.get('resource_name') or None)
        return 200, {'objects': objects}

    def _create(self, req):
        body = _body(req, ('name', 'type', 'properties', 'metadata', 'wait_secs', 'fail'),
                     required=('name', 'type'))
        obj = self.store.create(body['name'], body['type'], body.get('properties'),
                                body.get('metadata'), body.get('wait_secs', 0),
                                self._action_fails(body.get('fail', False)),
                                caller=_caller(req))
        return 201, {'object': obj}, [('Location',
                                       req.host_url + '/v1/objects/' + obj['id'])]

    def _status(self, req):
        ids = _body(req, ('ids',), required=('ids',))['ids']
        if not isinstance(ids, list) or not all(isinstance(i, str) for i in ids):
            raise CloudBadRequest('ids must be a list of strings')
        return 200, {'objects': self.store.get_many(ids)}

    def _changes(self, req):
        token, changed = self.store.changes(req.query.get('since') or None)
        return 200, {'token': token, 'changed': changed}

    def _show(self, req, object_id):
        return 200, {'object': self.store.get(object_id)}

    def _update(self, req, object_id):
        body = _body(req, ('properties', 'wait_secs', 'fail'), required=('properties',))
        obj = self.store.update(object_id, body['properties'], body.get('wait_secs', 0),
                                self._action_fails(body.get('fail', False)),
                                caller=_caller(req))
        return 200, {'object': obj}

    def _delete(self, req, object_id):
        body = _body(req, ('wait_secs',))
        return 202, {'object': self.store.delete(object_id, body.get('wait_secs', 0),
                                                 caller=_caller(req))}

    def _suspend(self, req, object_id):
        return self._power(req, object_id, 'SUSPEND')

    def _resume(self, req, object_id):
        return self._power(req, object_id, 'RESUME')

    def _power(self, req, object_id, action):
        body = _body(req, ('wait_secs', 'fail'))
        obj = self.store.power(object_id, action, body.get('wait_secs', 0),
                               self._action_fails(body.get('fail', False)),
                               caller=_caller(req))
        return 200, {'object': obj}

    def _snapshot(self, req, object_id):
        body = _body(req, ('label',))
        return 201, {'snapshot': self.store.snapshot(object_id, body.get('label'))}

    def _delete_snapshot(self, req, snapshot_id):
        self.store.delete_snapshot(snapshot_id)
        return 204, None

    def _list_snapshots(self, req):
        return 200, {'snapshots': self.store.list_snapshots()}

    def _patch(self, req, object_id):
        body = _body(req, ('properties',), required=('properties',))
        return 200, {'object': self.store.patch(object_id, body['properties'])}

    def _delete_now(self, req, object_id):
        self.store.delete(object_id, 0)
        return 204, None

    def _finish(self, req, object_id):
        _body(req, ())
        return 200, {'object': self.store.finish(object_id)}

    def _list_calls(self, req):
        try:
            after = int(req.query.get('after') or 0)
        except ValueError:
            raise CloudBadRequest('after must be an integer')
        return 200, {'calls': self.store.list_calls(after)}

    def _show_faults(self, req):
        return 200, {'faults': self.faults.to_dict()}

    def _update_faults(self, req):
        body = _body(req, ('faults',) + tuple(self.faults.to_dict()))
        # Accept what GET answers ({"faults": {...}}) as well as bare settings.
        if set(body) == {'faults'} and isinstance(body['faults'], dict):
            body = body['faults']
        elif 'faults' in body:
            raise CloudBadRequest('faults must be an object of fault settings')
        return 200, {'faults': self.faults.update(**body).to_dict()}


def serve(host, port, store, faults=None, numthreads=16):
    """Start the service in a background thread; port 0 picks a free port."""
    app = CloudApp(store, faults)
    # Interrupts any injected latency or hang so a stop is prompt.
    return http_server.serve(app, host, port, numthreads, 'heat-conv-cloud',
                             before_stop=app.stopping.set)
