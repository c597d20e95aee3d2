"""db_api.atomically: many query-layer calls, one transaction."""
import pytest
import sqlalchemy as sa
from oslo_db import exception as db_exc

from heat_conv.db import api as db_api
from heat_conv.db import scope
from heat_conv.db import session as db_session


@pytest.fixture
def table(db):
    with db_session.transaction() as session:
        session.execute(sa.text('CREATE TABLE probe (id INTEGER PRIMARY KEY)'))
    commits = []
    sa.event.listen(db, 'commit', lambda conn: commits.append(1))
    return commits


def _insert(value):
    with db_session.transaction() as session:
        session.execute(sa.text('INSERT INTO probe VALUES (:v)'), {'v': value})


def _ids():
    with db_session.transaction() as session:
        return sorted(session.execute(sa.text('SELECT id FROM probe')).scalars())


def test_the_calls_commit_once_and_messages_leave_after_it(table):
    sent = []

    def work():
        _insert(1)
        db_api.after_commit(lambda: sent.append((len(table), _ids())))
        _insert(2)
        assert sent == []   # not before the commit
        return 'done'
    assert db_api.atomically(work) == 'done'
    assert sent == [(1, [1, 2])]   # after the one commit, which saw both


def test_an_error_rolls_back_everything_undoes_and_sends_nothing(table):
    state = {'key': 1}
    sent = []

    def work():
        _insert(1)
        state['key'] = 2
        db_api.on_rollback(lambda: state.update(key=1))
        db_api.after_commit(lambda: sent.append('message'))
        raise RuntimeError('boom')
    with pytest.raises(RuntimeError):
        db_api.atomically(work)
    assert _ids() == [] and state == {'key': 1} and sent == []


def test_a_deadlock_runs_the_whole_work_again_from_its_start(table, monkeypatch):
    monkeypatch.setattr(scope, 'PAUSE', (0, 0))
    attempts = []

    def work():
        _insert(len(attempts) + 10)
        attempts.append(1)
        if len(attempts) == 1:
            raise db_exc.DBDeadlock()
    db_api.atomically(work)
    assert len(attempts) == 2 and _ids() == [11]


def test_a_nested_scope_joins_the_outer_transaction(table):
    def work():
        _insert(1)
        db_api.atomically(lambda: _insert(2))
        raise RuntimeError('boom')
    with pytest.raises(RuntimeError):
        db_api.atomically(work)
    assert _ids() == []


def _insert_all(values):
    with db_session.connection() as conn:
        conn.execute(sa.text('INSERT INTO probe VALUES (:v)'), [{'v': v} for v in values])


def test_rows_added_for_the_end_go_in_one_insert_just_before_the_commit(table, db):
    inserts = []
    sa.event.listen(db, 'before_cursor_execute',
                    lambda conn, cursor, statement, *a: inserts.append(statement)
                    if statement.startswith('INSERT') else None)

    def work():
        for value in (1, 2, 3):
            db_api.before_commit_all('probe', [value], _insert_all)
            assert _ids() == []   # not yet: they wait for the end
        return 'done'
    assert db_api.atomically(work) == 'done'
    assert len(inserts) == 1 and len(table) == 1
    assert _ids() == [1, 2, 3]


def test_rows_added_for_the_end_are_dropped_with_a_rollback(table):
    def work():
        _insert(1)
        db_api.before_commit_all('probe', [2], _insert_all)
        raise RuntimeError('boom')
    with pytest.raises(RuntimeError):
        db_api.atomically(work)
    assert _ids() == []


def test_rows_added_for_the_end_are_there_for_a_read_that_flushes_them(table):
    def work():
        db_api.before_commit_all('probe', [5], _insert_all)
        db_api.flush_pending()
        return _ids()
    assert db_api.atomically(work) == [5]
    assert _ids() == [5]


def test_rows_added_outside_a_transaction_are_inserted_at_once(table):
    db_api.before_commit_all('probe', [7, 8], _insert_all)
    assert _ids() == [7, 8]


def test_a_deadlock_in_the_final_insert_runs_the_work_again(table, monkeypatch):
    monkeypatch.setattr(scope, 'PAUSE', (0, 0))
    attempts = []

    def flaky_insert(values):
        attempts.append(values)
        if len(attempts) == 1:
            raise db_exc.DBDeadlock()
        _insert_all(values)
    db_api.atomically(lambda: db_api.before_commit_all('probe', [3], flaky_insert))
    assert attempts == [[3], [3]] and _ids() == [3]
