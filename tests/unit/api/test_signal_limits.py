"""Signal data has a total bound per resource (issue 27, defect 3): 30
signals of ~1 MB to one handle used to be accepted, until the wait
condition failed writing them (MariaDB's max_allowed_packet)."""
from heat_conv.common import config
from heat_conv.db import api as db_api

from .helpers import assert_fault

HANDLE = {'heat_template_version': '2018-08-31', 'resources': {
    'handle': {'type': 'OS::Heat::WaitConditionHandle'},
    'policy': {'type': 'OS::Heat::ScalingPolicy', 'properties': {
        'adjustment_type': 'change_in_capacity', 'scaling_adjustment': 1,
        'auto_scaling_group_id': 'group'}}}}


def _signal(api, path, name, body):
    return api.post(f'{path}/resources/{name}/signal', body)


def _signal_events(stack_id, name):
    return [e for e in db_api.event_list(stack_id)
            if e.resource_action == 'SIGNAL' and e.resource_name == name]


def test_a_signal_past_the_handles_bound_is_refused_naming_it(api, make_stack):
    _, stack_id, path = make_stack(template=HANDLE)
    bound = config.CONF.max_signal_data_per_resource
    assert bound == 1048576, 'a sane default: a megabyte'
    body = {'status': 'SUCCESS', 'reason': 'r', 'data': 'x' * (300 * 1024)}
    for _ in range(3):
        assert _signal(api, path, 'handle', body).status_int == 200
    assert_fault(_signal(api, path, 'handle', body), 400, 'RequestLimitExceeded',
                 contains=f'exceeds max_signal_data_per_resource ({bound})')
    kept = db_api.signals_for(stack_id, resource_name='handle')
    assert kept == [body] * 3, 'nothing already stored is lost'
    assert len(_signal_events(stack_id, 'handle')) == 3
    # A small one still fits.
    assert _signal(api, path, 'handle', {'reason': 'small'}).status_int == 200


def test_the_bound_is_an_option(api, make_stack):
    _, stack_id, path = make_stack(template=HANDLE)
    config.CONF.set_override('max_signal_data_per_resource', 100)
    try:
        assert _signal(api, path, 'handle', {'data': 'x' * 50}).status_int == 200
        assert_fault(_signal(api, path, 'handle', {'data': 'x' * 50}), 400,
                     contains='max_signal_data_per_resource (100)')
    finally:
        config.CONF.clear_override('max_signal_data_per_resource')


def test_signal_events_keep_a_bounded_reason(api, make_stack):
    _, stack_id, path = make_stack(template=HANDLE)
    assert _signal(api, path, 'policy', 'y' * 500000).status_int == 200
    (event,) = _signal_events(stack_id, 'policy')
    assert len(event.resource_status_reason) <= 1024
    assert event.resource_status_reason.startswith('yyy')


def test_a_policys_signals_keep_no_data(api, make_stack):
    # A policy acts on each signal as it comes and never reads it again:
    # its signals are its events, whose number max_events_per_stack bounds.
    _, stack_id, path = make_stack(template=HANDLE)
    for _ in range(5):
        assert _signal(api, path, 'policy', {'data': 'z' * 300000}).status_int == 200
    assert db_api.signals_for(stack_id, resource_name='policy') == []
    assert len(_signal_events(stack_id, 'policy')) == 5
