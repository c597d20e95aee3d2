"""The cheroot servers (API, cloud) under a burst of connections."""
import socket
import threading

import requests

from heat_conv.common import http_server


def _app(environ, start_response):
    start_response('200 OK', [('Content-Type', 'text/plain')])
    return [b'ok']


def test_the_listen_backlog_holds_a_burst_of_connections():
    handle = http_server.serve(_app, '127.0.0.1', 0, 2, 'test')
    try:
        assert handle._server.request_queue_size == socket.SOMAXCONN
        answers = []

        def call():
            answers.append(requests.get(handle.url, timeout=60).text)
        threads = [threading.Thread(target=call) for _ in range(64)]
        for t in threads:
            t.start()
        for t in threads:
            t.join(120)
        assert answers == ['ok'] * 64
    finally:
        handle.stop()
