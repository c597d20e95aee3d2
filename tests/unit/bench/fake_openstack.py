"""A small local Keystone and Heat for the benchmark's unit tests: Heat
answers 401 to any call without the one token it accepts."""
import itertools
import json
import threading
import uuid
from wsgiref import simple_server

PROJECT = 'p' + uuid.uuid4().hex[:8]


class Quiet(simple_server.WSGIRequestHandler):
    def log_message(self, *args):
        pass


def serve(app):
    server = simple_server.make_server('127.0.0.1', 0, app, handler_class=Quiet)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f'http://127.0.0.1:{server.server_address[1]}'


def reply(start, status, body=None, headers=()):
    data = json.dumps(body).encode() if body is not None else b''
    start(status, [('Content-Type', 'application/json'),
                   ('Content-Length', str(len(data))), *headers])
    return [data]


class Heat:
    """Just enough of Heat's v1 API for the benchmark's lifecycle, every
    stack done at once; ``token`` is the only one it accepts."""

    def __init__(self, project=PROJECT):
        self.project = project
        self.token = None
        self.stacks = {}
        self.calls = []

    def __call__(self, environ, start):
        method, path = environ['REQUEST_METHOD'], environ['PATH_INFO']
        sent = environ.get('HTTP_X_AUTH_TOKEN')
        self.calls.append((method, path, sent))
        if not sent or sent != self.token:
            return reply(start, '401 Unauthorized', {'error': {'code': 401}})
        prefix = f'/v1/{self.project}'
        if not path.startswith(prefix):
            return reply(start, '404 Not Found', {})
        parts = path[len(prefix):].strip('/').split('/')
        if parts[0] == 'resource_types':
            return reply(start, '200 OK', {'resource_type': parts[1]})
        if method == 'POST' and parts == ['stacks']:
            length = int(environ.get('CONTENT_LENGTH') or 0)
            name = json.loads(environ['wsgi.input'].read(length))['stack_name']
            self.stacks[name] = 'CREATE_COMPLETE'
            return reply(start, '201 Created', {'stack': {'id': 'id-' + name}})
        name = parts[1]
        if method == 'PUT':
            self.stacks[name] = 'UPDATE_COMPLETE'
            return reply(start, '202 Accepted', {})
        if method == 'DELETE':
            self.stacks.pop(name)
            return reply(start, '204 No Content')
        if name not in self.stacks:
            return reply(start, '404 Not Found', {})
        return reply(start, '200 OK', {'stack': {'stack_status': self.stacks[name]}})


class Keystone:
    """Keystone v3's password auth: a new token for the right password,
    with a catalog naming ``heat_url`` as the orchestration service."""

    def __init__(self, heat, heat_url):
        self.heat = heat
        self.heat_url = heat_url
        self.issued = itertools.count(1)

    def __call__(self, environ, start):
        if environ['REQUEST_METHOD'] != 'POST' or \
                environ['PATH_INFO'] != '/v3/auth/tokens':
            return reply(start, '404 Not Found', {})
        length = int(environ.get('CONTENT_LENGTH') or 0)
        user = json.loads(environ['wsgi.input'].read(length))[
            'auth']['identity']['password']['user']
        if (user['name'], user['password']) != ('demo', 'secret'):
            return reply(start, '401 Unauthorized', {'error': {'code': 401}})
        self.heat.token = f'tok-{next(self.issued)}'
        endpoint = {'id': 'e1', 'interface': 'public', 'region': 'RegionOne',
                    'region_id': 'RegionOne', 'url': f'{self.heat_url}/v1/{PROJECT}'}
        token = {'methods': ['password'], 'expires_at': '2999-01-01T00:00:00.000000Z',
                 'issued_at': '2020-01-01T00:00:00.000000Z',
                 'user': {'id': 'u1', 'name': 'demo',
                          'domain': {'id': 'default', 'name': 'Default'}},
                 'project': {'id': PROJECT, 'name': 'demo',
                             'domain': {'id': 'default', 'name': 'Default'}},
                 'roles': [{'id': 'r1', 'name': 'member'}],
                 'catalog': [{'id': 's1', 'type': 'orchestration', 'name': 'heat',
                              'endpoints': [endpoint]}]}
        return reply(start, '201 Created', {'token': token},
                     headers=[('X-Subject-Token', self.heat.token)])
