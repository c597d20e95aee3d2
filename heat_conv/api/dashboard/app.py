"""Serves the page's built files under ``/dashboard``, and what the page
must know about this API before its first call (``config.json``).

The files are plain static assets built from ``dashboard/`` at the top of
the repository (``tools/build-dashboard``) and shipped as package data, so
serving them needs no Node.js. The page holds no secret and no state: every
stack it shows comes from the v1 API, under the caller's own credentials.
"""
import json
import mimetypes
import pathlib

import webob
import webob.dec

from heat_conv.api import auth
from heat_conv.api.dashboard import options  # noqa: F401  (registers [dashboard])
from heat_conv.common import config

PREFIX = '/dashboard'
STATIC_DIR = pathlib.Path(__file__).parent / 'static'
INDEX = 'index.html'
# The page loads only its own files and talks only to this API.
_SECURITY_HEADERS = {
    'Content-Security-Policy': ("default-src 'self'; img-src 'self' data: blob:; "
                                "style-src 'self' 'unsafe-inline'; "
                                "worker-src 'self' blob:; frame-ancestors 'none'"),
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
}


class DashboardApp:
    """The WSGI application for every path under ``/dashboard``."""

    def __init__(self, conf=None, static_dir=STATIC_DIR):
        self.conf = conf or config.CONF
        self.static_dir = static_dir

    @webob.dec.wsgify
    def __call__(self, req):
        if req.method not in ('GET', 'HEAD'):
            return _plain(405, 'The dashboard only serves pages; the API is under /v1.')
        rest = req.path_info[len(PREFIX):]
        if rest == '':
            # Relative asset URLs in the page resolve under /dashboard/.
            return webob.Response(status=301, location=req.host_url + PREFIX + '/')
        name = rest.lstrip('/') or INDEX
        if name == 'config.json':
            return self._config()
        return self._file(name)

    def _config(self):
        strategy = self.conf.api.auth_strategy
        body = {'auth_strategy': strategy,
                # noauth: the project whose stacks to show first.
                'default_tenant': (self.conf.api.noauth_default_user
                                   if strategy == auth.NOAUTH else None)}
        return _with_headers(webob.Response(
            json.dumps(body), content_type='application/json', charset='utf-8',
            cache_control='no-store'))

    def _file(self, name):
        base = self.static_dir.resolve()
        path = (base / name).resolve()
        # Only the built files: no '..' out of the directory, no listing.
        if base not in path.parents or not path.is_file():
            return _plain(404, f'No such dashboard file: {name}')
        content_type, _ = mimetypes.guess_type(path.name)
        response = webob.Response(body=path.read_bytes(),
                                  content_type=content_type or 'application/octet-stream',
                                  cache_control='no-cache')
        if content_type and (content_type.startswith('text/')
                             or content_type == 'application/javascript'):
            response.charset = 'utf-8'
        return _with_headers(response)


def _plain(code, text):
    return _with_headers(webob.Response(text, status=code, content_type='text/plain',
                                        charset='utf-8'))


def _with_headers(response):
    response.headers.update(_SECURITY_HEADERS)
    return response


class PrefixSplit:
    """Sends ``/dashboard`` and everything under it to the page, the rest on."""

    def __init__(self, dashboard, default):
        self.dashboard = dashboard
        self.default = default

    def __call__(self, environ, start_response):
        path = environ.get('PATH_INFO', '')
        if path == PREFIX or path.startswith(PREFIX + '/'):
            return self.dashboard(environ, start_response)
        return self.default(environ, start_response)


def mount(application, conf=None):
    """``application`` with the page in front of it if ``[dashboard] enabled``."""
    conf = conf or config.CONF
    if not conf.dashboard.enabled:
        return application
    return PrefixSplit(DashboardApp(conf), application)
