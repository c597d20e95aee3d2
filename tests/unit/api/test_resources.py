"""Resources: which row shows, list filters, show, metadata, mark unhealthy."""
import pytest

from heat_conv.common import events
from heat_conv.common import timeutils
from heat_conv.db import api as db_api

from . import helpers
from .helpers import assert_fault


def _list(api, path, query=''):
    resp = api.get(f'{path}/resources{query}')
    assert resp.status_int == 200, resp.body
    return {r['resource_name']: r for r in resp.json['resources']}


def test_list_shows_heat_shaped_resources(api, stack):
    name, stack_id, path = stack
    helpers.build(stack_id)
    resources = _list(api, path)
    assert set(resources) == {'first', 'second'}
    first = resources['first']
    assert first['logical_resource_id'] == 'first'
    assert first['physical_resource_id'] == 'phys-first'
    assert first['resource_type'] == 'OS::Heat::TestResource'
    assert first['resource_status'] == 'CREATE_COMPLETE'
    assert first['resource_status_reason'] == 'state changed'
    assert first['required_by'] == ['second']
    assert resources['second']['required_by'] == []
    base = f'http://localhost/v1/t1{path}'
    assert first['links'] == [{'href': f'{base}/resources/first', 'rel': 'self'},
                              {'href': base, 'rel': 'stack'}]
    assert 'attributes' not in first


def test_list_with_detail_has_attributes(api, stack):
    helpers.build(stack[1], value='v')
    resources = _list(api, stack[2], '?with_detail=True&nested_depth=2')
    assert resources['first']['attributes'] == {'output': 'v'}


def test_list_filters(api, stack):
    _, stack_id, path = stack
    helpers.build(stack_id)
    helpers.add_row(stack_id, 'third', type='OS::Heat::None', action='UPDATE',
                    status='FAILED')
    assert set(_list(api, path, '?name=first&name=third')) == {'first', 'third'}
    assert set(_list(api, path, '?status=FAILED')) == {'third'}
    assert set(_list(api, path, '?status=CREATE_COMPLETE')) == {'first', 'second'}
    assert set(_list(api, path, '?type=OS::Heat::None')) == {'third'}
    assert set(_list(api, path, '?action=UPDATE')) == {'third'}
    assert set(_list(api, path, '?physical_resource_id=phys-second')) == {'second'}


def test_the_newest_built_row_of_a_name_is_shown(api, stack):
    _, stack_id, path = stack
    old, _ = helpers.build(stack_id)
    # A replacement is being built while the old row still exists...
    helpers.add_row(stack_id, 'first', action='CREATE', status='IN_PROGRESS',
                    physical_id='phys-new', replaces=old.id)
    assert _list(api, path)['first']['physical_resource_id'] == 'phys-new'
    # ...and a placeholder not yet started does not hide what exists.
    helpers.add_row(stack_id, 'first', action='INIT', status='COMPLETE')
    assert _list(api, path)['first']['resource_status'] == 'CREATE_IN_PROGRESS'


def test_placeholder_alone_shows_as_init_complete(api, stack):
    helpers.add_row(stack[1], 'first', action='INIT', status='COMPLETE')
    assert _list(api, stack[2])['first']['resource_status'] == 'INIT_COMPLETE'


def test_deleted_rows_are_not_shown(api, stack):
    helpers.add_row(stack[1], 'first', action='DELETE', status='COMPLETE')
    helpers.add_row(stack[1], 'second', action='DELETE', status='IN_PROGRESS')
    assert set(_list(api, stack[2])) == {'second'}


def test_show(api, stack):
    _, stack_id, path = stack
    helpers.build(stack_id, value='v')
    resp = api.get(f'{path}/resources/first?with_attr=extra&with_attr=output')
    resource = resp.json['resource']
    assert resource['attributes'] == {'output': 'v', 'extra': None}
    assert resource['required_by'] == ['second']
    assert resource['resource_status'] == 'CREATE_COMPLETE'


def test_show_unknown_resource_or_stack_is_404(api, stack):
    helpers.build(stack[1])
    assert_fault(api.get(f'{stack[2]}/resources/nope'), 404, 'ResourceNotFound')
    assert_fault(api.as_tenant('t2').get(f'{stack[2]}/resources/first'), 404,
                 'StackNotFound')
    assert_fault(api.get(f'/stacks/x/{stack[1]}/resources'), 404)


def test_metadata(api, stack):
    helpers.add_row(stack[1], 'first', rsrc_metadata={'k': 'v'})
    assert api.get(f'{stack[2]}/resources/first/metadata').json == {'metadata': {'k': 'v'}}


WAIT = {'heat_template_version': '2018-08-31', 'resources': {
    'handle': {'type': 'OS::Heat::WaitConditionHandle'},
    'wc': {'type': 'OS::Heat::WaitCondition',
           'properties': {'handle': {'get_resource': 'handle'}, 'timeout': 60}},
    'other': {'type': 'OS::Heat::TestResource'}}}


def _signal(api, path, name, body=None):
    return api.post(f'{path}/resources/{name}/signal', body)


def test_signal_to_a_type_that_takes_none_names_resource_and_type(api, stack):
    helpers.build(stack[1])
    assert_fault(_signal(api, stack[2], 'first', {}), 400,
                 contains='Resource first of type OS::Heat::TestResource does not '
                          'accept signals')
    assert_fault(_signal(api, stack[2], 'nope', {}), 404, 'ResourceNotFound')


def test_signal_is_kept_with_its_event_and_wakes_waiting_rows(api, make_stack, casts):
    _, stack_id, path = make_stack(template=WAIT)
    # Before any row exists: kept, by the template's declared type.
    assert _signal(api, path, 'handle', {'data': 'x'}).status_int == 200
    assert db_api.signals_for(stack_id, resource_name='handle') == [{'data': 'x'}]
    waiting = helpers.add_row(stack_id, 'wc', type='OS::Heat::WaitCondition',
                              status='IN_PROGRESS', action_started_at=timeutils.utcnow())
    helpers.add_row(stack_id, 'other', status='IN_PROGRESS', action_started_at=timeutils.utcnow())
    casts.casts.clear()
    assert _signal(api, path, 'handle', {'status': 'FAILURE', 'reason': 'r'}
                   ).status_int == 200
    assert casts.casts == [('signal_arrived', {'resource_id': waiting.id,
                                               'atomic_key': 0, 'timed_out': False})]
    helpers.add_row(stack_id, 'handle', type='OS::Heat::WaitConditionHandle')
    assert api.get(f'{path}/resources/handle/metadata').json == {'metadata': {
        '1': {'status': 'SUCCESS', 'reason': 'Signal 1 received', 'data': 'x'},
        '2': {'status': 'FAILURE', 'reason': 'r', 'data': None}}}
    signals = [e for e in db_api.event_list(stack_id) if e.resource_action == 'SIGNAL']
    assert [e.resource_status_reason for e in signals] == [
        'Signal: status:SUCCESS reason:Signal 1 received',
        'Signal: status:FAILURE reason:r']


def test_malformed_wait_condition_signal_is_a_400(api, make_stack):
    _, stack_id, path = make_stack(template=WAIT)
    assert_fault(_signal(api, path, 'handle', {'status': 'DONE'}), 400,
                 contains='status must be SUCCESS or FAILURE')
    assert_fault(_signal(api, path, 'handle', {'colour': 'red'}), 400,
                 contains="unknown key 'colour'")
    assert_fault(_signal(api, path, 'handle', ['a']), 400, contains='JSON object')
    assert db_api.signals_for(stack_id, resource_name='handle') == []


def test_clearing_a_hook_needs_the_resource_paused_on_it(api, stack, casts):
    first, _ = helpers.build(stack[1])
    assert_fault(_signal(api, stack[2], 'first', {'unset_hook': 'pre-create'}), 400,
                 contains='The "pre-create" hook is not defined on first')
    assert_fault(_signal(api, stack[2], 'first', {'unset_hook': 'pre-lunch'}), 400,
                 contains='Invalid hook type "pre-lunch"')
    db_api.resource_cas(first.id, first.atomic_key, {'paused_on': 'pre-update'})
    casts.casts.clear()
    assert _signal(api, stack[2], 'first', {'unset_hook': 'pre-update'}).status_int == 200
    assert casts.casts == [('hook_cleared', {'resource_id': first.id, 'atomic_key': 1,
                                             'hook': 'pre-update'})]


# --- mark unhealthy --------------------------------------------------------


def _mark(api, stack, name='first', **body):
    return api.patch(f'{stack[2]}/resources/{name}', body)


def test_mark_unhealthy_sets_check_failed_with_an_event(api, stack):
    first, _ = helpers.build(stack[1])
    resp = _mark(api, stack, mark_unhealthy=True, resource_status_reason='broken disk')
    assert resp.status_int == 200
    row = db_api.resource_get(first.id)
    assert (row.action, row.status, row.status_reason) == ('CHECK', 'FAILED', 'broken disk')
    assert row.atomic_key == first.atomic_key + 1
    events = api.get(f'{stack[2]}/resources/first/events').json['events']
    assert events[-1]['resource_status'] == 'CHECK_FAILED'
    assert events[-1]['resource_status_reason'] == 'broken disk'


def test_mark_healthy_again(api, stack):
    first, _ = helpers.build(stack[1])
    _mark(api, stack, mark_unhealthy=True, resource_status_reason='')
    assert db_api.resource_get(first.id).status_reason == 'Marked unhealthy by the user'
    assert _mark(api, stack, mark_unhealthy=False).status_int == 200
    assert db_api.resource_get(first.id).status == 'COMPLETE'
    # Marking a healthy resource healthy changes nothing.
    assert _mark(api, stack, 'second', mark_unhealthy=False).status_int == 200
    assert db_api.resource_get(first.id).action == 'CHECK'


@pytest.mark.parametrize('body, contains', [
    ({}, 'mark_unhealthy'),
    ({'mark_unhealthy': 'yes'}, 'mark_unhealthy'),
    ({'mark_unhealthy': True, 'resource_status_reason': 5}, 'resource_status_reason'),
    ({'mark_unhealthy': True, 'colour': 'red'}, 'colour'),
])
def test_mark_unhealthy_rejects_bad_bodies(api, stack, body, contains):
    helpers.build(stack[1])
    assert_fault(_mark(api, stack, **body), 400, contains=contains)


def test_mark_unhealthy_of_a_busy_resource_is_409(api, stack):
    helpers.add_row(stack[1], 'first', status='IN_PROGRESS', engine_id='engine-1')
    assert_fault(_mark(api, stack, mark_unhealthy=True), 409)


def test_mark_unhealthy_of_unknown_resource_is_404(api, stack):
    assert_fault(_mark(api, stack, 'nope', mark_unhealthy=True), 404, 'ResourceNotFound')
    assert_fault(api.as_tenant('t2').patch(f'{stack[2]}/resources/first',
                                           {'mark_unhealthy': True}), 404)


def test_mark_unhealthy_loses_to_a_concurrent_engine_write(api, stack, monkeypatch):
    helpers.build(stack[1])
    monkeypatch.setattr(db_api, 'resource_set_check_status', lambda *a: False)
    assert_fault(_mark(api, stack, mark_unhealthy=True), 409, contains='try again')


def test_drift_shows_in_list_and_show(api, stack):
    name, stack_id, path = stack
    helpers.build(stack_id)
    rows = {r.name: r for r in db_api.resources_of_stack(stack_id)}
    detail = {'value': {'expected': 'a', 'actual': 'tampered'}}
    first = rows['first']
    event = events.for_resource(first, 'DRIFT', 'MODIFIED', 'tampered with')
    assert db_api.resources_record_drift([(first, 'MODIFIED', detail, event)]) == 1
    resources = _list(api, path)
    assert resources['first']['drift_status'] == 'MODIFIED'
    assert resources['first']['drift_detail'] == detail
    assert resources['second']['drift_status'] == 'NOT_CHECKED'
    shown = api.get(f'{path}/resources/first').json['resource']
    assert shown['drift_status'] == 'MODIFIED'
    assert shown['drift_detail'] == detail


def test_a_drift_pass_leaves_updated_time_alone(api, stack, fake_clock):
    # updated_time is the time of the resource's last update, as in Heat,
    # not of the observer's last look (issue 26 item 12).
    name, stack_id, path = stack
    helpers.build(stack_id)

    def updated_times():
        return {n: api.get(f'{path}/resources/{n}').json['resource']['updated_time']
                for n in ('first', 'second')}
    before = updated_times()
    rows = {r.name: r for r in db_api.resources_of_stack(stack_id)}
    fake_clock.advance(3600)
    event = events.for_resource(rows['first'], 'DRIFT', 'MODIFIED', 'tampered with')
    assert db_api.resources_record_drift([(rows['first'], 'MODIFIED', {}, event)]) == 1
    assert updated_times() == before
    assert api.get(f'{path}/resources/first').json['resource']['drift_status'] == 'MODIFIED'
