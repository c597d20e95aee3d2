"""Serving a WSGI app with cheroot in a background thread, and running a
process until it is told to stop (SIGINT, SIGTERM)."""
import errno
import logging
import signal
import socket
import threading

from cheroot import wsgi

LOG = logging.getLogger(__name__)


class ServerHandle:
    """A running server: where it listens, and how to stop it."""

    def __init__(self, server, app, thread, before_stop=None):
        self._server = server
        self.app = app
        self._thread = thread
        self._before_stop = before_stop
        self.host, self.port = server.bind_addr[:2]

    @property
    def url(self):
        host = f'[{self.host}]' if ':' in self.host else self.host
        return f'http://{host}:{self.port}'

    def stop(self):
        if self._before_stop is not None:
            self._before_stop()
        self._server.stop()
        self._thread.join()

    def wait(self, timeout=None):
        """Block until the server stops; True if it has."""
        self._thread.join(timeout)
        return not self._thread.is_alive()


class PortInUse(Exception):
    """A port a server is to listen on is taken; the message says which
    port, and which option and environment variable move it."""

    def __init__(self, host, port, section, option='bind_port'):
        env = f'OS_{section.upper()}__{option.upper()}'
        super().__init__(f'port {port} on {host} is already in use: stop what holds it, '
                         f'or move it with [{section}] {option} in a config file '
                         f'(--config-file) or {env}=PORT')


def check_free(host, port, section, option='bind_port'):
    """Raise PortInUse if nothing could listen on (host, port) now; checked
    before a process starts anything, so a taken port stops it at once."""
    if not port:
        return   # 0: any free port
    family = socket.AF_INET6 if ':' in host else socket.AF_INET
    with socket.socket(family, socket.SOCK_STREAM) as sock:
        # As the server's own socket: a port in TIME_WAIT is free to it.
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            sock.bind((host, port))
        except OSError as exc:
            if exc.errno == errno.EADDRINUSE:
                raise PortInUse(host, port, section, option) from None
            raise


def serve(app, host, port, threads, name, before_stop=None, wake_interval=0.01):
    """Start serving ``app``; port 0 picks a free port. ``wake_interval``:
    see below; a server whose clients can wait (metrics) passes a longer one."""
    # cheroot listens with a backlog of 5: a burst of connections (every
    # engine thread calling the cloud at once) overflows it, and the kernel
    # drops the rest, whose clients retry only after 1 s, 3 s, 7 s...
    server = wsgi.Server((host, port), app, numthreads=threads,
                         server_name=name, shutdown_timeout=1,
                         request_queue_size=socket.SOMAXCONN)
    # cheroot notices a kept-alive connection's next request only when its
    # select loop wakes (0.5 s by default); clients keep connections alive,
    # so a long interval would add latency to every call after the first.
    # Each wake costs CPU too: 100 a second, some 0.7 % of a core idle.
    server.expiration_interval = wake_interval
    server.prepare()   # binds now, so the real port is known on return
    thread = threading.Thread(target=server.serve, name=f'{name}-{server.bind_addr[1]}',
                              daemon=True)
    thread.start()
    return ServerHandle(server, app, thread, before_stop)


class StopOnSignal:
    """Catches SIGINT and SIGTERM from the moment it is made.

    The handlers only set a flag: stopping joins threads, which a signal
    handler must not do.
    """

    def __init__(self):
        self._requested = threading.Event()
        signal.signal(signal.SIGINT, self._request)
        signal.signal(signal.SIGTERM, self._request)

    def _request(self, signum, frame):
        self._requested.set()

    def wait(self, servers):
        """Until a signal (0) or until one of ``servers`` dies (1)."""
        while not self._requested.wait(0.5):
            if any(server.wait(0) for server in servers):
                LOG.error('a server stopped unexpectedly')
                return 1
        return 0
