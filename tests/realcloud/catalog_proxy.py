"""A Keystone in front of the mini-cloud's Keystone whose catalog sends one
service to a port where nothing listens: that service is down, for the
one heat-conv configured with this proxy as its Keystone, and for nobody
else (the rig is shared; stopping a real service would fail other
sessions' tests).

Every answer of the real Keystone is passed on with its own address
(version documents, catalog entries) replaced by the proxy's, so clients
keep talking to the proxy, and the down service's address replaced by the
dead one. Tokens, trusts and their checks are Keystone's own.
"""
import http.server
import socket
import socketserver
import threading

import requests

KEYSTONE = 'http://127.0.0.1:5000'
_HOP_BY_HOP = {'connection', 'keep-alive', 'transfer-encoding', 'content-length',
               'content-encoding', 'proxy-authenticate', 'proxy-authorization', 'te',
               'trailers', 'upgrade'}


def dead_port():
    """A port nothing listens on (bound, then closed)."""
    with socket.socket() as sock:
        sock.bind(('127.0.0.1', 0))
        return sock.getsockname()[1]


class _Server(socketserver.ThreadingMixIn, http.server.HTTPServer):
    daemon_threads = True


class CatalogProxy:
    """Keystone at ``self.url``, with ``down_url`` (a service's base URL as
    the catalog has it) answered by nothing."""

    def __init__(self, down_url):
        self.down_url = down_url.rstrip('/')
        self.dead_url = f'http://127.0.0.1:{dead_port()}'
        proxy = self

        class Handler(http.server.BaseHTTPRequestHandler):
            protocol_version = 'HTTP/1.1'

            def log_message(self, *args):
                pass

            def _forward(self):
                length = int(self.headers.get('Content-Length') or 0)
                body = self.rfile.read(length) if length else None
                headers = {k: v for k, v in self.headers.items()
                           if k.lower() not in _HOP_BY_HOP and k.lower() != 'host'}
                resp = requests.request(self.command, KEYSTONE + self.path, data=body,
                                        headers=headers, timeout=60,
                                        allow_redirects=False)
                content = proxy.rewrite(resp.content)
                self.send_response(resp.status_code)
                for key, value in resp.headers.items():
                    if key.lower() not in _HOP_BY_HOP:
                        self.send_header(key, proxy.rewrite(value.encode()).decode())
                self.send_header('Content-Length', str(len(content)))
                self.end_headers()
                self.wfile.write(content)

            do_GET = do_POST = do_PUT = do_PATCH = do_DELETE = do_HEAD = _forward

        self._server = _Server(('127.0.0.1', 0), Handler)
        self.url = f'http://127.0.0.1:{self._server.server_address[1]}'
        self._thread = threading.Thread(target=self._server.serve_forever, daemon=True)

    def rewrite(self, content):
        return (content.replace(self.down_url.encode(), self.dead_url.encode())
                .replace(KEYSTONE.encode(), self.url.encode()))

    def __enter__(self):
        self._thread.start()
        return self

    def __exit__(self, *exc):
        self._server.shutdown()
        self._server.server_close()
