"""Exactly one arrival starts a node, however the arrivals race."""
import threading

import pytest

from heat_conv.db import api as db_api


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
                                  single_predecessor=False)
        with lock:
            results.append((sender, last))
    threads = [threading.Thread(target=arrive, args=(s,)) for s in senders]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return results


@pytest.mark.parametrize('backend', ['db', 'mysql_db'])
def test_exactly_one_of_racing_arrivals_is_last(backend, request):
    request.getfixturevalue(backend)
    sp = _sync_point(12)
    results = _race(sp, list(range(1, 13)))
    assert sum(1 for _, last in results if last) == 1
    assert sorted(d['row'] for d in db_api.sync_inputs(sp.id)) == list(range(1, 13))


@pytest.mark.parametrize('backend', ['db', 'mysql_db'])
def test_redelivered_arrival_is_ignored(backend, request):
    request.getfixturevalue(backend)
    sp = _sync_point(2)
    assert db_api.sync_arrive(sp.id, 'stack', 1, True, None, False) is False
    # The same sender again: deduplicated, it must not count as the second.
    assert db_api.sync_arrive(sp.id, 'stack', 1, True, None, False) is False
    assert db_api.sync_arrive(sp.id, 'stack', 2, True, None, False) is True


def test_single_predecessor_needs_no_counter(db):
    sp = _sync_point(1)
    assert db_api.sync_arrive(sp.id, 'stack', 3, True, {'row': 3}, True) is True
    assert db_api.sync_arrive(sp.id, 'stack', 3, True, {'row': 3}, True) is False
