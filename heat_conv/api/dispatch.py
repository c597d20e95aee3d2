"""The WSGI application that routes /v1/{tenant_id}/... to controllers.

The route's policy rule is enforced first (heat_conv.common.policy). A
controller method is called as ``method(req, ctx, **path_variables)`` and
returns a webob Response (the URL map names controllers; ``controllers``
maps the names to objects); whatever it raises becomes a fault here, so a
request never escapes as a 500 page.
"""
import webob.dec

from heat_conv.api import auth
from heat_conv.api import faults
from heat_conv.api import secrets
from heat_conv.clients import request_services
from heat_conv.common import policy

_METHODS = ('GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE')


class Dispatcher:

    def __init__(self, mapper, controllers, auth_strategy=auth.NOAUTH):
        self.mapper = mapper
        self.controllers = controllers
        self.auth_strategy = auth_strategy

    def _match(self, path, environ, method):
        env = dict(environ, REQUEST_METHOD=method)
        try:
            return self.mapper.match(path, environ=env)
        except Exception:   # Routes chokes on some undecodable paths
            return None

    @webob.dec.wsgify
    def __call__(self, req):
        try:
            path = req.path_info.rstrip('/') or '/'
            req.GET   # decoded (and cached) now, so a bad query fails here
        except UnicodeDecodeError:
            return faults.response(400, 'The URL is not valid UTF-8', 'HTTPBadRequest')
        match = self._match(path, req.environ, req.method)
        if match is None:
            return self._no_route(path, req)
        match = dict(match)
        controller = self.controllers[match.pop('controller')]
        action = match.pop('action')
        rule = match.pop('policy', None)
        ctx = None
        try:
            ctx = auth.context_for(req, match['tenant_id'], self.auth_strategy)
            if rule is not None:
                policy.authorize(ctx, rule, {'project_id': match['tenant_id']})
            # Templates bound for the request check their parameters'
            # service constraints with the request's token.
            with request_services.asking(ctx):
                resp = getattr(controller, action)(req, ctx, **match)
        except Exception as exc:
            resp = faults.from_exception(exc)
        if 'stack_id' in match and ctx is not None:
            # Whatever a route answers about a stack, hidden values stay hidden.
            resp = secrets.redact_stack_response(
                resp, ctx, match['stack_id'], changed=req.method not in ('GET', 'HEAD'))
        return resp

    def _no_route(self, path, req):
        allowed = [m for m in _METHODS if self._match(path, req.environ, m)]
        if allowed:
            return faults.response(405, f'The method {req.method} is not allowed for '
                                        f'this resource', 'HTTPMethodNotAllowed',
                                   {'Allow': ', '.join(allowed)})
        return faults.response(404, f'The resource {req.path_info} could not be found.',
                               'HTTPNotFound')
