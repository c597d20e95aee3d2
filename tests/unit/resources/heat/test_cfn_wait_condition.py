"""AWS::CloudFormation::WaitCondition judged from its handle's CFN
signals, and the handle's metadata as Heat shows it."""
import json
import types

import pytest

from heat_conv.clients import cfn_urls
from heat_conv.common import exception
from heat_conv.plugin_interface import base
from heat_conv.resources.heat import cfn_wait_condition as cfn

STACK = types.SimpleNamespace(tenant='t1', name='app', id='sid')
HANDLE = cfn_urls.resource_url('waitcondition', 't1', 'app', 'sid', 'handle') \
    + '?AWSAccessKeyId=AK&Signature=x'


def _signal(status='SUCCESS', unique='1', reason='ok', data='d'):
    return {'Status': status, 'Reason': reason, 'UniqueId': unique, 'Data': data}


def _wait(count=2, handle=HANDLE):
    wait = cfn.WaitCondition('wait', 'sid', {'Handle': handle, 'Timeout': 60,
                                             'Count': count}, physical_id='handle')
    wait.stack = STACK
    return wait


def test_the_wait_counts_the_named_handles_signals():
    wait = _wait()
    assert wait.signal_source() == {'resource_name': 'handle'}
    assert wait.judge_signals([_signal()]) is None
    # A repeated UniqueId replaces its entry: still one of two.
    assert wait.judge_signals([_signal(), _signal(data='again')]) is None
    done = wait.judge_signals([_signal(), _signal(unique='2', data='e')])
    assert isinstance(done, base.Done)
    assert json.loads(wait.attributes()['Data']) == {'1': 'd', '2': 'e'}


def test_a_failure_or_the_timeout_fails_the_wait_with_heats_reasons():
    failed = _wait().judge_signals([_signal(), _signal('FAILURE', '2', 'disk full')])
    assert failed.reason == 'WaitConditionFailure: resources.wait: disk full'
    timed_out = _wait().judge_signals([_signal(reason='one up')], timed_out=True)
    assert timed_out.reason == 'WaitConditionTimeout: resources.wait: 1 of 2 received ' \
                               '- one up'


def test_a_handle_of_another_stack_is_refused():
    other = cfn_urls.resource_url('waitcondition', 't1', 'other', 'sid2', 'handle')
    with pytest.raises(exception.Invalid, match='invalid Handle stack other'):
        _wait(handle=other).create()
    with pytest.raises(exception.Invalid, match='invalid Handle'):
        _wait(handle='http://example.com/not-a-handle').create()


@pytest.mark.parametrize('details', [
    {'Status': 'SUCCESS'},
    dict(_signal(), Extra=1),
    _signal(status='DONE'),
    ['SUCCESS'],
])
def test_the_handle_refuses_signals_not_in_cfn_signals_shape(details):
    handle = cfn.WaitConditionHandle('handle', 'sid', {})
    with pytest.raises(exception.Invalid, match='Metadata format invalid'):
        handle.signal_reason(details)


def test_the_handles_metadata_is_keyed_by_unique_id_as_in_heat():
    handle = cfn.WaitConditionHandle
    assert handle.metadata_from_signals([_signal(), _signal('FAILURE', '2', 'no')]) == {
        '1': {'Data': 'd', 'Reason': 'ok', 'Status': 'SUCCESS'},
        '2': {'Data': 'd', 'Reason': 'no', 'Status': 'FAILURE'}}


def test_the_handles_reference_is_its_presigned_url_once_made():
    handle = cfn.WaitConditionHandle('handle', 'sid', {}, stored_data={})
    assert handle.refid() == 'handle'
    made = cfn.WaitConditionHandle('handle', 'sid', {},
                                   stored_data={'ec2_signed_url': HANDLE})
    assert made.refid() == HANDLE
