"""Each process's Prometheus endpoint: ``GET /metrics`` on a port of its own.

The API, each engine worker process, the observer and the all-in-one
serve their metrics (``heat_conv.common.metrics``) on ``[metrics]
bind_host`` and a port of their kind, so that processes on one host never
compete for one: an engine's worker processes take ``engine_port``,
``engine_port + 1``, ... in the order they start (the first free one of
``[engine] workers`` ports; API processes under uWSGI, the first free of
``API_PORTS`` from ``api_port``). The all-in-one's threads share one registry,
served once, on ``api_port``. A port that is taken costs the process its
metrics (logged), never its start.
"""
import logging
import os
import threading

import prometheus_client
from oslo_config import cfg

from heat_conv.common import config
from heat_conv.common import http_server

CONF = config.CONF
LOG = logging.getLogger(__name__)

GROUP = 'metrics'

metrics_opts = [
    cfg.BoolOpt('enabled', default=True,
                help='Serve Prometheus metrics (GET /metrics) from every heat-conv '
                     'process.'),
    cfg.HostAddressOpt('bind_host', default='127.0.0.1',
                       help='Address the metrics endpoints listen on (0.0.0.0 for '
                            'a Prometheus on another host).'),
    cfg.PortOpt('api_port', default=9180,
                help='Port of the API\'s metrics endpoint (heat-conv-api; the all-in-one '
                     'heat-conv-all, whose threads share one; under uWSGI each worker '
                     'process takes the next free one of 10 ports from it). '
                     '0: any free port.'),
    cfg.PortOpt('observer_port', default=9190,
                help='Port of the observer\'s metrics endpoint. 0: any free port.'),
    cfg.PortOpt('engine_port', default=9200,
                help='Port of the first engine worker process\'s metrics endpoint; '
                     'the others take the next ones ([engine] workers ports in all). '
                     '0: any free port.'),
]
CONF.register_opts(metrics_opts, group=GROUP)

# How many ports from its own a process tries by default, and an API
# worker process under uWSGI.
DEFAULT_TRIES = 1
API_PORTS = 10

_lock = threading.Lock()
_serving = None   # (pid, ServerHandle) of this process's endpoint


def list_opts():
    return [(GROUP, metrics_opts)]


def _app(environ, start_response):
    if environ.get('PATH_INFO', '/') not in ('/', '/metrics'):
        start_response('404 Not Found', [('Content-Type', 'text/plain')])
        return [b'not found: the metrics are at /metrics\n']
    return _metrics(environ, start_response)


_metrics = prometheus_client.make_wsgi_app()


def serve(port, tries=DEFAULT_TRIES):
    """This process's endpoint, started on the first free port of ``port``,
    ``port + 1``, ... (``tries`` of them) unless it serves one already (an
    all-in-one's second service); None when disabled or no port was free.
    A worker process forked from one that served starts its own."""
    global _serving
    if not CONF.metrics.enabled:
        return None
    with _lock:
        if _serving is not None and _serving[0] == os.getpid():
            return _serving[1]
        for candidate in [port] if not port else range(port, port + max(1, tries)):
            try:
                # A scrape every 15 s or more can wait half a second on a
                # kept-alive connection; the server's idle CPU falls 50-fold.
                handle = http_server.serve(_app, CONF.metrics.bind_host, candidate,
                                           threads=2, name='heat-conv-metrics',
                                           wake_interval=0.5)
            except OSError as exc:   # cheroot says only that it could not bind
                LOG.debug('metrics: cannot listen on port %d: %s', candidate, exc)
                continue
            _serving = (os.getpid(), handle)
            LOG.info('metrics at %s/metrics', handle.url)
            return handle
    LOG.warning('no metrics endpoint: ports %d to %d on %s are taken ([metrics] '
                'moves them)', port, port + max(1, tries) - 1, CONF.metrics.bind_host)
    return None


def stop():
    """Stop this process's endpoint, if it serves one."""
    global _serving
    with _lock:
        serving, _serving = _serving, None
    if serving is not None and serving[0] == os.getpid():
        serving[1].stop()
