"""HTTP/1.1 keep-alive connections to the cloud service, one per thread.

Every engine step and observer pass calls the cloud, so a call must cost
little CPU: the request is written in one ``sendall`` and the answer parsed
by ``http.client.HTTPResponse``, with no session, adapter or pool around
them (``requests`` spent ~0.9 ms of CPU per call, this ~0.1 ms).

A kept-alive connection may have been closed by the server while it sat
idle (its idle timeout, or a restart). That is found out in one of three
places, and only the first two are certain that the server never saw the
request:

- before sending: the socket already reads as closed; a new connection is
  opened and nothing was lost.
- while sending: the request never arrived whole (it goes out in one
  ``sendall``), so no server can have acted on it; it is sent once more on
  a new connection.
- while waiting for the answer: the server may or may not have acted. An
  idempotent call is sent once more on a new connection; any other (a
  create) raises CloudUnavailable, and its caller decides, as retry.call
  does by looking for the object the lost create may have made.

Timeouts are never re-sent here: a slow server is not a stale connection.
"""
import collections
import http.client
import select
import socket
import ssl
import threading
from urllib.parse import urlsplit

from heat_conv.cloud.errors import CloudTimeout
from heat_conv.cloud.errors import CloudUnavailable
from heat_conv.common import acting_for

# What a connection the server has closed raises when used.
_CLOSED = (ConnectionResetError, ConnectionAbortedError, BrokenPipeError,
           http.client.RemoteDisconnected)


Response = collections.namedtuple('Response', 'status reason body')


class _Closed(Exception):
    """The connection was found closed; ``sent`` if the request got out whole."""

    def __init__(self, cause, sent):
        super().__init__(cause)
        self.cause = cause
        self.sent = sent


class ConnectionPerThread:
    """Sends requests to one HTTP(S) server over a keep-alive connection that
    belongs to the calling thread."""

    def __init__(self, base_url, timeout):
        parts = urlsplit(base_url)
        if parts.scheme not in ('http', 'https') or not parts.hostname:
            raise ValueError(f'Not an http(s) URL: {base_url!r}')
        self.timeout = timeout
        self._https = parts.scheme == 'https'
        self._address = (parts.hostname, parts.port or (443 if self._https else 80))
        host = f'[{parts.hostname}]' if ':' in parts.hostname else parts.hostname
        self._host_header = f'{host}:{self._address[1]}'.encode('ascii')
        self._prefix = parts.path.rstrip('/')
        self._local = threading.local()

    def request(self, method, path, body=None, idempotent=False):
        """Send one request; its Response. Raises CloudTimeout, or
        CloudUnavailable when the server could not be reached or answered
        nothing."""
        # Last thing before sending: an engine that may have lost the row
        # it acts for (paused, cut off: taken for dead) must not act on it.
        acting_for.check()
        data = self._encode(method, path, body)
        sock = self._reusable_socket()
        fresh = sock is None
        try:
            return self._exchange(sock, method, data)
        except _Closed as closed:
            if fresh or (closed.sent and not idempotent):
                raise self._unavailable(method, path, closed.cause)
        # The kept-alive connection was stale: once more, on a new one.
        try:
            return self._exchange(None, method, data)
        except _Closed as closed:
            raise self._unavailable(method, path, closed.cause)

    def close(self):
        """Close the calling thread's connection (the next request opens one)."""
        sock = getattr(self._local, 'sock', None)
        self._local.sock = None
        if sock is not None:
            sock.close()

    def _encode(self, method, path, body):
        lines = [f'{method} {self._prefix}{path} HTTP/1.1'.encode('ascii'),
                 b'Host: ' + self._host_header, b'Accept: application/json']
        acting = acting_for.current()
        if acting is not None:
            lines.append(f'{acting_for.HEADER}: {acting.header_value()}'.encode('ascii'))
        if body is not None:
            lines.append(b'Content-Type: application/json')
        if body is not None or method in ('POST', 'PUT', 'PATCH'):
            lines.append(b'Content-Length: %d' % len(body or b''))
        return b'\r\n'.join(lines) + b'\r\n\r\n' + (body or b'')

    def _reusable_socket(self):
        """The thread's kept-alive socket, or None if there is none or the
        server has closed it."""
        sock = getattr(self._local, 'sock', None)
        if sock is not None and _reads_closed(sock):
            self.close()
            sock = None
        return sock

    def _exchange(self, sock, method, data):
        try:
            if sock is None:
                sock = self._connect()
            try:
                sock.sendall(data)
            except _CLOSED as exc:
                raise _Closed(exc, sent=False)
            response = http.client.HTTPResponse(sock, method=method)
            try:
                response.begin()
            except _CLOSED as exc:
                raise _Closed(exc, sent=True)
            body = response.read()
        except _Closed:
            self.close()
            raise
        except TimeoutError as exc:
            self.close()
            raise CloudTimeout(f'{method} {self._url()} timed out: {exc}')
        except (OSError, http.client.HTTPException) as exc:
            self.close()
            raise CloudUnavailable(503, f'{method} {self._url()} failed: {exc!r}')
        if response.will_close:
            self.close()
        return Response(response.status, response.reason, body)

    def _connect(self):
        sock = socket.create_connection(self._address, self.timeout)
        sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        if self._https:
            sock = ssl.create_default_context().wrap_socket(
                sock, server_hostname=self._address[0])
        self._local.sock = sock
        return sock

    def _unavailable(self, method, path, cause):
        return CloudUnavailable(503, f'{method} {self._url()}{path} failed: '
                                     f'connection closed by the server ({cause!r})')

    def _url(self):
        scheme = 'https' if self._https else 'http'
        return f'{scheme}://{self._host_header.decode()}{self._prefix}'


def _reads_closed(sock):
    """Whether an idle kept-alive socket has something to read: the server's
    close (or bytes it had no business sending), either way unusable."""
    poller = select.poll()
    poller.register(sock, select.POLLIN)
    return bool(poller.poll(0))
