"""How a stack's traversal ends: its status first, then the purge of what
finished traversals leave."""
import sqlalchemy as sa

from heat_conv.db import api as db_api
from heat_conv.db import models
from tests.scenarios.library import res
from tests.scenarios.library import tmpl


def _graph_rows(stack_id):
    with db_api.transaction() as session:
        return session.execute(sa.select(sa.func.count()).select_from(models.SyncPoint)
                               .where(models.SyncPoint.stack_id == stack_id)).scalar()


def test_the_graph_is_purged_once_the_stack_completes(driver):
    driver.create(tmpl({'A': res('a'), 'B': res('b', depends_on=['A'])}))
    assert driver.settle() == 'CREATE_COMPLETE'
    assert _graph_rows(driver.stack_id) == 0


def test_a_failed_purge_leaves_the_stack_complete_and_the_next_end_purges(
        driver, monkeypatch):
    def failing(*args, **kwargs):
        raise RuntimeError('the database went away')
    monkeypatch.setattr(db_api, 'traversal_purge', failing)
    driver.create(tmpl({'A': res('a'), 'B': res('b', depends_on=['A'])}))
    assert driver.settle() == 'CREATE_COMPLETE'
    assert _graph_rows(driver.stack_id) > 0
    monkeypatch.undo()
    driver.update(tmpl({'A': res('a2'), 'B': res('b', depends_on=['A'])}))
    assert driver.settle() == 'UPDATE_COMPLETE'
    assert _graph_rows(driver.stack_id) == 0
