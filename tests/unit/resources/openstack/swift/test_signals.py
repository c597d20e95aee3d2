"""How a SwiftSignal reads its handle's signal bodies: Heat's defaults, a
later signal with the same id replacing the earlier, and Heat's verdicts
and messages."""
import json

import pytest

from heat_conv.plugin_interface import base
from heat_conv.resources.openstack.swift import signals


def test_bodies_get_heats_defaults_in_order():
    found = signals.parse(['', json.dumps({'data': 'x'}),
                           json.dumps({'status': 'FAILURE', 'reason': 'r', 'id': 'a'})])
    assert found == [
        {'status': 'SUCCESS', 'reason': 'Signal 1 received', 'data': None, 'id': 1},
        {'status': 'SUCCESS', 'reason': 'Signal 2 received', 'data': 'x', 'id': 2},
        {'status': 'FAILURE', 'reason': 'r', 'data': None, 'id': 'a'}]


def test_a_signal_with_a_known_id_replaces_the_earlier_one():
    found = signals.parse([json.dumps({'id': 'w', 'data': 1}), '{}',
                           json.dumps({'id': 'w', 'data': 2})])
    assert [(s['id'], s['data']) for s in found] == [(2, None), ('w', 2)]
    assert json.loads(signals.data(found)) == {'2': None, 'w': 2}


@pytest.mark.parametrize('text', ['not json', '[1, 2]'])
def test_a_body_that_is_no_json_object_is_refused(text):
    with pytest.raises(signals.BadSignal, match='Failed to parse JSON data: '):
        signals.parse([text])


def test_the_verdicts_and_their_messages():
    ok = signals.parse(['', ''])
    assert signals.judge('s', 'c/o', ok[:1], 2) is None
    assert signals.judge('s', 'c/o', [], 1) is None
    assert signals.judge('s', 'c/o', ok, 2) == base.Done('c/o')
    failed = signals.parse(['', json.dumps({'status': 'FAILURE', 'reason': 'no'})])
    assert signals.judge('s', 'c/o', failed, 1) == base.Failed(
        'SwiftSignalFailure: resources.s: no', 'c/o')
    odd = signals.parse([json.dumps({'status': 'MAYBE'})])
    assert signals.judge('s', 'c/o', odd, 1) == base.Failed(
        'Error: resources.s: Unknown status: MAYBE', 'c/o')
    assert signals.judge('s', 'c/o', [], 1, timed_out=True) == base.Failed(
        'SwiftSignalTimeout: resources.s: 0 of 1 received', 'c/o')
    assert signals.judge('s', 'c/o', ok[:1], 2, timed_out=True) == base.Failed(
        'SwiftSignalTimeout: resources.s: 1 of 2 received - Signal 1 received', 'c/o')
    assert signals.data([]) == 'null'
