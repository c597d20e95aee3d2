"""A row an older traversal was deleting is handed to the newer one when
the delete ends, on MariaDB too (issue 27, defect 2).

The newer traversal's step for the row finds it busy and gives up,
counting on the older action's end to start it again. On MariaDB, that
end decided inside its own transaction, whose snapshot (REPEATABLE READ)
could predate the newer traversal's graph: it saw nothing to start, while
the step, which read the row before the end committed, had given up. The
stack then waited for the reaper's stall_timeout. Here the two meet at
exactly that point: the newer traversal's graph is stored, and its step
tries the row, after the older end's snapshot and before its commit.
"""
import threading
import time

import sqlalchemy as sa

from heat_conv.engine.core import sync_point
from heat_conv.engine.core import traversal
from heat_conv.observer import poller
from tests.scenarios import local_driver
from tests.scenarios.library import res
from tests.scenarios.library import tmpl

SLOW_DELETE = {'delete': 30}


def _lock_waits(engine):
    """How many transactions wait for a lock; asked on a connection of its
    own (the engine's pool is the service's, and busy)."""
    probe = sa.create_engine(engine.url, poolclass=sa.pool.NullPool)
    try:
        with probe.connect() as conn:
            return conn.execute(sa.text("SELECT COUNT(*) FROM information_schema.INNODB_TRX"
                                        " WHERE trx_state = 'LOCK WAIT'")).scalar()
    finally:
        probe.dispose()


def _take(driver, method, matching=lambda kwargs: True):
    found = [m for m in driver.queue if m[0] == method and matching(m[1])]
    for message in found:
        driver.queue.remove(message)
    return found


def test_the_newer_traversal_gets_the_row_when_the_older_delete_ends(mysql_db,
                                                                   fake_clock,
                                                                   monkeypatch):
    d = local_driver.LocalDriver(fake_clock)
    try:
        d.create(tmpl({'A': res('a', action_wait_secs=SLOW_DELETE), 'B': res('b')}))
        assert d.settle() == 'CREATE_COMPLETE'
        a = d.row('A')
        # The older traversal deletes A, slowly.
        d.update(tmpl({'B': res('b1')}))
        d.run_until(lambda: d.row('A').action == 'DELETE'
                    and d.row('A').action_started_at is not None, 'A to be deleting')
        # The newer one is committed; its converge is ours to run, below.
        d.update(tmpl({'B': res('b2')}))
        (converge,) = _take(d, 'converge')
        newer = d.stack().current_traversal
        d.cloud.finish(a.physical_resource_id)
        assert poller.poll_pending(d.cloud)
        (ended,) = _take(d, 'action_complete') or _take(d, 'run_batch')

        def newer_traversal():
            traversal.converge(d.stack_id, newer)
            for method, kwargs, ctxt in _take(
                    d, 'check_resource', lambda kw: kw['entity_id'] == a.id):
                d.endpoint.check_resource(ctxt, **kwargs)

        real = sync_point.retrigger
        meeting = []

        def meet_there(*args, **kwargs):
            # The older end decides here: let the newer traversal store its
            # graph and try the row (it waits on the row's lock until the
            # end commits) first.
            monkeypatch.setattr(sync_point, 'retrigger', real)
            thread = threading.Thread(target=newer_traversal)
            thread.start()
            meeting.append(thread)
            deadline = time.monotonic() + 60
            while thread.is_alive() and not _lock_waits(mysql_db):
                assert time.monotonic() < deadline, 'the newer step never tried the row'
                time.sleep(0.05)
            return real(*args, **kwargs)
        monkeypatch.setattr(sync_point, 'retrigger', meet_there)
        getattr(d.endpoint, ended[0])(ended[2], **ended[1])
        assert meeting, 'the older delete ended superseded'
        meeting[0].join(timeout=120)
        assert not meeting[0].is_alive()
        # Without the reaper: nothing but what is queued drives the stack.
        assert d.settle() == 'UPDATE_COMPLETE'
        assert d.row('A') is None or d.row('A').action == 'DELETE'
        assert [o['metadata']['resource_name'] for o in d.objects()] == ['B']
        assert converge   # it was run by newer_traversal
    finally:
        d.close()
