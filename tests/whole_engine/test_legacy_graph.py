"""A traversal an earlier release started (its edges in graph_edge, none in
its sync points) still runs to its end on this one, and is re-driven by the
reaper from those edges."""
import sqlalchemy as sa

from heat_conv.db import api as db_api
from heat_conv.db import models
from heat_conv.db import session as db_session
from heat_conv.engine.recovery import resync
from tests.scenarios.library import assert_reality
from tests.scenarios.library import ref
from tests.scenarios.library import res
from tests.scenarios.library import tmpl

BEFORE = tmpl({'A': res('a', replace_value='1'), 'B': res(ref('A')), 'C': res('c'),
               'D': res('d', depends_on=['B', 'C'])})
AFTER = tmpl({'A': res('a', replace_value='2'), 'B': res(ref('A')), 'E': res('e'),
              'D': res('d', depends_on=['B', 'E'])})


def _as_an_earlier_release_stored_it(stack_id):
    """Move the current traversal's edges from its sync points to graph_edge."""
    traversal = db_api.stack_get(stack_id).current_traversal
    sp = models.SyncPoint.__table__
    with db_session.connection() as conn:
        points = conn.execute(sa.select(sp).where(sp.c.traversal_id == traversal)).all()
        edges = [{'stack_id': stack_id, 'traversal_id': traversal,
                  'required_id': p.entity_id, 'required_is_update': p.is_update,
                  'requirer_id': s[1], 'requirer_is_update': s[2], 'attrs': s[4]}
                 for p in points for s in p.successors or ()]
        conn.execute(sa.insert(models.GraphEdge.__table__), edges)
        conn.execute(sa.update(sp).where(sp.c.traversal_id == traversal)
                     .values(successors=None))
    return len(edges)


def test_an_update_started_by_an_earlier_release_finishes(driver):
    driver.create(BEFORE)
    assert driver.settle() == 'CREATE_COMPLETE'
    driver.update(AFTER)
    driver.step()                                   # the converge stores the graph
    assert _as_an_earlier_release_stored_it(driver.stack_id) > 0
    assert driver.settle() == 'UPDATE_COMPLETE'
    assert_reality(driver, {'A': {'value': 'a', 'update_replace_value': '2'},
                            'B': {}, 'E': {'value': 'e'}, 'D': {'value': 'd'}})


def test_the_reaper_re_drives_such_a_traversal_from_its_edges(driver):
    driver.create(BEFORE)
    assert driver.settle() == 'CREATE_COMPLETE'
    driver.update(AFTER)
    driver.step()
    _as_an_earlier_release_stored_it(driver.stack_id)
    lost = list(driver.queue)
    driver.queue.clear()                            # the leaves' messages are lost
    assert lost
    assert resync.resync(db_api.stack_get(driver.stack_id)) == len(lost)
    assert driver.settle() == 'UPDATE_COMPLETE'
