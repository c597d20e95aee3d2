"""What a traversal's start reads, and a poll for new events: one statement
each, on SQLite and MariaDB."""
import pytest
import sqlalchemy as sa

from heat_conv.common import exception
from heat_conv.db import api as db_api


@pytest.fixture
def statements():
    """The statements run (SQLite's BEGIN aside: on MariaDB a read outside
    a transaction runs in its own)."""
    seen = []

    def record(conn, cursor, statement, *args):
        if not statement.startswith('BEGIN'):
            seen.append(statement)
    sa.event.listen(sa.engine.Engine, 'before_cursor_execute', record)
    yield seen
    sa.event.remove(sa.engine.Engine, 'before_cursor_execute', record)


def _stack(**values):
    return db_api.stack_create(dict({'name': 's', 'tenant': 't', 'action': 'CREATE',
                                     'status': 'IN_PROGRESS',
                                     'current_traversal': 'trav'}, **values))


def _store(stack_id, traversal_id, names):
    new = [{'stack_id': stack_id, 'name': n, 'type': 'OS::Heat::None', 'action': 'INIT',
            'status': 'COMPLETE', 'requires': []} for n in names]

    def graph(created):
        edges = [{'required_id': created[n], 'required_is_update': True,
                  'requirer_id': None, 'requirer_is_update': None, 'attrs': []}
                 for n in names]
        points = [{'entity_id': created[n], 'is_update': True, 'predecessors': 0,
                   'remaining': 0, 'definition': {'definition': {'name': n}}}
                  for n in names]
        points.append({'entity_id': 0, 'is_update': True, 'predecessors': len(names),
                       'remaining': len(names), 'definition': None})
        return edges, points
    return db_api.traversal_store(stack_id, traversal_id, new, graph)


def test_the_stack_its_template_and_whether_the_graph_is_stored(backend, statements):
    template = {'heat_template_version': '2018-08-31', 'resources': {}}
    template_id = db_api.raw_template_create(template, {'f.yaml': 'x'}, {'parameters': {}},
                                             {'p': 1})
    stack = _stack(raw_template_id=template_id)
    statements.clear()
    found, raw, stored = db_api.traversal_start(stack.id, 'trav', 0)
    assert len(statements) == 1
    assert (found.id, found.current_traversal, found.raw_template_id) == \
        (stack.id, 'trav', template_id)
    assert (raw.id, raw.template, raw.files, raw.parameters) == \
        (template_id, template, {'f.yaml': 'x'}, {'p': 1})
    assert stored is False

    _store(stack.id, 'trav', ['A'])
    assert db_api.traversal_start(stack.id, 'trav', 0)[2] is True
    # Another traversal's graph is not this one's.
    assert db_api.traversal_start(stack.id, 'other', 0)[2] is False


def test_a_stack_without_a_template_or_without_a_row(backend):
    stack = _stack()
    found, raw, stored = db_api.traversal_start(stack.id, 'trav', 0)
    assert (found.id, raw, stored) == (stack.id, None, False)
    assert db_api.traversal_start('no-such-stack', 'trav', 0) is None


def test_placing_rows_say_which_an_earlier_step_may_hold(backend):
    stack = _stack()
    rows = _store(stack.id, 'trav', ['paused', 'waiting', 'running', 'done'])
    key = {name: db_api.resource_get(row_id).atomic_key for name, row_id in rows.items()}
    db_api.resource_cas(rows['paused'], key['paused'], {'paused_on': 'pre-create'})
    db_api.resource_cas(rows['waiting'], key['waiting'], {
        'action': 'CREATE', 'status': 'IN_PROGRESS', 'engine_id': 'e',
        'action_started_at': db_api.resource_get(rows['done']).created_at})
    # Locked for an action that runs inline: the step that holds it ends it.
    db_api.resource_cas(rows['running'], key['running'], {
        'action': 'CREATE', 'status': 'IN_PROGRESS', 'engine_id': 'e'})
    placing = db_api.resources_placing(stack.id)
    assert {row.name: bool(row.held) for row in placing} == {
        'paused': True, 'waiting': True, 'running': False, 'done': False}
    held = db_api.resources_held(stack.id, [row.id for row in placing if row.held])
    assert [row.name for row in held] == ['paused', 'waiting']
    assert [row.name for row in db_api.resources_held(stack.id, [rows['waiting']])] == \
        ['waiting']


def _event(stack_id, name, action, status):
    db_api.events_add([{'stack_id': stack_id, 'resource_name': name,
                        'resource_action': action, 'resource_status': status}])
    return db_api.event_list(stack_id)[-1].uuid


def test_events_after_a_marker_in_one_statement(backend, statements):
    stack = _stack()
    other = _stack(name='other')
    first = _event(stack.id, 'A', 'CREATE', 'IN_PROGRESS')
    _event(other.id, 'X', 'CREATE', 'IN_PROGRESS')
    _event(stack.id, 'A', 'CREATE', 'COMPLETE')
    last = _event(stack.id, 'B', 'UPDATE', 'IN_PROGRESS')
    statements.clear()
    after = db_api.event_list(stack.id, marker=first)
    assert len(statements) == 1
    assert [(e.resource_name, e.resource_status) for e in after] == [
        ('A', 'COMPLETE'), ('B', 'IN_PROGRESS')]
    assert [e.resource_name for e in db_api.event_list(
        stack.id, marker=first, filters={'resource_action': ['UPDATE']})] == ['B']
    assert [e.resource_status for e in db_api.event_list(
        stack.id, marker=last, sort_dir='desc', limit=1)] == ['COMPLETE']
    # Nothing newer than the newest: an empty list, in one statement too.
    statements.clear()
    assert db_api.event_list(stack.id, marker=last) == []
    assert len(statements) == 1
    with pytest.raises(exception.EventNotFound):
        db_api.event_list(stack.id, marker='no-such-event')


def test_events_cut_at_the_newest_read_before(backend):
    """A nested listing reads the newest event number first, then lists each
    stack up to it: an event written after the cut waits for the next poll
    instead of letting the marker pass a child stack's earlier events."""
    stack = _stack()
    child = _stack(name='child')
    first = _event(stack.id, 'A', 'CREATE', 'IN_PROGRESS')
    cut = db_api.event_newest_id()
    _event(child.id, 'X', 'CREATE', 'IN_PROGRESS')
    _event(stack.id, 'A', 'CREATE', 'COMPLETE')
    assert [e.resource_status for e in db_api.event_list(stack.id, up_to=cut)] == [
        'IN_PROGRESS']
    assert db_api.event_list(child.id, marker=first, up_to=cut) == []
    assert [e.resource_name for e in db_api.event_list(child.id, marker=first)] == ['X']
    assert db_api.event_newest_id() > cut
