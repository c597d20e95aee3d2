"""The reaper runs every two seconds on every engine, so a pass must cost
what it finds, never what the database holds: the same few statements with
10 stacks in progress as with 200."""
import datetime

import pytest
import sqlalchemy as sa

from heat_conv.common import events
from heat_conv.common import liveness
from heat_conv.common import timeutils
from heat_conv.db import api as db_api
from heat_conv.engine.core import identity
from heat_conv.engine.recovery import reaper


class Statements:
    def __init__(self, engine):
        self.seen = []
        sa.event.listen(engine, 'before_cursor_execute', self._count)
        self._engine = engine

    def _count(self, conn, cursor, statement, *args):
        if not statement.lstrip().upper().startswith(('PRAGMA', 'BEGIN')):
            self.seen.append(statement)

    def during(self, func):
        self.seen = []
        func()
        return len(self.seen)

    def close(self):
        sa.event.remove(self._engine, 'before_cursor_execute', self._count)


@pytest.fixture
def statements(db, fake_clock):
    counter = Statements(db)
    previous = identity.engine_id()
    identity.set_engine_id('me')
    yield counter
    identity.set_engine_id(previous)
    counter.close()


def _stacks_in_progress(count):
    old = timeutils.utcnow() - datetime.timedelta(hours=1)
    for i in range(count):
        stack = db_api.stack_create({
            'name': f's{len(db_api.stack_list()) + i}', 'tenant': 't', 'action': 'CREATE',
            'status': 'IN_PROGRESS', 'current_traversal': f'trav-{i}',
            'traversal_started_at': old})
        db_api.resource_create({'stack_id': stack.id, 'name': 'r', 'type': 'T',
                                'action': 'CREATE', 'status': 'IN_PROGRESS',
                                'engine_id': 'me', 'action_started_at': old})
        db_api.events_add([events.for_stack(stack, 'CREATE', 'IN_PROGRESS', 'busy')])


def _beat_all():
    for service, binary in (('me', liveness.ENGINE), ('other', liveness.ENGINE),
                            ('observer', liveness.OBSERVER)):
        db_api.service_heartbeat(service, 'h', binary, None, 2)


@pytest.mark.parametrize('dead_engines', [0, 3])
def test_a_pass_costs_the_same_however_many_stacks(statements, fake_clock, dead_engines):
    for i in range(dead_engines):
        db_api.service_heartbeat(f'gone-{i}', 'h', liveness.ENGINE, None, 2)
        db_api.service_delete(f'gone-{i}')
    costs = {}
    for stacks in (10, 200):
        _stacks_in_progress(stacks - len(db_api.stacks_in_progress()))
        _beat_all()
        the_reaper = reaper.Reaper()
        the_reaper.run_once()                       # includes the stack check
        fake_clock.advance(1)
        costs[stacks] = statements.during(the_reaper.run_once)
    assert costs[10] == costs[200] == (1 if not dead_engines else 2), statements.seen


def test_the_stack_check_costs_the_same_however_many_stacks(statements, fake_clock):
    costs = {}
    for stacks in (10, 200):
        _stacks_in_progress(stacks - len(db_api.stacks_in_progress()))
        _beat_all()
        the_reaper = reaper.Reaper()
        the_reaper.run_once()
        costs[stacks] = statements.during(the_reaper.check_stacks)
    # One statement per kind of look, whatever the number of stacks; the
    # waits on signals past their deadline are one of them.
    assert costs[10] == costs[200] <= 6, statements.seen
