"""The API driven in-process over a migrated SQLite database.

Casts to the engine are recorded, not delivered: the tests play the
engine's part by writing rows where they need a stack to have progressed.
"""
import json
import shutil

import pytest
import webob

from heat_conv.api import app as app_module
from heat_conv.db import migration
from heat_conv.db import session as db_session
from heat_conv.engine.core import rpc

from . import helpers


class CastRecorder:
    def __init__(self):
        self.casts = []
        self.contexts = []

    def cast(self, ctxt, method, **kwargs):
        self.casts.append((method, kwargs))
        self.contexts.append(ctxt)

    def methods(self):
        return [method for method, _ in self.casts]


@pytest.fixture(scope='session')
def _migrated_db_file(tmp_path_factory):
    path = tmp_path_factory.mktemp('api-db') / 'migrated.sqlite'
    engine = db_session.configure('sqlite:///' + str(path))
    migration.upgrade(engine)
    raw = engine.raw_connection()   # a checkpoint cannot run in a transaction
    try:
        raw.cursor().execute('PRAGMA wal_checkpoint(TRUNCATE)')
    finally:
        raw.close()
    engine.dispose()
    return path


@pytest.fixture
def db(tmp_path, _migrated_db_file):
    """The global ``db`` fixture's fresh migrated database, made by copying one
    migrated once per run: migrating costs more than most API tests."""
    path = tmp_path / 'heat_conv.sqlite'
    shutil.copy(_migrated_db_file, path)
    engine = db_session.configure('sqlite:///' + str(path))
    yield engine
    engine.dispose()


@pytest.fixture
def casts():
    recorder = CastRecorder()
    previous = rpc.set_dispatcher(recorder)
    yield recorder
    rpc.set_dispatcher(previous)


class Client:
    """Requests against the WSGI app, in the tenant of the test's choice."""

    def __init__(self, app, tenant=helpers.TENANT):
        self.app = app
        self.tenant = tenant

    def url(self, path):
        return path if path.startswith('/v1/') or path == '/' else \
            f'/v1/{self.tenant}{path}'

    def request(self, method, path, body=None, raw=None, headers=None, **kwargs):
        req = webob.Request.blank(self.url(path), method=method, headers=headers or {},
                                  **kwargs)
        if body is not None:
            raw = json.dumps(body).encode('utf-8')
        if raw is not None:
            req.body = raw
            req.content_type = 'application/json'
        return req.get_response(self.app)

    def get(self, path, **kwargs):
        return self.request('GET', path, **kwargs)

    def post(self, path, body=None, **kwargs):
        return self.request('POST', path, body, **kwargs)

    def put(self, path, body=None, **kwargs):
        return self.request('PUT', path, body, **kwargs)

    def patch(self, path, body=None, **kwargs):
        return self.request('PATCH', path, body, **kwargs)

    def delete(self, path, **kwargs):
        return self.request('DELETE', path, **kwargs)

    def as_tenant(self, tenant):
        return Client(self.app, tenant)


@pytest.fixture
def app(db, casts):
    return app_module.make_app()


@pytest.fixture
def api(app):
    return Client(app)


@pytest.fixture
def make_stack(api):
    """Create a stack through the API; returns (name, id, canonical path)."""
    def make(name='mystack', template=None, **fields):
        body = dict(stack_name=name, template=template or helpers.TEMPLATE, **fields)
        resp = api.post('/stacks', body)
        assert resp.status_int == 201, resp.body
        stack_id = resp.json['stack']['id']
        return name, stack_id, f'/stacks/{name}/{stack_id}'
    return make


@pytest.fixture
def stack(make_stack):
    return make_stack()
