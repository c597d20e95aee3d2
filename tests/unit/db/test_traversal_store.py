"""A traversal's graph as stored: what a step reads back is what converge
wrote, on SQLite and on MariaDB (where the sync points travel as one JSON
document that the server expands)."""
import sqlalchemy as sa

from heat_conv.db import api as db_api
from heat_conv.db import models

# What a node spec may hold: text that needs escaping in SQL and in JSON,
# characters outside ASCII, nesting, numbers, booleans and nulls.
_SPEC = {'definition': {'name': 'A', 'type': 'OS::Heat::TestResource',
                        'properties': {'value': 'it\'s "quoted" \\ 100% é ✓ 😀',
                                       'action_wait_secs': {'create': 1.5},
                                       'fail': False, 'list': [1, None, {'k': []}]},
                        'depends_on': [], 'template_id': 7},
         'mode': 'converge'}


def _stack():
    return db_api.stack_create({'name': 's', 'tenant': 't', 'action': 'CREATE',
                                'status': 'IN_PROGRESS', 'current_traversal': 'trav'})


def _store(stack_id, traversal_id):
    new = [{'stack_id': stack_id, 'name': n, 'type': 'OS::Heat::None', 'action': 'INIT',
            'status': 'COMPLETE', 'requires': []} for n in ('A', 'B')]

    def graph(created):
        a, b = created['A'], created['B']
        edges = [{'required_id': a, 'required_is_update': True, 'requirer_id': b,
                  'requirer_is_update': True, 'attrs': ['output']},
                 {'required_id': b, 'required_is_update': True, 'requirer_id': None,
                  'requirer_is_update': None, 'attrs': []}]
        points = [{'entity_id': a, 'is_update': True, 'predecessors': 0, 'remaining': 0,
                   'definition': _SPEC},
                  {'entity_id': b, 'is_update': True, 'predecessors': 1, 'remaining': 1,
                   'definition': {'definition': {'name': 'B'}, 'mode': 'converge'}},
                  {'entity_id': a, 'is_update': False, 'predecessors': 1, 'remaining': 1,
                   'definition': {'definition': {'name': 'A'}, 'mode': 'keep'}},
                  {'entity_id': 0, 'is_update': True, 'predecessors': 1, 'remaining': 1,
                   'definition': None}]
        return edges, points
    return db_api.traversal_store(stack_id, traversal_id, new, graph)


def test_each_node_reads_back_as_converge_stored_it(backend):
    stack = _stack()
    rows = _store(stack.id, 'trav')
    a = db_api.sync_point_get('trav', rows['A'], True)
    b = db_api.sync_point_get('trav', rows['B'], True)
    cleanup = db_api.sync_point_get('trav', rows['A'], False)
    done = db_api.sync_point_get('trav', 0, True)
    assert a.definition == _SPEC
    assert (a.predecessors, a.remaining, a.must_act, a.update_arrived) == (0, 0, False, False)
    assert (b.predecessors, b.remaining) == (1, 1)
    assert cleanup.definition == {'definition': {'name': 'A'}, 'mode': 'keep'}
    assert (done.entity_id, done.is_update, done.definition) == (0, True, None)
    assert {p.stack_id for p in (a, b, cleanup, done)} == {stack.id}
    # Each node's outgoing edges point at its successors' own rows.
    assert [edge[:5] for edge in db_api.node_successors(a.id)] == [
        [b.id, rows['B'], True, 1, ['output']]]
    assert [edge[:4] for edge in db_api.node_successors(b.id)] == [[done.id, None, None, 1]]
    # Stored as the SQLAlchemy JSON type stores it, on either path (as
    # text: PostgreSQL's driver would decode a json column).
    column = 'definition::text' if backend.dialect.name == 'postgresql' else 'definition'
    with backend.connect() as conn:
        stored = conn.execute(sa.text(
            f'SELECT {column} FROM sync_point WHERE entity_id = 0')).scalar()
    assert stored == 'null'


def test_a_duplicate_converge_stores_nothing_more(backend):
    stack = _stack()
    assert _store(stack.id, 'trav') is not None
    assert _store(stack.id, 'trav') is None
    with backend.connect() as conn:
        assert conn.execute(sa.select(sa.func.count()).select_from(
            models.SyncPoint.__table__)).scalar() == 4
