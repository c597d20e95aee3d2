"""A step's first read: its row, its stack's traversal, its node's sync point
and what its predecessors sent, in one statement, on SQLite and MariaDB."""
import pytest
import sqlalchemy as sa

from heat_conv.db import api as db_api


@pytest.fixture(params=['db', 'mysql_db'])
def backend(request):
    return request.getfixturevalue(request.param)


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
