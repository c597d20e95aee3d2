"""The API's WSGI pipeline, composed in code (no paste.ini).

Outermost first:

- http_proxy_to_wsgi: a reverse proxy's Forwarded headers fix the URL
  that links and redirects are built from;
- request_metrics: every answer counted by method and status;
- request_id: every answer carries x-openstack-request-id;
- /healthcheck, answered before anything that could fail;
- faults: whatever goes wrong below is a JSON fault in Heat's shape;
- body_limit: bodies above max_json_body_size are refused (413);
- / and /v1: the versions document, without authentication;
- /dashboard: the built-in page, if ``[dashboard] enabled`` (its files need
  no authentication; the API calls it makes do);
- authentication ([api] auth_strategy), then the v1 routes.
"""
import webob.dec
from oslo_middleware import healthcheck
from oslo_middleware import http_proxy_to_wsgi
from oslo_middleware import request_id

from heat_conv.api import auth
from heat_conv.api import body_limit
from heat_conv.api import dispatch
from heat_conv.api import faults
from heat_conv.api import options  # noqa: F401  (registers [api])
from heat_conv.api import request_metrics
from heat_conv.api import router
from heat_conv.api.controllers import versions
from heat_conv.api.dashboard import app as dashboard_app
from heat_conv.common import config

HEALTHCHECK_PATH = '/healthcheck'
VERSIONS_PATHS = ('', '/', '/v1', '/v1/')


class _PathSplit:
    """Sends exact paths to their own applications, the rest to ``default``."""

    def __init__(self, paths, default):
        self.paths = paths
        self.default = default

    def __call__(self, environ, start_response):
        app = self.paths.get(environ.get('PATH_INFO', ''), self.default)
        return app(environ, start_response)


@webob.dec.wsgify
def _not_found(req):
    return faults.response(404, f'The resource {req.path_info} could not be found.',
                           'HTTPNotFound')


def make_app(conf=None):
    conf = conf or config.CONF
    strategy = conf.api.auth_strategy
    v1 = dispatch.Dispatcher(router.make_mapper(), router.make_controllers(), strategy)
    v1 = auth.wrap(v1, strategy, conf)
    version_doc = versions.VersionsApp()
    app = _PathSplit({path: version_doc for path in VERSIONS_PATHS}, v1)
    app = dashboard_app.mount(app, conf)
    app = body_limit.BodySizeLimiter(app)
    app = faults.FaultWrapper(app)
    app = _PathSplit({HEALTHCHECK_PATH: healthcheck.Healthcheck(_not_found, conf)}, app)
    app = request_id.RequestId(app)
    app = request_metrics.RequestMetrics(app)
    return http_proxy_to_wsgi.HTTPProxyToWSGI(
        app, {'enable_proxy_headers_parsing': conf.api.enable_proxy_headers_parsing})
