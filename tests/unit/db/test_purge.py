"""purge_deleted removes deleted stacks for good, and nothing else."""
import datetime

from heat_conv.common import timeutils
from heat_conv.db import api as db_api
from heat_conv.db import models
from tests.scenarios.library import res
from tests.scenarios.library import tmpl


def _stack(driver, name, tenant='tenant', delete=True):
    driver.ctx.project_id = tenant
    driver.create(tmpl({'A': res('a'), 'B': res('b')}), name=name)
    assert driver.settle() == 'CREATE_COMPLETE'
    driver.update(tmpl({'A': res('a2'), 'B': res('b')}))
    assert driver.settle() == 'UPDATE_COMPLETE'
    if delete:
        driver.delete()
        assert driver.settle() == 'DELETE_COMPLETE'
    return driver.stack()


def _count(model, **where):
    with db_api.transaction() as session:
        query = session.query(model)
        for key, value in where.items():
            query = query.filter(getattr(model, key) == value)
        return query.count()


def _templates():
    return _count(models.RawTemplate)


def test_purges_old_deleted_stacks_with_what_they_owned(driver):
    old = _stack(driver, 'old')
    driver.clock.advance(3600)
    recent = _stack(driver, 'recent')
    live = _stack(driver, 'live', delete=False)
    before = _templates()
    assert _count(models.Event, stack_id=old.id) > 0

    purged = db_api.stacks_purge_deleted(timeutils.utcnow() - datetime.timedelta(minutes=30))
    assert purged == 1
    listed = {s.id for s in db_api.stack_list(show_deleted=True)}
    assert old.id not in listed and {recent.id, live.id} <= listed
    for model in (models.Event, models.Resource, models.SyncPoint, models.GraphEdge):
        assert _count(model, stack_id=old.id) == 0
    assert _count(models.Event, stack_id=recent.id) > 0
    assert _templates() == before - 2   # the create's and the update's
    assert db_api.stack_get(live.id).raw_template_id is not None

    driver.clock.advance(1)
    assert db_api.stacks_purge_deleted(timeutils.utcnow()) == 1
    assert {s.id for s in db_api.stack_list(show_deleted=True)} == {live.id}
    assert db_api.stack_get(live.id).status == 'COMPLETE'


def test_only_the_projects_stacks_and_in_batches(driver):
    mine = [_stack(driver, f'mine{i}', tenant='p1') for i in range(3)]
    theirs = _stack(driver, 'theirs', tenant='p2')
    driver.clock.advance(1)
    assert db_api.stacks_purge_deleted(timeutils.utcnow(), tenant='p1', batch_size=2) == 3
    remaining = {s.id for s in db_api.stack_list(show_deleted=True)}
    assert remaining == {theirs.id}
    assert not {s.id for s in mine} & remaining


def test_nested_stacks_go_with_their_parent(driver):
    parent = _stack(driver, 'parent')
    now = timeutils.utcnow()
    child = db_api.stack_create({'name': 'child', 'tenant': 'tenant', 'action': 'DELETE',
                                 'status': 'COMPLETE', 'owner_id': parent.id,
                                 'deleted_at': now, 'nested_depth': 1})
    grandchild = db_api.stack_create({'name': 'gc', 'tenant': 'tenant', 'action': 'DELETE',
                                      'status': 'COMPLETE', 'owner_id': child.id,
                                      'deleted_at': now, 'nested_depth': 2})
    assert db_api.stacks_purge_deleted(now + datetime.timedelta(seconds=1)) == 3
    ids = {s.id for s in db_api.stack_list(show_deleted=True, show_nested=True)}
    assert not ids & {parent.id, child.id, grandchild.id}


def test_a_live_nested_stack_keeps_its_deleted_parent(driver):
    parent = _stack(driver, 'parent')
    child = db_api.stack_create({'name': 'child', 'tenant': 'tenant', 'action': 'CREATE',
                                 'status': 'COMPLETE', 'owner_id': parent.id,
                                 'nested_depth': 1})
    driver.clock.advance(1)
    assert db_api.stacks_purge_deleted(timeutils.utcnow()) == 0
    assert db_api.stack_get(parent.id) and db_api.stack_get(child.id)


def test_a_deleted_nested_stack_of_a_live_parent_goes_by_itself(driver):
    parent = _stack(driver, 'parent', delete=False)
    child = db_api.stack_create({'name': 'child', 'tenant': 'tenant', 'action': 'DELETE',
                                 'status': 'COMPLETE', 'owner_id': parent.id,
                                 'deleted_at': timeutils.utcnow(), 'nested_depth': 1})
    assert db_api.stacks_purge_deleted(timeutils.utcnow()
                                       + datetime.timedelta(seconds=1)) == 1
    ids = {s.id for s in db_api.stack_list(show_deleted=True, show_nested=True)}
    assert parent.id in ids and child.id not in ids
