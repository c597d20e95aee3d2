"""Events of a stack and of a resource: filters, paging, show."""
import pytest

from . import helpers
from .helpers import assert_fault


@pytest.fixture
def history(stack):
    """The stack's own CREATE_IN_PROGRESS event, then these."""
    _, stack_id, _ = stack
    helpers.add_event(stack_id, 'first', 'CREATE', 'IN_PROGRESS')
    helpers.add_event(stack_id, 'first', 'CREATE', 'COMPLETE', physical_id='p1')
    helpers.add_event(stack_id, 'second', 'CREATE', 'IN_PROGRESS')
    helpers.add_event(stack_id, 'second', 'CREATE', 'FAILED', reason='boom')
    helpers.add_event(stack_id, 'mystack', 'CREATE', 'FAILED', reason='boom',
                      resource_type='OS::Heat::Stack', physical_id=stack_id)
    return stack


def _events(api, path):
    resp = api.get(path)
    assert resp.status_int == 200, resp.body
    return resp.json['events']


def _summary(events):
    return [(e['resource_name'], e['resource_status']) for e in events]


def test_list_in_order_with_heat_shape(api, history):
    name, stack_id, path = history
    events = _events(api, f'{path}/events')
    assert _summary(events) == [
        ('mystack', 'CREATE_IN_PROGRESS'), ('first', 'CREATE_IN_PROGRESS'),
        ('first', 'CREATE_COMPLETE'), ('second', 'CREATE_IN_PROGRESS'),
        ('second', 'CREATE_FAILED'), ('mystack', 'CREATE_FAILED')]
    event = events[2]
    assert set(event) == {'id', 'event_time', 'resource_name', 'logical_resource_id',
                          'physical_resource_id', 'resource_status',
                          'resource_status_reason', 'links'}
    assert event['physical_resource_id'] == 'p1'
    base = f'http://localhost/v1/t1{path}'
    assert [link['rel'] for link in event['links']] == ['self', 'resource', 'stack']
    assert event['links'][0]['href'] == f'{base}/resources/first/events/{event["id"]}'
    assert event['links'][2]['href'] == base
    # The stack's own events name the stack as their physical resource (the
    # CLI's --wait relies on it).
    assert events[-1]['physical_resource_id'] == stack_id


def test_filters(api, history):
    path = history[2] + '/events'
    assert _summary(_events(api, path + '?resource_status=FAILED')) == [
        ('second', 'CREATE_FAILED'), ('mystack', 'CREATE_FAILED')]
    assert _summary(_events(api, path + '?resource_status=CREATE_COMPLETE')) == [
        ('first', 'CREATE_COMPLETE')]
    assert _summary(_events(api, path + '?resource_name=second&resource_status=FAILED')) \
        == [('second', 'CREATE_FAILED')]
    assert len(_events(api, path + '?resource_type=OS::Heat::Stack')) == 2
    assert len(_events(api, path + '?resource_action=CREATE')) == 6
    assert _events(api, path + '?resource_action=DELETE') == []


def test_sort_and_paging(api, history):
    path = history[2] + '/events'
    newest = _events(api, path + '?sort_dir=desc&limit=2')
    assert _summary(newest) == [('mystack', 'CREATE_FAILED'), ('second', 'CREATE_FAILED')]
    after = _events(api, f'{path}?sort_dir=desc&marker={newest[-1]["id"]}&limit=1')
    assert _summary(after) == [('second', 'CREATE_IN_PROGRESS')]
    assert _summary(_events(api, f'{path}?marker={newest[-1]["id"]}')) == [
        ('mystack', 'CREATE_FAILED')]
    assert len(_events(api, path + '?sort_keys=event_time&limit=3')) == 3


def test_bad_paging_parameters(api, history):
    path = history[2] + '/events'
    assert_fault(api.get(path + '?marker=nope'), 404, 'EventNotFound')
    assert_fault(api.get(path + '?sort_keys=resource_colour'), 400, contains='sort key')
    assert_fault(api.get(path + '?limit=x'), 400)


def test_resource_events(api, history):
    path = history[2]
    assert _summary(_events(api, f'{path}/resources/first/events')) == [
        ('first', 'CREATE_IN_PROGRESS'), ('first', 'CREATE_COMPLETE')]
    assert_fault(api.get(f'{path}/resources/nope/events'), 404, 'ResourceNotFound')


def test_resource_without_events_yet_has_an_empty_list(api, stack):
    helpers.add_row(stack[1], 'first', action='INIT')
    assert _events(api, f'{stack[2]}/resources/first/events') == []


def test_show(api, history):
    path = history[2]
    event = _events(api, f'{path}/events')[4]
    resp = api.get(f'{path}/resources/second/events/{event["id"]}')
    shown = resp.json['event']
    assert shown['id'] == event['id']
    assert shown['resource_status_reason'] == 'boom'
    assert shown['resource_type'] == 'OS::Heat::TestResource'
    assert api.get(f'{path}/events/{event["id"]}').json['event'] == shown


def test_show_wrong_resource_or_event_is_404(api, history):
    path = history[2]
    event = _events(api, f'{path}/events')[4]
    assert_fault(api.get(f'{path}/resources/first/events/{event["id"]}'), 404,
                 'EventNotFound')
    assert_fault(api.get(f'{path}/events/nope'), 404, 'EventNotFound')


def test_events_of_another_tenant_are_404(api, history):
    assert_fault(api.as_tenant('t2').get(f'{history[2]}/events'), 404, 'StackNotFound')
