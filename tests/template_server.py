"""A stand-in web server for templates at a URL: ``pages`` maps paths to
bodies (bytes or text); every other path is a 404. Counts its GETs."""
import http.server
import threading


class _Handler(http.server.BaseHTTPRequestHandler):
    def do_GET(self):
        self.server.gets.append(self.path)
        body = self.server.pages.get(self.path)
        if body is None:
            self.send_error(404)
            return
        body = body.encode() if isinstance(body, str) else body
        self.send_response(200)
        self.send_header('Content-Type', 'application/x-yaml')
        self.send_header('Content-Length', str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args):
        pass


class TemplateServer:
    def __init__(self):
        self._server = http.server.ThreadingHTTPServer(('127.0.0.1', 0), _Handler)
        self._server.pages = self.pages = {}
        self._server.gets = self.gets = []
        self.url = f'http://127.0.0.1:{self._server.server_port}'
        threading.Thread(target=self._server.serve_forever, daemon=True).start()

    def close(self):
        self._server.shutdown()
        self._server.server_close()
