"""One-statement reads outside a transaction cost one statement on MySQL."""
import pytest

from heat_conv.common import config
from heat_conv.db import api as db_api
from heat_conv.db import migration
from heat_conv.db import reader
from heat_conv.db import session as db_session


def _session_counters():
    # The reader pool holds one connection here: this is the session the
    # reads ran on.
    with db_session.reading() as conn:
        rows = conn.exec_driver_sql(
            "SHOW SESSION STATUS WHERE Variable_name IN "
            "('Com_select', 'Com_commit', 'Com_rollback', 'Questions')").all()
    return {name: int(value) for name, value in rows}


@pytest.fixture
def small_pool(mysql_url):
    """MySQL with pools of one connection in use at a time: the counters
    read are those of the session the statements ran on."""
    config.CONF.set_override('max_pool_size', 1, group='database')
    engine = db_session.configure(mysql_url)
    migration.upgrade(engine)
    yield
    engine.dispose()
    config.CONF.clear_override('max_pool_size', group='database')


def test_a_read_outside_a_transaction_needs_no_commit(small_pool):
    stack = db_api.stack_create({'name': 's', 'tenant': 't', 'action': 'CREATE',
                                 'status': 'COMPLETE'})
    before = _session_counters()
    for _ in range(5):
        assert db_api.stack_get(stack.id).name == 's'
    after = _session_counters()
    spent = {name: after[name] - before[name] for name in before}
    # Five reads, and the SHOW that counted them: nothing else.
    assert spent['Com_select'] == 5
    assert spent['Com_commit'] == spent['Com_rollback'] == 0
    assert spent['Questions'] == 6


def test_inside_a_transaction_a_read_joins_it(db):
    # SQLite has no autocommit reader; in a scope every read joins the scope.
    assert reader.engine_for(db, 1) is None
    stack = db_api.stack_create({'name': 's', 'tenant': 't', 'action': 'CREATE',
                                 'status': 'COMPLETE'})
    seen = []

    def work():
        db_api.stack_update(stack.id, {'status': 'FAILED'})
        seen.append(db_api.stack_get(stack.id).status)
    db_api.atomically(work)
    assert seen == ['FAILED']


def test_a_steps_first_read_and_its_lock_commit_without_a_commit(small_pool):
    stack = db_api.stack_create({'name': 's', 'tenant': 't', 'action': 'CREATE',
                                 'status': 'IN_PROGRESS', 'current_traversal': 'tr'})
    row = db_api.resource_create({'stack_id': stack.id, 'name': 'r', 'type': 'T',
                                  'action': 'INIT', 'status': 'COMPLETE'})
    before = _session_counters()

    def step():
        found, current, _ = db_api.resource_and_traversal(row.id, 'tr', True)
        assert current == 'tr'
        assert db_api.resource_cas(found.id, found.atomic_key,
                                   {'engine_id': 'me', 'status': 'IN_PROGRESS'},
                                   engine_id=None, alone=True)
        db_api.commit_now()
    db_api.atomically(step)
    after = _session_counters()
    spent = {name: after[name] - before[name] for name in before}
    # The read, the lock's UPDATE and the SHOW that counted them.
    assert spent['Com_commit'] == spent['Com_rollback'] == 0
    assert spent['Questions'] == 3
    # And the lock holds: another engine cannot take the row.
    assert db_api.resource_get(row.id).engine_id == 'me'
    assert not db_api.resource_cas(row.id, row.atomic_key, {'engine_id': 'other'},
                                   engine_id=None)
