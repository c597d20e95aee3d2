"""Heat's orchestration notifications, as a consumer on the bus sees them:
one per stack state change, in order, with Heat's payload fields."""
import re

import pytest

from heat_conv.common import notifier
from heat_conv.engine.core import stack_notifications
from tests import notifications
from tests.scenarios import scaling
from tests.scenarios.library import res
from tests.scenarios.library import tmpl

# Heat's format_notification_body.
HEAT_FIELDS = {'tenant_id', 'user_id', 'user_identity', 'username', 'stack_identity',
               'stack_name', 'state', 'state_reason', 'create_at', 'updated_at',
               'description', 'tags'}
ISO = re.compile(r'\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ')


@pytest.fixture
def captured():
    c = notifications.Captured()
    yield c
    c.close()


def _described(resources, description):
    return dict(tmpl(resources), description=description)


def test_create_update_delete_each_start_and_end(driver, captured):
    driver.create(_described({'A': res('a', wait=5)}, 'billing test'), name='billed')
    assert driver.settle() == 'CREATE_COMPLETE'
    driver.update(_described({'A': res('a', wait=5), 'B': res('b')}, 'second version'))
    assert driver.settle() == 'UPDATE_COMPLETE'
    driver.delete()
    assert driver.settle() == 'DELETE_COMPLETE'

    assert captured.event_types() == [
        'orchestration.stack.create.start', 'orchestration.stack.create.end',
        'orchestration.stack.update.start', 'orchestration.stack.update.end',
        'orchestration.stack.delete.start', 'orchestration.stack.delete.end']
    sent = captured.sent
    assert {priority for _, priority, _, _ in sent} == {'INFO'}
    assert {publisher for _, _, _, publisher in sent} == {notifications.PUBLISHER}
    for _, _, payload, _ in sent:
        assert set(payload) == HEAT_FIELDS
        assert payload['stack_identity'] == driver.stack_id
        assert payload['stack_name'] == 'billed'
        assert payload['tenant_id'] == driver.ctx.project_id
        assert payload['user_identity'] == driver.ctx.user_id
        assert ISO.fullmatch(payload['create_at'])
    states = [(p['state'], p['state_reason'], p['description']) for _, _, p, _ in sent]
    assert states == [
        ('CREATE_IN_PROGRESS', 'Stack CREATE started', 'billing test'),
        ('CREATE_COMPLETE', 'Stack CREATE completed successfully', 'billing test'),
        ('UPDATE_IN_PROGRESS', 'Stack UPDATE started', 'second version'),
        ('UPDATE_COMPLETE', 'Stack UPDATE completed successfully', 'second version'),
        ('DELETE_IN_PROGRESS', 'Stack DELETE started', 'second version'),
        ('DELETE_COMPLETE', 'Stack DELETE completed successfully', 'second version')]


def test_a_failure_is_an_error_at_error_then_the_rollback(driver, captured):
    driver.create(tmpl({'A': res('a'), 'B': res('b', fail=True)}), name='doomed',
                  disable_rollback=False)
    assert driver.settle() == 'ROLLBACK_COMPLETE'

    assert [(event_type, priority) for event_type, priority, _, _ in captured.sent] == [
        ('orchestration.stack.create.start', 'INFO'),
        ('orchestration.stack.create.error', 'ERROR'),
        ('orchestration.stack.rollback.start', 'INFO'),
        ('orchestration.stack.rollback.end', 'INFO')]
    error = captured.sent[1][2]
    assert error['state'] == 'CREATE_FAILED'
    assert 'B' in error['state_reason']


def test_suspend_resume_and_check_are_notified_too(driver, captured):
    driver.create(tmpl({'A': res('a')}), name='lifecycle')
    assert driver.settle() == 'CREATE_COMPLETE'
    for operation, settled in [(driver.suspend, 'SUSPEND_COMPLETE'),
                               (driver.resume, 'RESUME_COMPLETE'),
                               (driver.check, 'CHECK_COMPLETE')]:
        operation()
        assert driver.settle() == settled

    assert captured.event_types()[2:] == [
        'orchestration.stack.suspend.start', 'orchestration.stack.suspend.end',
        'orchestration.stack.resume.start', 'orchestration.stack.resume.end',
        'orchestration.stack.check.start', 'orchestration.stack.check.end']


def test_nothing_is_built_or_read_with_notifications_off(driver, monkeypatch):
    # The default noop driver: no payload is built, no description read.
    previous = notifier.set_notifier(None)
    built = []
    monkeypatch.setattr(stack_notifications, 'payload',
                        lambda *args: built.append(args) or {})
    monkeypatch.setattr(stack_notifications, '_description',
                        lambda *args: built.append(args))
    try:
        driver.create(tmpl({'A': res('a')}), name='silent')
        assert driver.settle() == 'CREATE_COMPLETE'
    finally:
        notifier.set_notifier(previous)
    assert built == []


def test_a_scaling_group_resize_starts_and_ends(driver, captured):
    driver.create(scaling.asg_template(cooldown=0, desired=2), name='scaled')
    assert driver.settle() == 'CREATE_COMPLETE'
    before = len(captured.sent)
    assert scaling.signal_and_wait(driver, 'up')[0] == 'COMPLETE'

    resize = [(event_type, payload) for event_type, _, payload, _ in captured.sent[before:]
              if event_type.startswith('orchestration.autoscaling.')]
    assert [event_type for event_type, _ in resize] == [
        'orchestration.autoscaling.start', 'orchestration.autoscaling.end']
    (_, start), (_, end) = resize
    group_id = driver.resources()['group'].physical_resource_id
    assert start['groupname'] == end['groupname'] == group_id
    assert (start['adjustment_type'], start['adjustment']) == ('change_in_capacity', 2)
    assert (end['adjustment_type'], end['adjustment']) == ('change_in_capacity', 2)
    assert (start['capacity'], end['capacity']) == (2, 4)
    assert start['message'] == 'Start resizing the group group'
    assert end['message'] == 'End resizing the group group'
    assert start['stack_identity'] == driver.stack_id
    assert HEAT_FIELDS < set(start)
