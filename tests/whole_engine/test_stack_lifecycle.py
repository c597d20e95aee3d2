"""What users see of a stack's life: events, purge, PATCH updates, errors."""
import pytest
import sqlalchemy as sa

from heat_conv.common import exception
from heat_conv.db import models
from heat_conv.db import session as db_session
from tests.scenarios.library import assert_reality
from tests.scenarios.library import attr
from tests.scenarios.library import res
from tests.scenarios.library import tmpl


def _count(model, stack_id):
    with db_session.transaction() as session:
        return session.scalar(sa.select(sa.func.count()).select_from(model)
                              .where(model.stack_id == stack_id))


def test_every_status_change_writes_an_event(driver):
    driver.create(tmpl({'A': res('a'), 'B': res(attr('A'))}))
    driver.settle()
    seen = [(e.resource_name, e.resource_action, e.resource_status)
            for e in driver.events()]
    name = driver.stack().name
    assert seen[0] == (name, 'CREATE', 'IN_PROGRESS')
    assert seen[-1] == (name, 'CREATE', 'COMPLETE')
    for resource in ('A', 'B'):
        mine = [s for s in seen if s[0] == resource]
        assert mine == [(resource, 'CREATE', 'IN_PROGRESS'),
                        (resource, 'CREATE', 'COMPLETE')]
    # B cannot start before A is done.
    assert seen.index(('A', 'CREATE', 'COMPLETE')) < seen.index(
        ('B', 'CREATE', 'IN_PROGRESS'))


def test_finished_traversal_leaves_no_graph_behind(driver):
    driver.create(tmpl({'A': res('a', replace_value='1'), 'B': res(attr('A'))}))
    driver.settle()
    driver.update(tmpl({'A': res('a', replace_value='2'), 'B': res(attr('A'))}))
    assert driver.settle() == 'UPDATE_COMPLETE'
    stack_id = driver.stack_id
    assert _count(models.GraphEdge, stack_id) == 0
    assert _count(models.SyncPoint, stack_id) == 0
    assert _count(models.SyncInput, stack_id) == 0
    # The replaced A's row is gone; one row per live resource remains.
    assert _count(models.Resource, stack_id) == 2


def test_deleted_stack_stays_visible_as_deleted(driver):
    driver.create(tmpl({'A': res('a')}))
    driver.settle()
    driver.delete()
    assert driver.settle() == 'DELETE_COMPLETE'
    assert driver.stack().deleted_at is not None
    assert _count(models.Resource, driver.stack_id) == 0


def test_patch_update_reuses_stored_template_and_parameters(driver):
    template = {'heat_template_version': '2018-08-31',
                'parameters': {'v': {'type': 'string'}, 'w': {'type': 'string'}},
                'resources': {'A': res({'get_param': 'v'}),
                              'B': res({'get_param': 'w'})}}
    driver.create(template, params={'v': 'one', 'w': 'two'})
    driver.settle()
    driver.update(params={'v': 'uno'}, existing=True)
    assert driver.settle() == 'UPDATE_COMPLETE'
    assert_reality(driver, {'A': {'value': 'uno'}, 'B': {'value': 'two'}})


def test_invalid_update_is_refused_with_the_path(driver):
    driver.create(tmpl({'A': res('a')}))
    driver.settle()
    with pytest.raises(exception.InvalidTemplate, match=r'resources\.A\.properties'):
        driver.update(tmpl({'A': {'type': 'OS::Heat::TestResource',
                                  'properties': {'nonsense': 1}}}))
    with pytest.raises(exception.UnknownResourceType, match=r'resources\.A\.type'):
        driver.update(tmpl({'A': {'type': 'OS::Nope'}}))
    assert driver.stack_status() == 'CREATE_COMPLETE'


def test_failing_property_at_run_time_fails_the_resource_with_its_path(driver):
    driver.create(tmpl({'A': res('a'), 'B': {
        'type': 'OS::Heat::TestResource',
        'properties': {'wait_secs': {'get_attr': ['A', 'output']}}}}))
    assert driver.settle() == 'CREATE_FAILED'
    row = driver.resources()['B']
    assert row.status == 'FAILED'
    assert 'resources.B.properties.wait_secs' in row.status_reason
    assert 'resources.B.properties.wait_secs' in driver.stack().status_reason


def test_create_with_duplicate_name_is_refused(driver):
    driver.create(tmpl({'A': res('a')}), name='same')
    with pytest.raises(exception.StackExists):
        driver.create(tmpl({'A': res('a')}), name='same')


def test_update_that_loses_the_race_supersedes_the_winner(driver, monkeypatch):
    from heat_conv.engine.core import stack_operations
    from heat_conv.engine.core import stack_state
    driver.create(tmpl({'A': res('a')}))
    driver.settle()
    real_begin = stack_state.begin
    raced = []

    def begin_after_a_rival(stack, action, template_id, **kwargs):
        if not raced:
            raced.append(True)
            # Another API process updates the stack between our read and write.
            stack_operations.update_stack(driver.ctx, driver.stack_id, tmpl({'A': res('rival')}))
        return real_begin(stack, action, template_id, **kwargs)

    monkeypatch.setattr(stack_state, 'begin', begin_after_a_rival)
    driver.update(tmpl({'A': res('mine')}))
    monkeypatch.undo()
    assert driver.settle() == 'UPDATE_COMPLETE'
    assert_reality(driver, {'A': {'value': 'mine'}})


def test_patch_merges_environment_sections_files_and_parameters():
    from types import SimpleNamespace

    from heat_conv.engine.core import stack_operations
    old = SimpleNamespace(
        template={'heat_template_version': '2018-08-31'},
        files={'a.yaml': 'a'},
        environment={'parameter_defaults': {'x': 1}, 'resource_registry': {'A': 'B'}},
        parameters={'p': 'old', 'q': 'kept', 'gone': 'soon'})
    template, files, environment, params = stack_operations.patch_inputs(
        old, None, {'b.yaml': 'b'}, {'parameter_defaults': {'y': 2}},
        {'p': 'new'}, clear_parameters=['gone'])
    assert template == old.template
    assert files == {'a.yaml': 'a', 'b.yaml': 'b'}
    assert environment == {'parameter_defaults': {'x': 1, 'y': 2},
                           'resource_registry': {'A': 'B'}}
    assert params == {'p': 'new', 'q': 'kept'}


def test_concurrent_creates_of_one_name_leave_one_stack(driver, monkeypatch):
    from heat_conv.db import api as db_api
    from heat_conv.engine.core import stack_operations
    # Both creates pass the "name free?" read before either writes.
    monkeypatch.setattr(db_api, 'stack_get_by_name',
                        lambda *a, **k: (_ for _ in ()).throw(
                            exception.StackNotFound('x')))
    driver.create(tmpl({'A': res('a')}), name='twin')
    with pytest.raises(exception.StackExists):
        stack_operations.create_stack(driver.ctx, 'twin', tmpl({'A': res('a')}))


def test_a_deleted_stacks_name_can_be_used_again(driver):
    driver.create(tmpl({'A': res('a')}), name='again')
    driver.delete()
    assert driver.settle() == 'DELETE_COMPLETE'
    driver.create(tmpl({'A': res('b')}), name='again')
    assert driver.settle() == 'CREATE_COMPLETE'


def test_update_of_an_object_deleted_out_of_band_replaces_it(driver):
    driver.create(tmpl({'A': res('a'), 'B': res(attr('A'))}))
    driver.settle()
    old = driver.resources()['A']
    driver.cloud.delete(old.physical_resource_id)
    mark = len(driver.events())
    driver.update(tmpl({'A': res('a2'), 'B': res(attr('A'))}))
    assert driver.settle() == 'UPDATE_COMPLETE'
    assert_reality(driver, {'A': {'value': 'a2'}, 'B': {'value': 'a2'}})
    assert driver.resources()['A'].physical_resource_id != old.physical_resource_id
    a_events = [(e.resource_action, e.resource_status) for e in driver.events()[mark:]
                if e.resource_name == 'A']
    # The update found nothing to update: a new A was built, the old row deleted.
    assert a_events == [('CREATE', 'IN_PROGRESS'), ('CREATE', 'COMPLETE'),
                        ('DELETE', 'IN_PROGRESS'), ('DELETE', 'COMPLETE')]
