"""A committed transaction costs the server no ROLLBACK when its connection
goes back to the pool; anything else is still rolled back."""
import pytest
import sqlalchemy as sa

from heat_conv.db import session as db_session


def _session_counts():
    with db_session.transaction() as session:
        rows = session.execute(sa.text(
            "SHOW SESSION STATUS WHERE Variable_name IN "
            "('Questions', 'Com_commit', 'Com_rollback')")).fetchall()
    return {name: int(value) for name, value in rows}


def test_a_committed_transaction_is_not_rolled_back_again(mysql_db):
    _session_counts()   # the pool holds one connection from here on
    before = _session_counts()
    for _ in range(10):
        with db_session.transaction() as session:
            session.execute(sa.text('SELECT 1'))
    after = _session_counts()
    # Each: the SELECT and its COMMIT (plus the counting transaction's own).
    assert after['Com_rollback'] - before['Com_rollback'] == 0
    assert after['Questions'] - before['Questions'] == 2 * 10 + 2


@pytest.fixture(params=['db', 'mysql_db', 'pg_db'])
def any_db(request):
    return request.getfixturevalue(request.param)


def _table(engine):
    with db_session.transaction() as session:
        session.execute(sa.text('CREATE TABLE probe (id INTEGER PRIMARY KEY)'))


def _count():
    with db_session.transaction() as session:
        return session.execute(sa.text('SELECT COUNT(*) FROM probe')).scalar()


def test_a_failed_transaction_is_rolled_back(any_db):
    _table(any_db)
    with pytest.raises(RuntimeError):
        with db_session.transaction() as session:
            session.execute(sa.text('INSERT INTO probe VALUES (1)'))
            raise RuntimeError('boom')
    assert _count() == 0


def test_a_raw_connection_returned_mid_transaction_is_rolled_back(any_db):
    _table(any_db)
    _count()
    raw = any_db.raw_connection()
    cursor = raw.cursor()
    if any_db.dialect.name == 'sqlite':
        cursor.execute('BEGIN')
    cursor.execute('INSERT INTO probe VALUES (2)')
    raw.close()   # back to the pool, uncommitted
    assert _count() == 0
    with db_session.transaction() as session:   # and the next user can write
        session.execute(sa.text('INSERT INTO probe VALUES (3)'))
    assert _count() == 1
