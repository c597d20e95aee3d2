"""Serving the API over HTTP with cheroot, in a background thread."""
from heat_conv.common import http_server

SERVER_NAME = 'heat-conv-api'


def serve(app, host, port, threads=16):
    """Start serving ``app``; port 0 picks a free port."""
    return http_server.serve(app, host, port, threads, SERVER_NAME)
