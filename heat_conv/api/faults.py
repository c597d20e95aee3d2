"""Errors as Heat's JSON faults.

Every error the API answers has Heat's shape::

    {"code": 404, "title": "Not Found", "explanation": "...",
     "error": {"type": "StackNotFound", "message": "...", "traceback": null}}

python-heatclient shows ``error.message`` to the user, so it must be the
precise reason (with the template path when there is one).
"""
import json
import logging

import webob
import webob.dec
import webob.exc

from heat_conv.common import exception

LOG = logging.getLogger(__name__)


def body(code, message, error_type):
    status = webob.exc.status_map.get(code, webob.exc.HTTPInternalServerError)
    return {
        'code': code,
        'title': status.title,
        'explanation': status.explanation,
        'error': {'type': error_type, 'message': message, 'traceback': None},
    }


def response(code, message, error_type, headers=None):
    resp = webob.Response(status=code, content_type='application/json', charset='UTF-8')
    resp.body = json.dumps(body(code, message, error_type)).encode('utf-8')
    for name, value in (headers or {}).items():
        resp.headers[name] = value
    return resp


def from_exception(exc):
    """The fault response for anything a request handler raised."""
    if isinstance(exc, exception.HeatConvException) and exc.code < 500:
        return response(exc.code, exc.message, type(exc).__name__)
    if isinstance(exc, exception.ServiceUnavailable):
        LOG.warning('Answering 503: %s', exc.__cause__ or exc)
        return response(503, exc.message, 'ServiceUnavailable',
                        {'Retry-After': str(exc.retry_after or 1)})
    if isinstance(exc, webob.exc.WSGIHTTPException):
        message = exc.detail or exc.explanation
        headers = {k: v for k, v in exc.headers.items()
                   if k.lower() in ('allow', 'www-authenticate', 'location')}
        return response(exc.code, message, type(exc).__name__, headers)
    # A bug, or a 5xx from below: log it, and do not leak internals.
    LOG.error('Unexpected error answering a request', exc_info=exc)
    return response(500, 'The server has either erred or is incapable of performing '
                         'the requested operation.', 'InternalServerError')


class FaultWrapper:
    """Turns exceptions and non-JSON error pages of inner layers into faults.

    Inner middleware (the body size limiter, keystonemiddleware) answer
    with HTML or plain text; clients expect the JSON shape everywhere.
    """

    def __init__(self, application):
        self.application = application

    @webob.dec.wsgify
    def __call__(self, req):
        try:
            resp = req.get_response(self.application)
        except Exception as exc:  # the last line of defence: never a traceback page
            return from_exception(exc)
        if resp.status_code >= 400 and not _is_fault(resp):
            return _rewrite(resp)
        return resp


_FAULT_KEYS = {'code', 'title', 'explanation', 'error'}


def _json_body(resp):
    if not (resp.content_type or '').endswith('json'):
        return None
    try:
        return json.loads(resp.body)
    except ValueError:
        return None


def _is_fault(resp):
    body = _json_body(resp)
    return isinstance(body, dict) and set(body) == _FAULT_KEYS


def _rewrite(resp):
    status = webob.exc.status_map.get(resp.status_code)
    message = status.explanation if status else resp.status
    body = _json_body(resp)
    if body is not None:
        # Another middleware's JSON error (keystonemiddleware's): its message.
        error = body.get('error') if isinstance(body, dict) else None
        if isinstance(error, dict) and isinstance(error.get('message'), str):
            message = error['message']
        text = ''
    else:
        text = resp.text.strip() if resp.charset else ''
    # webob's error pages are "<status>\n\n<detail>": keep the detail.
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    if len(lines) > 1 and lines[0] == resp.status and '<' not in text:
        message = ' '.join(lines[1:])
    error_type = status.__name__ if status else 'HTTPError'
    keep = {k: v for k, v in resp.headers.items()
            if k.lower() in ('allow', 'www-authenticate', 'x-openstack-request-id')}
    return response(resp.status_code, message, error_type, keep)
