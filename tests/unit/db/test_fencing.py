"""Fencing: the sessions of a process taken for dead are ended, so a
transaction it left open (cut off mid-transaction) no longer holds the
row locks its takeover needs."""
import pymysql
import pytest
import sqlalchemy as sa

from heat_conv.db import api as db_api
from heat_conv.db import fencing
from heat_conv.db import models
from heat_conv.db import session as db_session


class _MariaDB:
    lock_wait_timeout = pymysql.err.OperationalError
    disconnected = pymysql.err.OperationalError

    @staticmethod
    def connect(url, autocommit=False):
        u = sa.engine.make_url(url)
        return pymysql.connect(host=u.host, port=u.port or 3306, user=u.username,
                               password=u.password or '', database=u.database,
                               autocommit=autocommit)

    @staticmethod
    def session_id(conn):
        return conn.thread_id()

    @staticmethod
    def wait_at_most_a_second(cur):
        cur.execute('SET SESSION innodb_lock_wait_timeout = 1')

    @staticmethod
    def timed_out(exc):
        return exc.args[0] == 1205


class _PostgreSQL:
    # psycopg's OperationalError, set once it is known to be installed.
    lock_wait_timeout = disconnected = None

    @staticmethod
    def connect(url, autocommit=False):
        import psycopg
        u = sa.engine.make_url(url)
        return psycopg.connect(host=u.host, port=u.port or 5432, user=u.username,
                               password=u.password, dbname=u.database,
                               autocommit=autocommit)

    @staticmethod
    def session_id(conn):
        return conn.info.backend_pid

    @staticmethod
    def wait_at_most_a_second(cur):
        cur.execute("SET lock_timeout = '1s'")

    @staticmethod
    def timed_out(exc):
        return exc.sqlstate == '55P03'   # lock_not_available


@pytest.fixture(params=['mysql', 'postgresql'])
def server(request):
    """(the url of a fresh migrated database installed as the process's,
    how to reach it with its own driver)"""
    if request.param == 'mysql':
        url, kind = request.getfixturevalue('mysql_url'), _MariaDB
        request.getfixturevalue('mysql_db')
    else:
        import psycopg
        url, kind = request.getfixturevalue('pg_url'), _PostgreSQL
        request.getfixturevalue('pg_db')
        kind.lock_wait_timeout = kind.disconnected = psycopg.OperationalError
    return url, kind


def _add_service(service_id, sessions):
    with db_session.transaction() as session:
        session.add(models.Service(id=service_id, host='h', binary='heat-conv-engine',
                                   report_interval=2, db_sessions=sessions))


@pytest.fixture
def stranded(server):
    """Another process's session, mid-transaction, holding a row lock."""
    url, kind = server
    stack = db_api.stack_create({'name': 's', 'tenant': 't', 'action': 'CREATE',
                                 'status': 'IN_PROGRESS', 'current_traversal': 'one'})
    row = db_api.resource_create({'stack_id': stack.id, 'name': 'A',
                                  'type': 'OS::Heat::None', 'requires': []})
    conn = kind.connect(url)
    with conn.cursor() as cur:   # in a transaction: not autocommit
        cur.execute('UPDATE resource SET status = %s WHERE id = %s', ('FAILED', row.id))
    yield conn, row
    conn.close()


def _blocked(server, row_id):
    """Whether writing the row waits for another transaction's lock."""
    url, kind = server
    checker = kind.connect(url, autocommit=True)
    try:
        with checker.cursor() as cur:
            kind.wait_at_most_a_second(cur)
            try:
                cur.execute('UPDATE resource SET status_reason = %s WHERE id = %s',
                            ('taken over', row_id))
            except kind.lock_wait_timeout as exc:
                if kind.timed_out(exc):
                    return True
                raise
        return False
    finally:
        checker.close()


def test_ending_a_dead_process_sessions_frees_its_locks(server, stranded):
    url, kind = server
    conn, row = stranded
    _add_service('dead-engine', [kind.session_id(conn)])
    assert _blocked(server, row.id)   # what a takeover met before

    assert db_api.service_fence('dead-engine') == 1
    assert not _blocked(server, row.id)
    # Its uncommitted write was rolled back; the process, if alive, finds
    # its connection gone.
    assert db_api.resource_get(row.id).status != 'FAILED'
    with pytest.raises(kind.disconnected):
        with conn.cursor() as cur:
            cur.execute('SELECT 1')
    # Sessions already gone are no error.
    assert db_api.service_fence('dead-engine') == 0


def test_a_heartbeat_publishes_the_process_sessions_and_they_are_never_its_own_victims(
        server):
    db_api.service_list()   # a connection is open
    mine = fencing.session_ids()
    assert mine and all(isinstance(i, int) for i in mine)
    db_api.service_heartbeat('me', 'h', 'heat-conv-engine', None, 2)
    (row,) = [s for s in db_api.service_list() if s.id == 'me']
    assert row.db_sessions == mine
    assert db_api.service_fence('me') == 0
    db_api.service_list()   # still connected


def test_nothing_to_fence_on_sqlite(db):
    _add_service('dead-engine', [12345])
    assert db_api.service_fence('dead-engine') == 0
    assert db_api.service_fence('unknown') == 0
