"""A stand-in Heat endpoint for client tests: it answers every GET with an
empty stack list and remembers each request's path and token."""
import http.server
import json
import threading


class _Handler(http.server.BaseHTTPRequestHandler):
    def do_GET(self):
        self.server.seen.append((self.path, self.headers.get('X-Auth-Token')))
        body = json.dumps({'stacks': []}).encode()
        self.send_response(200)
        self.send_header('Content-Type', 'application/json')
        self.send_header('Content-Length', str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args):
        pass


class StackListEndpoint:
    """Serves from construction until ``close()``; ``url`` is its root and
    ``seen`` the (path, X-Auth-Token) of each request so far."""

    def __init__(self):
        self._server = http.server.ThreadingHTTPServer(('127.0.0.1', 0), _Handler)
        self._server.seen = []
        self.seen = self._server.seen
        self.url = f'http://127.0.0.1:{self._server.server_port}'
        threading.Thread(target=self._server.serve_forever, daemon=True).start()

    def close(self):
        self._server.shutdown()
        self._server.server_close()
