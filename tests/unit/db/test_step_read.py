"""A step's first read: its row, its stack's traversal, its node's sync point
and what its predecessors sent, in one statement, on SQLite and MariaDB."""
import sqlalchemy as sa

from heat_conv.db import api as db_api


def _graph(stack_id, rows):
    edges = [{'required_id': rows['A'], 'required_is_update': True,
              'requirer_id': rows['C'], 'requirer_is_update': True, 'attrs': ['x']},
             {'required_id': rows['B'], 'required_is_update': True,
              'requirer_id': rows['C'], 'requirer_is_update': True, 'attrs': []},
             {'required_id': rows['C'], 'required_is_update': True,
              'requirer_id': None, 'requirer_is_update': None, 'attrs': []}]
    points = [{'entity_id': rows[n], 'is_update': True, 'predecessors': p,
               'remaining': p, 'definition': {'definition': {'name': n}, 'mode': 'converge'}}
              for n, p in (('A', 0), ('B', 0), ('C', 2))]
    points.append({'entity_id': 0, 'is_update': True, 'predecessors': 1, 'remaining': 1,
                   'definition': None})
    return edges, points


def test_the_row_its_node_and_its_inputs_in_one_statement(backend):
    stack = db_api.stack_create({'name': 's', 'tenant': 't', 'action': 'CREATE',
                                 'status': 'IN_PROGRESS', 'current_traversal': 'trav'})
    new = [{'stack_id': stack.id, 'name': n, 'type': 'OS::Heat::None', 'action': 'INIT',
            'status': 'COMPLETE', 'requires': []} for n in 'ABC']
    rows = db_api.traversal_store(stack.id, 'trav', new,
                                  lambda created: _graph(stack.id, created))
    c_point = db_api.sync_point_get('trav', rows['C'], True)
    for sender in ('A', 'B'):
        db_api.sync_arrive_many(stack.id, rows[sender], True, [
            (c_point.id, {'name': sender, 'row': rows[sender], 'refid': sender,
                          'attrs': {}}, 2, False)])
    statements = []

    def record(conn, cursor, statement, *args):
        if not statement.startswith('BEGIN'):
            statements.append(statement)
    # Every engine: on MariaDB a read outside a transaction has its own.
    sa.event.listen(sa.engine.Engine, 'before_cursor_execute', record)
    try:
        row, traversal, node = db_api.resource_and_traversal(rows['C'], 'trav', True)
    finally:
        sa.event.remove(sa.engine.Engine, 'before_cursor_execute', record)
    assert len(statements) == 1
    assert (row.name, traversal) == ('C', 'trav')
    assert node.predecessors == 2
    assert node.definition == {'definition': {'name': 'C'}, 'mode': 'converge'}
    assert sorted(i['name'] for i in node.inputs) == ['A', 'B']
    assert node.successors[0][1:3] == [None, None]   # the stack's completion

    _, _, first = db_api.resource_and_traversal(rows['A'], 'trav', True)
    assert first.inputs == []          # a leaf: nothing sent to it
    assert first.successors[0][4] == ['x']
    _, _, none = db_api.resource_and_traversal(rows['A'], 'other', True)
    assert none is None                 # no node in that traversal


def _three(stack_id):
    new = [{'stack_id': stack_id, 'name': n, 'type': 'OS::Heat::None', 'action': 'INIT',
            'status': 'COMPLETE', 'requires': []} for n in 'ABC']
    return db_api.traversal_store(stack_id, 'trav', new,
                                  lambda created: _graph(stack_id, created))


def _counting():
    statements = []

    def record(conn, cursor, statement, *args):
        if not statement.startswith('BEGIN'):
            statements.append(statement)
    sa.event.listen(sa.engine.Engine, 'before_cursor_execute', record)
    return statements, lambda: sa.event.remove(sa.engine.Engine, 'before_cursor_execute',
                                               record)


def test_the_first_reads_of_a_batch_of_steps_in_one_statement(backend):
    stack = db_api.stack_create({'name': 's', 'tenant': 't', 'action': 'CREATE',
                                 'status': 'IN_PROGRESS', 'current_traversal': 'trav'})
    rows = _three(stack.id)
    c_point = db_api.sync_point_get('trav', rows['C'], True)
    db_api.sync_arrive_many(stack.id, rows['A'], True, [
        (c_point.id, {'name': 'A', 'row': rows['A'], 'refid': 'A', 'attrs': {}}, 2, False)])
    statements, stop = _counting()
    try:
        found = db_api.resources_and_traversal([rows['A'], rows['C'], 999999], 'trav', True)
    finally:
        stop()
    assert len(statements) == 1
    assert set(found) == {rows['A'], rows['C']}   # a row that does not exist is left out
    for name in 'AC':
        # Each as the step's own read would have found it.
        assert found[rows[name]] == db_api.resource_and_traversal(rows[name], 'trav', True)
    assert [i['name'] for i in found[rows['C']][2].inputs] == ['A']


def test_the_reads_of_resumed_steps_in_one_statement(backend):
    stack = db_api.stack_create({'name': 's', 'tenant': 't', 'action': 'CREATE',
                                 'status': 'IN_PROGRESS', 'current_traversal': 'trav'})
    rows = _three(stack.id)
    for name in 'AB':
        row = db_api.resource_get(rows[name])
        db_api.resource_cas(row.id, row.atomic_key, {
            'traversal_id': 'trav', 'node_id': row.id, 'node_is_update': True})
    statements, stop = _counting()
    try:
        found = db_api.resources_with_nodes([rows['A'], rows['B'], 999999])
    finally:
        stop()
    assert len(statements) == 1
    assert set(found) == {rows['A'], rows['B']}
    for name in 'AB':
        assert found[rows[name]] == db_api.resource_with_node(rows[name])
    assert found[rows['A']][1][0][1] == rows['C']   # A's edges: on to C


def test_several_arrivals_at_one_node_move_its_counter_once(backend):
    stack = db_api.stack_create({'name': 's', 'tenant': 't', 'action': 'CREATE',
                                 'status': 'IN_PROGRESS', 'current_traversal': 'trav'})
    rows = _three(stack.id)
    c_point = db_api.sync_point_get('trav', rows['C'], True)

    def sender(name, record=True):
        return (rows[name], True, {'name': name, 'row': rows[name], 'refid': name,
                                   'attrs': {}}, record)
    statements, stop = _counting()
    try:
        outcome = db_api.atomically(lambda: db_api.sync_arrive_all(
            c_point.id, stack.id, [sender('A'), sender('B')]))
    finally:
        stop()
    assert outcome == db_api.LAST   # both of C's predecessors, at once
    # The inputs' insert, the counter's "more than two left" (no) and "two
    # left" (yes), the commit where it shows as a statement.
    assert len([s for s in statements if not s.startswith('COMMIT')]) == 3
    assert db_api.sync_point_get('trav', rows['C'], True).remaining == 0
    assert sorted(d['name'] for d in db_api.sync_inputs(c_point.id)) == ['A', 'B']
    # Delivered again: a duplicate arrives one by one, and is not the last again.
    assert db_api.atomically(lambda: db_api.sync_arrive_all(
        c_point.id, stack.id, [sender('A')])) == db_api.NOT_LAST


def test_arrivals_that_are_not_the_last_move_the_counter_by_their_number(backend):
    stack = db_api.stack_create({'name': 's', 'tenant': 't', 'action': 'CREATE',
                                 'status': 'IN_PROGRESS', 'current_traversal': 'trav'})
    rows = _three(stack.id)
    end = db_api.sync_point_get('trav', 0, True)
    # The stack's completion node here waits for one (C); make it wait for 3.
    with db_api.transaction() as session:
        session.execute(sa.text('UPDATE sync_point SET remaining = 3, predecessors = 3 '
                                'WHERE id = :id'), {'id': end.id})
    assert db_api.sync_arrive_all(end.id, stack.id, [
        (rows['A'], True, None, True), (rows['B'], False, None, False)]) == db_api.NOT_LAST
    assert db_api.sync_point_get('trav', 0, True).remaining == 1
    # A passed-through cleanup node leaves no input; the sender that records does.
    assert db_api.sync_inputs(end.id) == [None]
    assert db_api.sync_arrive_all(end.id, stack.id, [
        (rows['C'], True, None, True)]) == db_api.LAST
