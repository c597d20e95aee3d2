"""The HTTP client's connections: kept alive, replaced when stale, and a
create never sent twice."""
import json
import socket
import threading

import pytest

from heat_conv.cloud.client import CloudNotFound
from heat_conv.cloud.client import CloudTimeout
from heat_conv.cloud.client import CloudUnavailable
from heat_conv.cloud.client import HttpCloudClient
from heat_conv.cloud.service import serve
from heat_conv.cloud.store import CloudStore


class ScriptedServer:
    """A minimal HTTP/1.1 server that does to each request what the test
    scripted: ``answer`` (the default), ``answer-then-close`` (as an idle
    timeout closes a kept-alive connection), ``close-header`` (answers with
    ``Connection: close``), ``drop`` (reads the request and closes without
    an answer), ``hang`` (never answers), ``not-json``."""

    def __init__(self):
        self.script = []
        self.seen = []          # (connection number, method, path) per request
        self.connections = 0
        self.closed = threading.Semaphore(0)   # released as each connection ends
        self._stop = threading.Event()
        self._listener = socket.create_server(('127.0.0.1', 0))
        self.url = f'http://127.0.0.1:{self._listener.getsockname()[1]}'
        threading.Thread(target=self._accept, daemon=True).start()

    def close(self):
        self._stop.set()
        self._listener.close()

    def _accept(self):
        while True:
            try:
                conn, _ = self._listener.accept()
            except OSError:
                return
            self.connections += 1
            threading.Thread(target=self._serve, args=(conn, self.connections),
                             daemon=True).start()

    def _serve(self, conn, number):
        try:
            self._requests(conn, number)
        finally:
            conn.close()
            self.closed.release()

    def _requests(self, conn, number):
        with conn.makefile('rb') as reader:
            while (request_line := reader.readline()).strip():
                method, path, _ = request_line.decode().split(' ', 2)
                length = 0
                while (line := reader.readline()).strip():
                    name, _, value = line.decode().partition(':')
                    if name.lower() == 'content-length':
                        length = int(value)
                reader.read(length)
                self.seen.append((number, method, path))
                action = self.script.pop(0) if self.script else 'answer'
                if action == 'drop':
                    return
                if action == 'hang':
                    self._stop.wait(5)
                    return
                conn.sendall(_answer(method, path, action))
                if action in ('answer-then-close', 'close-header'):
                    return


def _answer(method, path, action):
    status = {'/v1/objects': '201 Created'}.get(path, '200 OK') if method == 'POST' \
        else '200 OK'
    body = b'<html>oops</html>' if action == 'not-json' else json.dumps(
        {'object': {'id': 'obj'}, 'objects': []}).encode()
    close = b'Connection: close\r\n' if action == 'close-header' else b''
    return (b'HTTP/1.1 %s\r\nContent-Type: application/json\r\nContent-Length: %d\r\n'
            b'%s\r\n' % (status.encode(), len(body), close)) + body


@pytest.fixture
def scripted():
    server = ScriptedServer()
    yield server
    server.close()


@pytest.fixture
def client(scripted):
    return HttpCloudClient(scripted.url, timeout=2)


def creates(server):
    return [seen for seen in server.seen if seen[1:] == ('POST', '/v1/objects')]


def test_calls_of_one_thread_share_one_connection(scripted, client):
    for _ in range(3):
        client.get('a')
    other = threading.Thread(target=client.get, args=('b',))
    other.start()
    other.join()
    assert [number for number, _, _ in scripted.seen] == [1, 1, 1, 2]


def test_a_connection_the_server_closed_is_replaced_before_sending(scripted, client):
    scripted.script = ['answer-then-close']
    client.get('a')
    assert scripted.closed.acquire(timeout=5)
    assert client.create('web', 'T')['id'] == 'obj'
    assert scripted.seen == [(1, 'GET', '/v1/objects/a'), (2, 'POST', '/v1/objects')]


def test_an_answer_with_connection_close_is_followed_by_a_new_connection(scripted, client):
    scripted.script = ['close-header']
    client.get('a')
    client.get('a')
    assert scripted.connections == 2


def test_a_read_lost_on_a_stale_connection_is_sent_again(scripted, client):
    client.get('a')
    scripted.script = ['drop']
    assert client.get('a') == {'id': 'obj'}
    assert scripted.seen[1:] == [(1, 'GET', '/v1/objects/a'), (2, 'GET', '/v1/objects/a')]


def test_a_create_lost_on_a_stale_connection_is_not_sent_again(scripted, client):
    # The server may have made the object before the connection died:
    # retry.call looks for it before any second create.
    client.get('a')
    scripted.script = ['drop']
    with pytest.raises(CloudUnavailable, match='closed by the server'):
        client.create('web', 'T')
    assert creates(scripted) == [(1, 'POST', '/v1/objects')]
    client.create('web', 'T')
    assert len(creates(scripted)) == 2


def test_a_stale_connection_is_retried_once_only(scripted, client):
    client.get('a')
    scripted.script = ['drop', 'drop']
    with pytest.raises(CloudUnavailable):
        client.get('a')
    assert len(scripted.seen) == 3


def test_a_call_lost_on_a_new_connection_is_left_to_the_caller(scripted, client):
    scripted.script = ['drop']
    with pytest.raises(CloudUnavailable):
        client.get('a')
    assert len(scripted.seen) == 1


def test_a_timeout_is_not_sent_again(scripted):
    quick = HttpCloudClient(scripted.url, timeout=0.2)
    quick.get('a')
    scripted.script = ['hang']
    with pytest.raises(CloudTimeout):
        quick.create('web', 'T')
    assert len(creates(scripted)) == 1
    assert quick.get('a') == {'id': 'obj'}


def test_an_answer_that_is_not_json_is_unavailable(scripted, client):
    scripted.script = ['not-json']
    with pytest.raises(CloudUnavailable, match='not JSON'):
        client.get('a')


def test_a_base_url_path_prefixes_every_call(scripted):
    HttpCloudClient(scripted.url + '/cloud/', timeout=2).list(stack_id='s 1')
    assert scripted.seen == [(1, 'GET', '/cloud/v1/objects?stack_id=s+1')]


def test_a_restarted_cloud_is_reached_again(fake_clock):
    with socket.socket() as sock:
        sock.bind(('127.0.0.1', 0))
        port = sock.getsockname()[1]
    store = CloudStore()
    first = serve('127.0.0.1', port, store)
    client = HttpCloudClient(first.url, timeout=2)
    obj = client.create('web', 'T')
    first.stop()
    second = serve('127.0.0.1', port, store)
    try:
        assert client.get(obj['id'])['id'] == obj['id']
        client.delete(obj['id'])
        with pytest.raises(CloudNotFound):
            client.get(obj['id'])
    finally:
        second.stop()
        store.close()
