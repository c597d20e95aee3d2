"""Pooled connections: pinged only when idle a while, replaced when dead."""
import pymysql
import pytest
import sqlalchemy as sa
from oslo_db import exception as db_exc

from heat_conv.db import pool_ping
from heat_conv.db import session as db_session
from tests import services


@pytest.fixture
def pings(monkeypatch):
    seen = []
    engine = db_session.get_engine()
    real = type(engine.dialect).do_ping
    monkeypatch.setattr(type(engine.dialect), 'do_ping',
                        lambda self, conn: seen.append(1) or real(self, conn))
    return seen


def _connection_id():
    with db_session.connection() as conn:
        return conn.exec_driver_sql('SELECT CONNECTION_ID()').scalar()


def _kill(connection_id):
    admin = pymysql.connect(host=services.MYSQL_HOST, port=services.MYSQL_PORT,
                            user=services.MYSQL_USER, password=services.MYSQL_PASSWORD,
                            autocommit=True)
    with admin, admin.cursor() as cur:
        cur.execute(f'KILL {int(connection_id)}')


def test_a_connection_used_a_moment_ago_is_not_pinged(mysql_db, pings):
    _connection_id()
    pings.clear()
    for _ in range(5):
        _connection_id()
    assert pings == []


def test_an_idle_connection_is_pinged_before_use(mysql_db, pings, monkeypatch):
    _connection_id()
    monkeypatch.setattr(pool_ping, 'IDLE_SECS', 0)
    pings.clear()
    _connection_id()
    assert pings == [1]


def test_an_idle_connection_that_died_is_replaced_unseen(mysql_db, monkeypatch):
    first = _connection_id()
    _kill(first)
    monkeypatch.setattr(pool_ping, 'IDLE_SECS', 0)
    assert _connection_id() != first


def test_a_dead_connection_used_at_once_fails_as_transient_then_recovers(mysql_db):
    first = _connection_id()
    _kill(first)
    # Within the idle window nobody looked: the statement meets the dead
    # connection, which is a DBConnectionError (the engine delivers the
    # step again), and the pool has dropped it.
    with pytest.raises(db_exc.DBConnectionError):
        _connection_id()
    assert _connection_id() != first


def test_every_sqlite_connection_syncs_at_checkpoints_not_at_commits(db):
    # The first connection (made to switch the file to WAL) is pooled and
    # reused: it must have the same settings as every later one.
    with db_session.connection() as conn:
        assert conn.exec_driver_sql('PRAGMA synchronous').scalar() == 1   # NORMAL
        assert conn.exec_driver_sql('PRAGMA journal_mode').scalar() == 'wal'


def test_returning_a_connection_does_not_yield_the_cpu(db, monkeypatch):
    import time
    sleeps = []
    monkeypatch.setattr(time, 'sleep', lambda secs: sleeps.append(secs))
    for _ in range(3):
        with db_session.connection() as conn:
            conn.execute(sa.text('SELECT 1'))
    assert sleeps == []
