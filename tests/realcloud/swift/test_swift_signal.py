"""OS::Heat::SwiftSignalHandle and SwiftSignal against the rig's Swift:
the handle's temp URL takes PUTs from anyone (no token), each PUT is one
signal (Swift keeps every version), and the signal ends at its count, at
the first FAILURE, or at its timeout with Heat's messages. Deleting the
handle leaves nothing of the stack in Swift."""
import json

import requests

from heat_conv.clients import swift_api
from heat_conv.plugin_interface import base
from heat_conv.resources.openstack.swift import swift_signal


def _handle(harness):
    handle = harness.plugin(swift_signal.SwiftSignalHandle, 'handle', {})
    assert handle.create() == base.Done(handle.physical_id)
    return handle


def _signal(harness, url, count=1, timeout=60):
    signal = harness.plugin(swift_signal.SwiftSignal, 'signal', {
        'handle': url, 'count': count, 'timeout': timeout})
    started = signal.create()
    assert isinstance(started, base.Pending), started
    assert started.timeout == timeout
    signal.physical_id = started.physical_id   # as the engine records it
    return signal, started


def _put(url, body):
    """A signal from outside: a plain HTTP PUT, no credentials."""
    resp = requests.put(url, data=body, timeout=30)
    assert resp.status_code == 201, resp.text


def test_signals_put_to_the_temp_url_end_the_wait_with_their_data(
        swift_harness, swift):
    handle = _handle(swift_harness)
    url = handle.refid()
    attrs = handle.attributes()
    assert attrs == {'token': '', 'endpoint': url, 'curl_cli': f"curl -i -X PUT '{url}'"}
    assert url.startswith(swift_api.account_url(swift) + f'/{swift_harness.stack_id}/')
    assert 'temp_url_sig=' in url
    assert handle.check() == base.Done(handle.physical_id)   # a stack check passes it

    signal, started = _signal(swift_harness, url, count=2)
    # Nothing signalled yet (the handle's own "in progress" is no signal).
    seen = swift_signal.SwiftSignal.observe_many(swift, [started.physical_id])
    assert signal.progress('CREATE', seen[started.physical_id]) is None
    assert json.loads(signal.attributes()['data']) is None

    _put(url, '')
    _put(url, json.dumps({'status': 'SUCCESS', 'reason': 'configured',
                          'data': 'ten', 'id': 'web'}))
    done = swift_harness.settle(signal, 'CREATE', started, timeout=30)
    assert done == base.Done(started.physical_id)
    signal.seen = done.seen
    assert json.loads(signal.attributes()['data']) == {'1': None, 'web': 'ten'}

    assert handle.delete() == base.Done()
    assert swift_api.object_names(swift, swift_harness.stack_id) is None


def test_a_failure_signal_fails_the_wait_with_its_reason(swift_harness, swift):
    handle = _handle(swift_harness)
    signal, started = _signal(swift_harness, handle.refid(), count=3)
    _put(handle.refid(), json.dumps({'status': 'SUCCESS'}))
    _put(handle.refid(), json.dumps({'status': 'FAILURE', 'reason': 'disk full'}))
    failed = swift_harness.settle(signal, 'CREATE', started, timeout=30)
    assert failed == base.Failed('SwiftSignalFailure: resources.signal: disk full',
                                 started.physical_id)
    _put(handle.refid(), 'not json')
    seen = swift_signal.SwiftSignal.observe_many(swift, [started.physical_id])
    assert signal.progress('CREATE', seen[started.physical_id]) == base.Failed(
        'Error: resources.signal: Failed to parse JSON data: not json',
        started.physical_id)


def test_the_timeout_fails_the_wait_naming_what_came(swift_harness):
    handle = _handle(swift_harness)
    signal, started = _signal(swift_harness, handle.refid(), count=2, timeout=5)
    _put(handle.refid(), json.dumps({'reason': 'half way'}))
    # The reaper says the time is up: the signal looks at Swift once more.
    assert signal.judge_signals([], timed_out=False) is None
    assert signal.judge_signals([], timed_out=True) == base.Failed(
        'SwiftSignalTimeout: resources.signal: 1 of 2 received - half way',
        started.physical_id)


def test_a_handle_of_another_stack_is_refused(swift_harness, swift):
    handle = _handle(swift_harness)
    other = handle.refid().replace(swift_harness.stack_id, 'another-stack')
    signal = swift_harness.plugin(swift_signal.SwiftSignal, 'signal', {
        'handle': other, 'timeout': 10})
    failed = signal.create()
    assert isinstance(failed, base.Failed)
    assert failed.reason.startswith('ValueError: resources.signal: "/v1/AUTH_')
    assert failed.reason.endswith('is not a valid SwiftSignalHandle.  The container '
                                  'name is invalid')


def test_two_handles_share_the_stack_container_until_the_last_goes(
        swift_harness, swift):
    first = _handle(swift_harness)
    second = swift_harness.plugin(swift_signal.SwiftSignalHandle, 'other', {})
    assert second.create() == base.Done(second.physical_id)
    _put(first.refid(), '{}')
    _put(first.refid(), '{}')
    assert first.delete() == base.Done()
    # Every version of the first handle's object went; the second's stays.
    assert swift_api.object_names(swift, swift_harness.stack_id) == [
        second.physical_id]
    assert second.delete() == base.Done()
    assert swift_api.head_container(swift, swift_harness.stack_id) is None
