"""Serving the API over HTTP with cheroot, in a background thread."""
import threading

from cheroot import wsgi

SERVER_NAME = 'heat-conv-api'


class ServerHandle:
    """A running API server: where it listens, and how to stop it."""

    def __init__(self, server, thread):
        self._server = server
        self._thread = thread
        self.host, self.port = server.bind_addr[:2]

    @property
    def url(self):
        host = f'[{self.host}]' if ':' in self.host else self.host
        return f'http://{host}:{self.port}'

    def stop(self):
        self._server.stop()
        self._thread.join()

    def wait(self, timeout=None):
        """Block until the server stops; True if it has."""
        self._thread.join(timeout)
        return not self._thread.is_alive()


def serve(app, host, port, threads=16):
    """Start serving ``app``; port 0 picks a free port."""
    server = wsgi.Server((host, port), app, numthreads=threads,
                         server_name=SERVER_NAME, shutdown_timeout=1)
    # cheroot notices a kept-alive connection's next request only when its
    # select loop wakes; heatclient keeps connections alive, so a long
    # interval would add latency to every call after the first.
    server.expiration_interval = 0.01
    server.prepare()   # binds now, so the real port is known on return
    thread = threading.Thread(target=server.serve, name=f'api-{server.bind_addr[1]}',
                              daemon=True)
    thread.start()
    return ServerHandle(server, thread)
