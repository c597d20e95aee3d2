"""The counting proxy: it forwards, counts what each service received, and
points the catalog of Keystone's answers at itself."""
import http.server
import json
import threading
import urllib.request

import pytest

from heat_conv.bench import callcount
from heat_conv.bench import service_calls


class Upstream:
    """A tiny HTTP service: answers ``body(path)`` and records the requests."""

    def __init__(self, body):
        self.seen = []
        upstream = self

        class Handler(http.server.BaseHTTPRequestHandler):
            def log_message(self, *args):
                pass

            def _any(self):
                length = int(self.headers.get('Content-Length') or 0)
                upstream.seen.append((self.command, self.path,
                                      self.headers.get('X-Auth-Token'),
                                      self.rfile.read(length)))
                data = json.dumps(body(self.path, upstream)).encode()
                self.send_response(200)
                self.send_header('Content-Type', 'application/json')
                self.send_header('Content-Length', str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            do_GET = do_POST = do_DELETE = _any

        self.server = http.server.ThreadingHTTPServer(('127.0.0.1', 0), Handler)
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        self.url = f'http://127.0.0.1:{self.server.server_address[1]}'

    def close(self):
        self.server.shutdown()
        self.server.server_close()


@pytest.fixture
def cloud():
    compute = Upstream(lambda path, _: {'servers': [], 'path': path})
    keystone = Upstream(lambda path, me: {'token': {'catalog': [
        {'type': 'compute', 'endpoints': [{'url': compute.url + '/v2.1',
                                           'interface': 'public'}]},
        {'type': 'identity', 'endpoints': [{'url': me.url + '/v3',
                                            'interface': 'public'}]}]}})
    proxy = callcount.Proxy(keystone.url)
    yield proxy, keystone, compute
    proxy.close()
    keystone.close()
    compute.close()


def _call(url, method='GET', body=None, token='tok'):
    req = urllib.request.Request(url, method=method, data=body,
                                 headers={'X-Auth-Token': token})
    with urllib.request.urlopen(req, timeout=10) as resp:
        return json.loads(resp.read())


def test_the_catalog_points_at_the_proxy_and_every_call_is_counted(cloud):
    proxy, keystone, compute = cloud
    token = _call(proxy.keystone + '/v3/auth/tokens', 'POST', b'{"auth": {}}')
    urls = {e['type']: e['endpoints'][0]['url'] for e in token['token']['catalog']}
    assert urls['identity'] == proxy.keystone + '/v3'
    assert urls['compute'].startswith('http://127.0.0.1:')
    assert not urls['compute'].startswith(compute.url)

    server = 'b4475520-5bf8-4f44-82e9-61a4061c0572'
    assert _call(urls['compute'] + '/servers/detail?uuid=a,b')['path'] == \
        '/v2.1/servers/detail?uuid=a,b'
    _call(urls['compute'] + f'/servers/{server}', 'DELETE')
    _call(urls['compute'] + f'/servers/{server}', 'DELETE')

    # Forwarded as sent: method, path, token and body.
    assert keystone.seen[0] == ('POST', '/v3/auth/tokens', 'tok', b'{"auth": {}}')
    assert [s[:2] for s in compute.seen] == [
        ('GET', '/v2.1/servers/detail?uuid=a,b'),
        ('DELETE', f'/v2.1/servers/{server}'), ('DELETE', f'/v2.1/servers/{server}')]
    counted = callcount.read(proxy.keystone)['services']
    assert counted == {'identity': {'POST /v3/auth/tokens': 1},
                       'compute': {'GET /v2.1/servers/detail': 1,
                                   'DELETE /v2.1/servers/{id}': 2}}


def test_a_phase_gets_the_difference_by_service_and_kind(cloud):
    proxy, _, compute = cloud
    counter = service_calls.ServiceCalls(proxy.keystone)
    token = _call(proxy.keystone + '/v3/auth/tokens', 'POST', b'{}')
    compute_url = token['token']['catalog'][0]['endpoints'][0]['url']
    before = counter.read()
    _call(compute_url + '/servers/detail')
    _call(compute_url + '/servers/0e400d33-7773-489f-b512-6528d489ae2e')
    _call(compute_url + '/servers', 'POST', b'{}')
    phase = counter.delta(before, counter.read())
    assert phase['total'] == 3
    assert phase['by_service'] == {'compute': 3}
    assert phase['by_kind'] == {'list': 1, 'read one': 1, 'write': 1}
    assert phase['by_call'] == {'compute GET /v2.1/servers/detail': 1,
                                'compute GET /v2.1/servers/{id}': 1,
                                'compute POST /v2.1/servers': 1}


def test_ids_in_paths_are_templated():
    assert callcount.template('/v2.0/ports/ba04fd64-ef9e-4ab9-98f8-dd5cb82add46/tags') \
        == '/v2.0/ports/{id}/tags'
    assert callcount.template('/v3/OS-TRUST/trusts/f835a6e8cce942f68160f8e6366cf60e') \
        == '/v3/OS-TRUST/trusts/{id}'
    assert callcount.template('/v2.1/flavors/m1.tiny?x=1') == '/v2.1/flavors/m1.tiny'
