"""Every compare-and-swap write survives a deadlock: it is retried, not lost."""
import contextlib
import logging

import pytest
from oslo_db import exception as db_exc

from heat_conv.db import api as db_api
from heat_conv.db.queries import observation
from heat_conv.db.queries import resources
from heat_conv.db.queries import stacks
from heat_conv.db.queries import traversals


def _deadlock_once(monkeypatch, module):
    """The module's next transaction (ORM or Core) deadlocks at its start."""
    raised = []

    def failing_once(real):
        @contextlib.contextmanager
        def begin():
            if not raised:
                raised.append(True)
                raise db_exc.DBDeadlock()
            with real() as txn:
                yield txn
        return begin

    for name in ('transaction', 'connection'):
        if hasattr(module, name):
            monkeypatch.setattr(module, name, failing_once(getattr(module, name)))
    return raised


@pytest.fixture
def stack(db):
    return db_api.stack_create({'name': 's', 'tenant': 't', 'action': 'CREATE',
                                'status': 'IN_PROGRESS', 'current_traversal': 'one'})


def test_resource_compare_and_swap(monkeypatch, stack):
    row = db_api.resource_create({'stack_id': stack.id, 'name': 'A',
                                  'type': 'OS::Heat::None', 'requires': []})
    raised = _deadlock_once(monkeypatch, resources)
    assert db_api.resource_cas(row.id, row.atomic_key, {'status': 'FAILED'})
    assert raised
    assert db_api.resource_get(row.id).status == 'FAILED'


def test_supersede_write(monkeypatch, stack):
    raised = _deadlock_once(monkeypatch, stacks)
    assert db_api.stack_update(stack.id, {'current_traversal': 'two'},
                               expected={'current_traversal': 'one'})
    assert raised
    assert db_api.stack_get(stack.id).current_traversal == 'two'


def test_traversal_store(monkeypatch, stack):
    raised = _deadlock_once(monkeypatch, traversals)
    created = db_api.traversal_store(stack.id, 'one', [], lambda rows: ([], [
        {'entity_id': 0, 'is_update': True, 'predecessors': 0, 'remaining': 0,
         'definition': None}]))
    assert raised
    assert created == {}
    assert db_api.sync_point_get('one', 0, True) is not None


def test_observer_lease_renewal(monkeypatch, caplog, stack):
    # Two observers renewing their leases on MariaDB deadlock now and then
    # (issue 27, defect 4): retried like every other deadlock, and quiet.
    assert db_api.observer_leases('observer-1', 30, 10) == {stack.id}
    raised = _deadlock_once(monkeypatch, observation)
    caplog.set_level(logging.DEBUG)
    assert db_api.observer_leases('observer-1', 30, 10) == {stack.id}
    assert raised
    assert not [r for r in caplog.records if r.levelno > logging.DEBUG]
    assert any('retry' in r.getMessage() for r in caplog.records)
