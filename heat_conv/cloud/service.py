"""The simulated cloud's REST service: a WSGI app and a cheroot server for it.

Engine-facing calls (create, update, delete, reads, batch status) go
through fault injection; the out-of-band PATCH and DELETE never do, because
they are how tests and users make drift and must work whatever the engine
is suffering.
"""
import json
import logging
import threading

import routes
import webob
import webob.dec

from heat_conv.cloud.errors import CloudBadRequest
from heat_conv.cloud.errors import CloudError
from heat_conv.cloud.errors import CloudUnavailable
from heat_conv.cloud.faults import ERROR
from heat_conv.cloud.faults import TIMEOUT
from heat_conv.cloud.faults import FaultPolicy
from heat_conv.common import http_server

LOG = logging.getLogger(__name__)

_OBJECT = '/v1/objects/{object_id}'

# (method, path, handler name, faulted)
_ROUTES = (
    ('GET', '/v1/objects', 'list_objects', True),
    ('POST', '/v1/objects', 'create', True),
    ('POST', '/v1/objects/status', 'status', True),
    ('GET', _OBJECT, 'show', True),
    ('PUT', _OBJECT, 'update', True),
    ('POST', _OBJECT + '/delete', 'delete', True),
    ('POST', _OBJECT + '/suspend', 'suspend', True),
    ('POST', _OBJECT + '/resume', 'resume', True),
    ('POST', _OBJECT + '/snapshot', 'snapshot', True),
    ('GET', '/v1/snapshots', 'list_snapshots', True),
    ('PATCH', _OBJECT, 'patch', False),
    ('DELETE', _OBJECT, 'delete_now', False),
    ('POST', _OBJECT + '/finish', 'finish', False),
    ('GET', '/v1/faults', 'show_faults', False),
    ('PUT', '/v1/faults', 'update_faults', False),
)

_METHODS = sorted({method for method, _, _, _ in _ROUTES})
# Kept out of the route table because Routes turns extra route values into strings.
_FAULTED = {handler: faulted for _, _, handler, faulted in _ROUTES}


def _error(status, message):
    return webob.Response(status=status,
                          json_body={'error': {'code': status, 'message': message}})


def _body(req, allowed, required=()):
    """The request's JSON object, checked against the fields a route takes."""
    if not req.body:
        if required:
            raise CloudBadRequest('A JSON body is required')
        return {}
    try:
        body = json.loads(req.body)
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
    """WSGI app over a CloudStore, with a FaultPolicy changeable at run time."""

    def __init__(self, store, faults=None):
        self.store = store
        self.faults = faults if faults is not None else FaultPolicy()
        # Set on shutdown, so injected latency and hangs end at once.
        self.stopping = threading.Event()
        self._mapper = routes.Mapper()
        for method, path, handler, _ in _ROUTES:
            self._mapper.connect(path, handler=handler, conditions={'method': [method]})

    @webob.dec.wsgify
    def __call__(self, req):
        match = self._mapper.match(environ=req.environ)
        if match is None:
            return self._no_route(req)
        handler = match.pop('handler')
        try:
            if _FAULTED[handler]:
                self._inject_faults()
            return getattr(self, '_' + handler)(req, **match)
        except CloudError as exc:
            return _error(exc.status, exc.message)
        except Exception:
            LOG.exception('Unexpected error serving %s %s', req.method, req.path)
            return _error(500, 'Internal error in the simulated cloud')

    def _no_route(self, req):
        allowed = [m for m in _METHODS
                   if self._mapper.match(environ=dict(req.environ, REQUEST_METHOD=m))]
        if not allowed:
            return _error(404, f'No such resource: {req.path}')
        resp = _error(405, f'{req.method} is not allowed on {req.path}')
        resp.allow = allowed
        return resp

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

    # --- handlers: each returns a webob.Response ----------------------------

    def _list_objects(self, req):
        # An empty filter (?stack_id=) filters nothing, as in Heat's API.
        objects = self.store.list(stack_id=req.GET.get('stack_id') or None,
                                  resource_name=req.GET.get('resource_name') or None)
        return webob.Response(json_body={'objects': objects})

    def _create(self, req):
        body = _body(req, ('name', 'type', 'properties', 'metadata', 'wait_secs', 'fail'),
                     required=('name', 'type'))
        obj = self.store.create(body['name'], body['type'], body.get('properties'),
                                body.get('metadata'), body.get('wait_secs', 0),
                                self._action_fails(body.get('fail', False)))
        resp = webob.Response(status=201, json_body={'object': obj})
        resp.location = req.host_url + '/v1/objects/' + obj['id']
        return resp

    def _status(self, req):
        ids = _body(req, ('ids',), required=('ids',))['ids']
        if not isinstance(ids, list) or not all(isinstance(i, str) for i in ids):
            raise CloudBadRequest('ids must be a list of strings')
        return webob.Response(json_body={'objects': self.store.get_many(ids)})

    def _show(self, req, object_id):
        return webob.Response(json_body={'object': self.store.get(object_id)})

    def _update(self, req, object_id):
        body = _body(req, ('properties', 'wait_secs', 'fail'), required=('properties',))
        obj = self.store.update(object_id, body['properties'], body.get('wait_secs', 0),
                                self._action_fails(body.get('fail', False)))
        return webob.Response(json_body={'object': obj})

    def _delete(self, req, object_id):
        body = _body(req, ('wait_secs',))
        obj = self.store.delete(object_id, body.get('wait_secs', 0))
        return webob.Response(status=202, json_body={'object': obj})

    def _suspend(self, req, object_id):
        return self._power(req, object_id, 'SUSPEND')

    def _resume(self, req, object_id):
        return self._power(req, object_id, 'RESUME')

    def _power(self, req, object_id, action):
        body = _body(req, ('wait_secs', 'fail'))
        obj = self.store.power(object_id, action, body.get('wait_secs', 0),
                               self._action_fails(body.get('fail', False)))
        return webob.Response(json_body={'object': obj})

    def _snapshot(self, req, object_id):
        _body(req, ())
        return webob.Response(status=201,
                              json_body={'snapshot': self.store.snapshot(object_id)})

    def _list_snapshots(self, req):
        return webob.Response(json_body={'snapshots': self.store.list_snapshots()})

    def _patch(self, req, object_id):
        body = _body(req, ('properties',), required=('properties',))
        return webob.Response(json_body={'object': self.store.patch(object_id,
                                                                     body['properties'])})

    def _delete_now(self, req, object_id):
        self.store.delete(object_id, 0)
        return webob.Response(status=204)

    def _finish(self, req, object_id):
        _body(req, ())
        return webob.Response(json_body={'object': self.store.finish(object_id)})

    def _show_faults(self, req):
        return webob.Response(json_body={'faults': self.faults.to_dict()})

    def _update_faults(self, req):
        body = _body(req, ('faults',) + tuple(self.faults.to_dict()))
        # Accept what GET answers ({"faults": {...}}) as well as bare settings.
        if set(body) == {'faults'} and isinstance(body['faults'], dict):
            body = body['faults']
        elif 'faults' in body:
            raise CloudBadRequest('faults must be an object of fault settings')
        return webob.Response(json_body={'faults': self.faults.update(**body).to_dict()})


def serve(host, port, store, faults=None, numthreads=16):
    """Start the service in a background thread; port 0 picks a free port."""
    app = CloudApp(store, faults)
    # Interrupts any injected latency or hang so a stop is prompt.
    return http_server.serve(app, host, port, numthreads, 'heat-conv-cloud',
                             before_stop=app.stopping.set)
