"""A busy database is retried, then answered 503 with Retry-After, never 500."""
import sqlite3

import pymysql
import pytest
import sqlalchemy as sa
from oslo_db import exception as db_exc

from heat_conv.db import session as db_session

from .helpers import TEMPLATE
from .helpers import assert_fault


@pytest.fixture
def quick_retries(monkeypatch):
    monkeypatch.setattr(db_session, 'SQLITE_BUSY_TIMEOUT_MS', 50)
    monkeypatch.setattr(db_session, 'BUSY_BACKOFF', 0.01)


def test_locked_sqlite_database_is_503_with_retry_after(quick_retries, sqlite_url, casts):
    from heat_conv.api import app as app_module
    from heat_conv.db import migration

    from .conftest import Client
    migration.upgrade(db_session.configure(sqlite_url))
    api = Client(app_module.make_app())
    blocker = sqlite3.connect(sqlite_url[len('sqlite:///'):], isolation_level=None)
    try:
        blocker.execute('BEGIN IMMEDIATE')   # another writer holds the lock
        resp = api.post('/stacks', {'stack_name': 'busy', 'template': TEMPLATE})
        assert_fault(resp, 503, 'ServiceUnavailable', 'too busy')
        assert resp.headers['Retry-After'] == str(db_session.RETRY_AFTER)
        assert_fault(api.get('/stacks'), 503)
    finally:
        blocker.execute('ROLLBACK')
        blocker.close()
    # Once the writer is gone, the same requests succeed.
    assert api.post('/stacks', {'stack_name': 'busy', 'template': TEMPLATE}) \
        .status_int == 201
    db_session.get_engine().dispose()


def test_lock_released_during_the_retries_succeeds(quick_retries, sqlite_url, casts,
                                                  monkeypatch):
    from heat_conv.db import api as db_api
    from heat_conv.db import migration
    migration.upgrade(db_session.configure(sqlite_url))
    blocker = sqlite3.connect(sqlite_url[len('sqlite:///'):], isolation_level=None)
    blocker.execute('BEGIN IMMEDIATE')
    real_sleep = db_session.time.sleep

    def release_then_sleep(seconds):
        if blocker.in_transaction:
            blocker.execute('ROLLBACK')
        real_sleep(seconds)
    monkeypatch.setattr(db_session.time, 'sleep', release_then_sleep)
    assert db_api.stack_list() == []
    blocker.close()
    db_session.get_engine().dispose()


@pytest.mark.parametrize('error, busy', [
    (db_exc.DBError(sa.exc.OperationalError(
        'SELECT 1', {}, pymysql.err.OperationalError(1040, 'Too many connections'))), True),
    (db_exc.DBError(sa.exc.OperationalError(
        'BEGIN', {}, sqlite3.OperationalError('database is locked'))), True),
    (db_exc.DBConnectionError(Exception('gone away')), True),
    (db_exc.DBError(sa.exc.OperationalError(
        'SELECT 1', {}, pymysql.err.OperationalError(1054, 'Unknown column'))), False),
    (ValueError('database is locked'), False),
])
def test_what_counts_as_busy(error, busy):
    assert db_session.is_busy(error) is busy
