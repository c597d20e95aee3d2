"""A counting reverse proxy in front of a cloud's APIs: the calls the
services receive from one orchestration service, as the services see them.

It listens for Keystone on one port and forwards to the real Keystone. In
every Keystone answer it rewrites each service URL of the catalog
(``http://HOST:PORT``) to a port of its own, opened the first time the URL
is seen, which forwards there. A service pointed at the proxy's Keystone
(``auth_url``) therefore reaches every service through it, and each
request is counted before it is forwarded: by the catalog's service type
and by ``METHOD /path`` with ids replaced by ``{id}``. The Host header is
passed on unchanged, so links the services build point back at the proxy.

``GET /__callcount__`` on the Keystone port answers the counts so far as
JSON: ``{"services": {type: {"METHOD /path": n}}, "ports": {...}}``.

Run it as ``python -m heat_conv.bench.callcount --keystone URL --port N``
(standard library only, so any Python runs it).
"""
import argparse
import collections
import http.client
import http.server
import json
import re
import sys
import threading
import time
import urllib.parse

CONTROL_PATH = '/__callcount__'
# Path segments that name one object: uuids, hex ids, numbers.
_ID = re.compile(r'^([0-9a-fA-F-]{32,36}|[0-9]+|[0-9a-f]{16,})$')
_HOP_BY_HOP = {'connection', 'keep-alive', 'proxy-authenticate',
               'proxy-authorization', 'te', 'trailers', 'transfer-encoding',
               'upgrade', 'content-length'}


def template(path):
    """``/v2.1/servers/<uuid>/action`` -> ``/v2.1/servers/{id}/action``; the
    query string is dropped."""
    path = urllib.parse.urlsplit(path).path
    return '/'.join('{id}' if _ID.match(seg) else seg for seg in path.split('/'))


def _base(url):
    parts = urllib.parse.urlsplit(url)
    return f'{parts.scheme}://{parts.netloc}'


class Proxy:
    """The listeners and the counts; one per orchestration service measured."""

    def __init__(self, keystone, host='127.0.0.1', port=0, log=False):
        self.host = host
        self.log = log   # print a line per request: time, service, call, status
        self.lock = threading.Lock()
        self.counts = collections.defaultdict(collections.Counter)
        self.upstreams = {}        # upstream base URL -> (proxy base URL, service)
        self.servers = []
        keystone_base = _base(keystone)
        self.keystone = self._listen(keystone_base, 'identity', port)

    def _listen(self, upstream, service, port=0):
        proxy = self
        parts = urllib.parse.urlsplit(upstream)

        class Handler(_Handler):
            target = (parts.hostname, parts.port or 80)
            service_type = service
            owner = proxy

        server = http.server.ThreadingHTTPServer((self.host, port), Handler)
        server.daemon_threads = True
        threading.Thread(target=server.serve_forever, daemon=True).start()
        self.servers.append(server)
        base = f'http://{self.host}:{server.server_address[1]}'
        self.upstreams[upstream] = (base, service)
        return base

    def count(self, service, method, path):
        with self.lock:
            self.counts[service][f'{method} {template(path)}'] += 1

    def snapshot(self):
        with self.lock:
            return {'services': {s: dict(c) for s, c in self.counts.items()},
                    'ports': {up: base for up, (base, _) in self.upstreams.items()}}

    def rewrite_catalog(self, body):
        """Keystone's answer with every catalog URL pointing at the proxy."""
        try:
            doc = json.loads(body)
        except ValueError:
            return body
        catalog = (doc.get('token') or {}).get('catalog') or doc.get('catalog')
        if not isinstance(catalog, list):
            return body
        with self.lock:
            for entry in catalog:
                for endpoint in entry.get('endpoints', ()):
                    upstream = _base(endpoint['url'])
                    if upstream not in self.upstreams:
                        self._listen(upstream, entry.get('type', upstream))
        text = body.decode()
        for upstream, (base, _) in list(self.upstreams.items()):
            text = text.replace(upstream + '/', base + '/').replace(
                f'"{upstream}"', f'"{base}"')
        return text.encode()

    def close(self):
        for server in self.servers:
            server.shutdown()
            server.server_close()


class _Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = 'HTTP/1.1'
    target = None
    service_type = None
    owner = None

    def log_message(self, *args):
        pass

    def _body(self):
        if self.headers.get('Transfer-Encoding', '').lower() == 'chunked':
            chunks = []
            while True:
                size = int(self.rfile.readline().split(b';')[0], 16)
                if not size:
                    self.rfile.readline()
                    return b''.join(chunks)
                chunks.append(self.rfile.read(size))
                self.rfile.readline()
        return self.rfile.read(int(self.headers.get('Content-Length') or 0))

    def _forward(self):
        if self.command == 'GET' and self.path == CONTROL_PATH \
                and self.service_type == 'identity':
            return self._answer(200, {'Content-Type': 'application/json'},
                                json.dumps(self.owner.snapshot()).encode())
        body = self._body()
        self.owner.count(self.service_type, self.command, self.path)
        started = time.time()
        headers = {k: v for k, v in self.headers.items()
                   if k.lower() not in _HOP_BY_HOP}
        if body or self.command in ('POST', 'PUT', 'PATCH'):
            headers['Content-Length'] = str(len(body))
        conn = http.client.HTTPConnection(*self.target, timeout=300)
        try:
            conn.request(self.command, self.path, body=body or None, headers=headers)
            resp = conn.getresponse()
            data = resp.read()
            out = [(k, v) for k, v in resp.getheaders()
                   if k.lower() not in _HOP_BY_HOP]
            status = resp.status
        except OSError as exc:
            return self._answer(502, {'Content-Type': 'text/plain'},
                                f'callcount: {exc}'.encode())
        finally:
            conn.close()
        if self.service_type == 'identity' and data[:1] == b'{':
            data = self.owner.rewrite_catalog(data)
        self._answer(status, out, data)
        if self.owner.log:
            stamp = time.strftime('%H:%M:%S', time.localtime(started))
            print(f'{stamp}.{int(started % 1 * 1000):03d} {self.service_type} '
                  f'{self.command} {self.path} {status} '
                  f'{time.time() - started:.3f}s', flush=True)

    def _answer(self, status, headers, data):
        self.send_response(status)
        for key, value in (headers.items() if isinstance(headers, dict) else headers):
            self.send_header(key, value)
        self.send_header('Content-Length', str(len(data)))
        self.end_headers()
        if self.command != 'HEAD':
            self.wfile.write(data)

    do_GET = do_POST = do_PUT = do_PATCH = do_DELETE = do_HEAD = _forward


def read(url, timeout=30):
    """The counts a running proxy answers at ``url`` (its Keystone base)."""
    conn = http.client.HTTPConnection(urllib.parse.urlsplit(url).netloc,
                                      timeout=timeout)
    try:
        conn.request('GET', CONTROL_PATH)
        resp = conn.getresponse()
        if resp.status != 200:
            raise RuntimeError(f'{url}{CONTROL_PATH}: {resp.status}')
        return json.loads(resp.read())
    finally:
        conn.close()


def main(argv=None):
    p = argparse.ArgumentParser(prog='callcount', description=__doc__.split('\n\n')[0])
    p.add_argument('--keystone', required=True,
                   help='the real Keystone, e.g. http://127.0.0.1:5000')
    p.add_argument('--port', type=int, default=0, help='the proxy\'s Keystone port')
    p.add_argument('--host', default='127.0.0.1')
    args = p.parse_args(argv)
    proxy = Proxy(args.keystone, host=args.host, port=args.port, log=True)
    print(f'callcount: Keystone at {proxy.keystone}/v3', flush=True)
    try:
        threading.Event().wait()
    except KeyboardInterrupt:
        proxy.close()
    return 0


if __name__ == '__main__':
    sys.exit(main())
