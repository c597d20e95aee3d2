"""Exactly one arrival starts a node, however the arrivals race."""
import threading
import types

import pytest

from heat_conv.db import api as db_api
from heat_conv.engine.core import sync_point
from tests.services import DATABASE_FIXTURES as DATABASES


def _sync_point(predecessors):
    db_api.traversal_store('stack', 'trav', [], lambda rows: ([], [
        {'entity_id': 7, 'is_update': True, 'predecessors': predecessors,
         'remaining': predecessors, 'definition': {'name': 'X'}}]))
    return db_api.sync_point_get('trav', 7, True)


def _race(sp, senders):
    results = []
    lock = threading.Lock()
    start = threading.Barrier(len(senders))

    def arrive(sender):
        start.wait()
        last = db_api.sync_arrive(sp.id, 'stack', sender, True, {'row': sender},
                                  single_predecessor=False) != db_api.NOT_LAST
        with lock:
            results.append((sender, last))
    threads = [threading.Thread(target=arrive, args=(s,)) for s in senders]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return results


@pytest.mark.parametrize('backend', DATABASES)
def test_exactly_one_of_racing_arrivals_is_last(backend, request):
    request.getfixturevalue(backend)
    sp = _sync_point(12)
    results = _race(sp, list(range(1, 13)))
    assert sum(1 for _, last in results if last) == 1
    assert sorted(d['row'] for d in db_api.sync_inputs(sp.id)) == list(range(1, 13))


@pytest.mark.parametrize('backend', DATABASES)
def test_redelivered_arrival_is_ignored(backend, request):
    request.getfixturevalue(backend)
    sp = _sync_point(2)
    assert db_api.sync_arrive(sp.id, 'stack', 1, True, None, False) == db_api.NOT_LAST
    # The same sender again: deduplicated, it must not count as the second.
    assert db_api.sync_arrive(sp.id, 'stack', 1, True, None, False) == db_api.NOT_LAST
    assert db_api.sync_arrive(sp.id, 'stack', 2, True, None, False) == db_api.LAST


def test_single_predecessor_needs_no_counter(db):
    sp = _sync_point(1)
    assert db_api.sync_arrive(sp.id, 'stack', 3, True, {'row': 3}, True) == db_api.LAST
    assert db_api.sync_arrive(sp.id, 'stack', 3, True, {'row': 3}, True) == \
        db_api.NOT_LAST


@pytest.mark.parametrize('first_must_act', [True, False])
def test_must_act_is_reported_by_whichever_arrival_is_last(db, first_must_act):
    sp = _sync_point(2)
    first = db_api.sync_arrive(sp.id, 'stack', 1, True, None, False,
                               must_act=first_must_act)
    last = db_api.sync_arrive(sp.id, 'stack', 2, True, None, False,
                              must_act=not first_must_act)
    assert first == db_api.NOT_LAST
    assert last == db_api.LAST_MUST_ACT


def test_unmarked_node_is_plain_last(db):
    sp = _sync_point(3)
    results = [db_api.sync_arrive(sp.id, 'stack', s, True, None, False) for s in (1, 2, 3)]
    assert results == [db_api.NOT_LAST, db_api.NOT_LAST, db_api.LAST]


def test_own_update_arrival_is_counted_once(db):
    sp = _sync_point(2)
    assert db_api.sync_arrive_own_update(sp.id) == db_api.NOT_LAST
    assert db_api.sync_arrive_own_update(sp.id) == db_api.NOT_LAST   # redelivered
    assert db_api.sync_arrive(sp.id, 'stack', 9, False, None, False) == db_api.LAST


def test_own_update_arrival_carries_must_act_when_last(db):
    sp = _sync_point(2)
    assert db_api.sync_arrive(sp.id, 'stack', 9, False, None, False) == db_api.NOT_LAST
    assert db_api.sync_arrive_own_update(sp.id, must_act=True) == db_api.LAST_MUST_ACT


def test_own_update_arrival_alone(db):
    sp = _sync_point(1)
    assert db_api.sync_arrive_own_update(sp.id, single_predecessor=True) == db_api.LAST
    assert db_api.sync_arrive_own_update(sp.id, single_predecessor=True) == \
        db_api.NOT_LAST


def _sync_points(*predecessors):
    db_api.traversal_store('stack', 'trav', [], lambda rows: ([], [
        {'entity_id': entity, 'is_update': True, 'predecessors': count,
         'remaining': count, 'definition': {'name': f'X{entity}'}}
        for entity, count in enumerate(predecessors, start=1)]))
    return [db_api.sync_point_get('trav', entity, True).id
            for entity in range(1, len(predecessors) + 1)]


def _arrive_at(points, sender, predecessors):
    return db_api.sync_arrive_many('stack', sender, True, [
        (sp_id, {'row': sender}, count, False) for sp_id, count in zip(points, predecessors)])


@pytest.mark.parametrize('backend', DATABASES)
def test_racing_nodes_arriving_at_the_same_successors_start_each_once(backend, request):
    request.getfixturevalue(backend)
    senders = list(range(1, 9))
    points = _sync_points(len(senders), len(senders), len(senders))
    outcomes = []
    lock = threading.Lock()
    start = threading.Barrier(len(senders))

    def arrive(sender):
        start.wait()
        result = _arrive_at(points, sender, [len(senders)] * 3)
        with lock:
            outcomes.append(result)
    threads = [threading.Thread(target=arrive, args=(s,)) for s in senders]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    for sp_id in points:
        assert [o[sp_id] for o in outcomes].count(db_api.LAST) == 1
        assert len(db_api.sync_inputs(sp_id)) == len(senders)


def test_a_redelivered_node_arrives_nowhere_again(db):
    points = _sync_points(2, 2, 1)
    assert _arrive_at(points, 1, [2, 2, 1]) == {
        points[0]: db_api.NOT_LAST, points[1]: db_api.NOT_LAST, points[2]: db_api.LAST}
    assert set(_arrive_at(points, 1, [2, 2, 1]).values()) == {db_api.NOT_LAST}
    assert set(_arrive_at(points, 2, [2, 2]).values()) == {db_api.LAST}


def test_arrivals_and_the_own_cleanup_move_together(db):
    points = _sync_points(2, 2, 2)
    own = (points[2], True, 2)
    arrivals = [(sp_id, None, 2, False) for sp_id in points[:2]]
    first = db_api.sync_arrive_many('stack', 5, True, arrivals, own)
    assert set(first.values()) == {db_api.NOT_LAST}
    again = db_api.sync_arrive_many('stack', 5, True, arrivals, own)
    assert set(again.values()) == {db_api.NOT_LAST}   # redelivered: counted once
    # The other predecessor of the cleanup node: it must act (replaced row).
    assert db_api.sync_arrive(points[2], 'stack', 6, False, None, False) == \
        db_api.LAST_MUST_ACT


def test_each_sync_point_stores_its_nodes_outgoing_edges(db):
    # Cleanup 3 waits for cleanup 2 (which waits for its own update node);
    # update node 2 feeds update node 3 with attribute 'a'.
    def edge(required, required_is_update, requirer, requirer_is_update, attrs=()):
        return {'required_id': required, 'required_is_update': required_is_update,
                'requirer_id': requirer, 'requirer_is_update': requirer_is_update,
                'attrs': list(attrs)}

    def point(entity_id, is_update, predecessors, mode):
        return {'entity_id': entity_id, 'is_update': is_update,
                'predecessors': predecessors, 'remaining': predecessors,
                'definition': {'definition': {'name': f'r{entity_id}'}, 'mode': mode}}
    edges = [edge(2, True, 2, False), edge(2, False, 3, False),
             edge(2, True, 3, True, ['a']), edge(3, False, None, None),
             edge(3, True, 3, False)]
    points = [point(2, True, 0, 'converge'), point(2, False, 1, 'keep'),
              point(3, False, 2, 'delete'), point(3, True, 1, 'converge'),
              {'entity_id': 0, 'is_update': True, 'predecessors': 1, 'remaining': 1,
               'definition': None}]
    db_api.traversal_store('stack', 'trav', [], lambda rows: (edges, points))
    ids = {(e, u): db_api.sync_point_get('trav', e, u).id
           for e, u in ((2, True), (2, False), (3, False), (3, True), (0, True))}
    stored = {node: db_api.node_successors(sp_id) for node, sp_id in ids.items()}
    # The edge to the row's own cleanup carries that node's edges too.
    assert sorted(stored[(2, True)]) == sorted([
        [ids[(2, False)], 2, False, 1, [], 'keep',
         [[ids[(3, False)], 3, False, 2, [], 'delete']]],
        [ids[(3, True)], 3, True, 1, ['a'], None]])
    assert stored[(2, False)] == [[ids[(3, False)], 3, False, 2, [], 'delete']]
    assert stored[(3, False)] == [[ids[(0, True)], None, None, 1, [], None]]
    assert stored[(0, True)] is None   # the stack's completion leads nowhere


# --- cleanup nodes passed through ------------------------------------------------------

def test_a_pass_through_arrival_moves_the_counter_and_leaves_no_input(db):
    points = _sync_points(1, 2, 2)
    arrivals = [(sp_id, None, count, True) for sp_id, count in zip(points, [1, 2, 2])]
    outcomes = db_api.sync_arrive_many('stack', 4, False, arrivals, record=False)
    # Even a single-predecessor node's counter moves: its readiness shows there.
    assert outcomes == {points[0]: db_api.LAST, points[1]: db_api.NOT_LAST,
                        points[2]: db_api.NOT_LAST}
    assert [db_api.sync_inputs(sp_id) for sp_id in points] == [[], [], []]
    first = db_api.sync_point_get('trav', 1, True)
    assert (first.remaining, sync_point.ready(first, 0)) == (0, True)


def _point(**values):
    defaults = {'id': 1, 'entity_id': 1, 'is_update': False, 'predecessors': 2,
                'remaining': 2, 'must_act': False, 'update_arrived': False,
                'definition': {'definition': {'name': 'A'}, 'mode': 'keep'}}
    return types.SimpleNamespace(**dict(defaults, **values))


def test_a_kept_rows_cleanup_with_predecessors_is_passed_through():
    assert sync_point.passes_through(_point())


@pytest.mark.parametrize('values', [
    {'is_update': True}, {'predecessors': 0}, {'must_act': True},
    {'definition': {'definition': {'name': 'A'}, 'mode': 'delete'}},
    {'definition': {'definition': {'name': 'A'}, 'mode': 'suspend'}}],
    ids=['update node', 'leaf', 'replaced row', 'delete', 'suspend'])
def test_nodes_that_act_are_not_passed_through(values):
    assert not sync_point.passes_through(_point(**values))


def test_readiness_counts_records_flags_and_the_counter():
    assert sync_point.ready(_point(remaining=0), 0)            # every arrival counted
    assert sync_point.ready(_point(predecessors=1, remaining=1), 1)   # one input row
    assert sync_point.ready(_point(predecessors=1, remaining=1, update_arrived=True), 0)
    assert not sync_point.ready(_point(remaining=1, update_arrived=True), 0)
