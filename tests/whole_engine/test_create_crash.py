"""A process that dies while creating a stack never leaves it stuck.

Before, the stack row was inserted INIT_COMPLETE and its traversal started
by a second write: an API killed between the two left a stack that no
traversal would ever move, and the client's retry got 409 for ever.
"""
import pytest
import sqlalchemy as sa

from heat_conv.common import config
from heat_conv.common import exception
from heat_conv.common import timeutils
from heat_conv.db import api as db_api
from heat_conv.db import models
from heat_conv.engine.core import stack_operations
from heat_conv.engine.recovery import reaper
from tests.scenarios.library import res
from tests.scenarios.library import tmpl

CONF = config.CONF


class Killed(BaseException):
    """The API process dies here."""


def _die_casting(monkeypatch, driver):
    """The process dies when it would cast: its writes are committed (a
    message waits for the commit of what it announces), the message is lost."""
    def dying(*args, **kwargs):
        raise Killed()
    monkeypatch.setattr(driver, 'cast', dying)


def test_api_killed_after_the_insert_leaves_a_stack_the_reaper_finishes(
        driver, monkeypatch):
    _die_casting(monkeypatch, driver)
    with pytest.raises(Killed):
        stack_operations.create_stack(driver.ctx, 'victim', tmpl({'A': res('a')}))
    monkeypatch.undo()
    driver.queue.clear()   # whatever was cast died with the process
    stack = db_api.stack_get_by_name(driver.ctx.project_id, 'victim')
    driver.stack_id = stack.id
    assert (stack.action, stack.status) == ('CREATE', 'IN_PROGRESS')
    assert stack.current_traversal is not None
    # The client retries: the stack exists (and is on its way), not a ghost.
    with pytest.raises(exception.StackExists):
        stack_operations.create_stack(driver.ctx, 'victim', tmpl({'A': res('a')}))
    driver.clock.advance(CONF.engine.stall_timeout + 1)
    reaper.run_once()
    assert driver.settle() == 'CREATE_COMPLETE'


def test_api_killed_before_the_commit_leaves_nothing_behind(driver, monkeypatch):
    real = db_api.stack_create

    def dying(*args, **kwargs):
        real(*args, **kwargs)
        raise Killed()   # inserted, not yet committed
    monkeypatch.setattr(db_api, 'stack_create', dying)
    with pytest.raises(Killed):
        stack_operations.create_stack(driver.ctx, 'victim', tmpl({'A': res('a')}))
    monkeypatch.undo()
    assert not driver.queue
    with pytest.raises(exception.StackNotFound):
        db_api.stack_get_by_name(driver.ctx.project_id, 'victim')
    with db_api.transaction() as session:
        assert not session.execute(sa.select(models.RawTemplate.id)).all()
    # The client's retry creates it.
    driver.stack_id = stack_operations.create_stack(
        driver.ctx, 'victim', tmpl({'A': res('a')})).id
    assert driver.settle() == 'CREATE_COMPLETE'


def test_a_stack_left_never_started_is_cleared_and_its_name_freed(driver):
    """Rows an older version left INIT with no traversal."""
    stack = db_api.stack_create({'name': 'ghost', 'live_name': 'ghost',
                                 'tenant': driver.ctx.project_id, 'username': 'u',
                                 'action': 'INIT', 'status': 'COMPLETE'})
    reaper.run_once()   # not yet: it may still be starting
    assert db_api.stack_get(stack.id).action == 'INIT'
    driver.clock.advance(CONF.engine.stall_timeout + 1)
    reaper.run_once()
    gone = db_api.stack_get(stack.id)
    assert (gone.action, gone.status) == ('DELETE', 'COMPLETE')
    assert gone.deleted_at is not None
    again = stack_operations.create_stack(driver.ctx, 'ghost', tmpl({'A': res('a')}))
    driver.stack_id = again.id
    assert driver.settle() == 'CREATE_COMPLETE'
    assert timeutils.utcnow() >= gone.deleted_at
