"""One log line per request served: the access log of heat-conv-api's own
HTTP server.

Under uWSGI the server logs requests itself, so the WSGI application
(``heat_conv.wsgi.api``) is not wrapped in this. The line has what
eventlet's server wrote for Heat (client address, request line, status,
length, seconds), plus the request id that the engine's log lines and the
stack's events carry.
"""
import logging
import time

LOG = logging.getLogger('heat_conv.api.access')


class AccessLog:

    def __init__(self, app):
        self.app = app

    def __call__(self, environ, start_response):
        started = time.monotonic()
        status = []

        def recording_start_response(status_line, headers, exc_info=None):
            status[:] = [status_line.split(' ', 1)[0], dict(
                (k.lower(), v) for k, v in headers).get('x-openstack-request-id', '-')]
            return start_response(status_line, headers, exc_info)

        body = self.app(environ, recording_start_response)
        return _Logged(body, environ, status, started)


class _Logged:
    """The response body, passed through; logs the request when done."""

    def __init__(self, body, environ, status, started):
        self._body = body
        self._environ = environ
        self._status = status
        self._started = started
        self._length = 0

    def __iter__(self):
        for chunk in self._body:
            self._length += len(chunk)
            yield chunk

    def close(self):
        try:
            if hasattr(self._body, 'close'):
                self._body.close()
        finally:
            env = self._environ
            path = env.get('SCRIPT_NAME', '') + env.get('PATH_INFO', '')
            if env.get('QUERY_STRING'):
                path += '?' + env['QUERY_STRING']
            code, request_id = self._status or ('-', '-')
            LOG.info('%s "%s %s %s" status: %s len: %d time: %.4f request: %s',
                     env.get('REMOTE_ADDR', '-'), env.get('REQUEST_METHOD', '-'), path,
                     env.get('SERVER_PROTOCOL', '-'), code, self._length,
                     time.monotonic() - self._started, request_id)
