"""Serving the API over HTTP with cheroot, in a background thread."""
from heat_conv.api import access_log
from heat_conv.common import http_server

SERVER_NAME = 'heat-conv-api'


def serve(app, host, port, threads=16):
    """Start serving ``app``, with an access log line per request; port 0
    picks a free port."""
    return http_server.serve(access_log.AccessLog(app), host, port, threads, SERVER_NAME)
