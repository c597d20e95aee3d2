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
