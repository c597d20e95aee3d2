"""A Keystone for the suite whose catalog names the orchestration service
under test.

The rig's catalog has one ``orchestration`` entry (heat-conv on 8004,
shared with other sessions' tests). The suite finds Heat in the catalog of
its token, and one test reads that catalog entry directly, so the run's
service must be in the catalog the suite sees without taking the shared
entry over. The suite's ``auth_url`` is therefore this proxy: it forwards
every request to the rig's Keystone and, in the answers, replaces
Keystone's own address with its own (so that version discovery keeps the
suite's clients here) and the catalog's orchestration address with the
one under test. Tokens, roles and their checks are Keystone's own: the
service under test validates the same tokens at the real Keystone.
"""
import http.server
import socketserver
import sys
import threading
import urllib.parse

import requests

_HOP_BY_HOP = {'connection', 'keep-alive', 'transfer-encoding', 'content-length',
               'content-encoding', 'proxy-authenticate', 'proxy-authorization', 'te',
               'trailers', 'upgrade'}


def base_url(url):
    """``http://host:port`` of ``url``."""
    parts = urllib.parse.urlsplit(url)
    return f'{parts.scheme}://{parts.netloc}'


class _Server(socketserver.ThreadingMixIn, http.server.HTTPServer):
    daemon_threads = True

    def handle_error(self, request, client_address):
        # A client that went away (a worker killed at a test's timeout, or
        # at the end of the run) is no error of the proxy's.
        if isinstance(sys.exc_info()[1], (BrokenPipeError, ConnectionResetError)):
            return
        super().handle_error(request, client_address)


class CatalogProxy:
    """``with CatalogProxy(keystone, {old_base: new_base}) as proxy:
    proxy.url`` is a Keystone whose answers have each ``old_base``
    replaced by ``new_base`` (and ``keystone`` by ``proxy.url``)."""

    def __init__(self, keystone, replacements):
        self.keystone = base_url(keystone)
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
                try:
                    resp = requests.request(self.command, proxy.keystone + self.path,
                                            data=body, headers=headers, timeout=120,
                                            allow_redirects=False)
                except requests.RequestException as exc:
                    self.send_error(502, f'Keystone did not answer: {exc}')
                    return
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
        # Longest first: one base may be a prefix of another.
        pairs = dict(replacements, **{self.keystone: self.url})
        self._pairs = sorted(((old.encode(), new.encode()) for old, new in pairs.items()),
                             key=lambda pair: -len(pair[0]))
        self._thread = threading.Thread(target=self._server.serve_forever, daemon=True)

    def rewrite(self, content):
        for old, new in self._pairs:
            content = content.replace(old, new)
        return content

    def start(self):
        self._thread.start()
        return self

    def stop(self):
        self._server.shutdown()
        self._server.server_close()

    def __enter__(self):
        return self.start()

    def __exit__(self, *exc):
        self.stop()
