"""Engine messages on the wire: today's shape, and the 1.0 shape still read."""
import json

import pytest

from heat_conv.engine.core import messages
from heat_conv.engine.core.messages import Mode
from heat_conv.plugin_interface import base

DEFINITION = {'name': 'B', 'type': 'OS::Heat::TestResource', 'version': '2018-08-31',
              'properties': {'value': {'get_attr': ['A', 'output']}}, 'metadata': {},
              'deletion_policy': 'Delete', 'update_policy': {}, 'requires': {'A': ['output']},
              'template_id': 7}
INPUT = {'name': 'A', 'row': 3, 'refid': 'obj-a', 'attrs': {'output': 'a'}}


def _through_json(value):
    return json.loads(json.dumps(value))


def test_check_resource_round_trip():
    msg = messages.CheckResource('s', 't', 4, True,
                                 messages.Definition.from_dict(DEFINITION), Mode.OBSERVE,
                                 (messages.Input.from_dict(INPUT),))
    wire = _through_json(msg.to_wire())
    assert wire['mode'] == 'observe' and wire['definition'] == DEFINITION
    assert messages.CheckResource.from_wire(wire) == msg


@pytest.mark.parametrize('flags, is_update, mode', [
    ({'check': True, 'observe': True}, True, Mode.CHECK),
    ({'check': False, 'observe': True}, True, Mode.OBSERVE),
    ({'check': False, 'observe': False}, True, Mode.CONVERGE),
    ({'delete': True}, False, Mode.DELETE),
    ({'delete': False}, False, Mode.KEEP),
])
def test_a_1_0_check_resource_is_read(flags, is_update, mode):
    definition = dict(DEFINITION, **flags) if is_update else dict({'name': 'B'}, **flags)
    msg = messages.CheckResource.from_wire({
        'stack_id': 's', 'traversal_id': 't', 'entity_id': 4, 'is_update': is_update,
        'definition': definition, 'inputs': [INPUT] if is_update else []})
    assert msg.mode == mode
    assert msg.definition.name == 'B'
    assert 'check' not in msg.definition.to_dict()
    spec = messages.NodeSpec.from_dict(definition, is_update)   # a 1.0 sync point
    assert (spec.mode, spec.definition) == (mode, msg.definition)


def test_node_spec_round_trip():
    spec = messages.NodeSpec(messages.Definition('C'), Mode.DELETE)
    assert messages.NodeSpec.from_dict(_through_json(spec.to_dict()), False) == spec


@pytest.mark.parametrize('outcome', [base.Done('obj-1'), base.Failed('boom', 'obj-1')])
def test_action_complete_carries_the_verdict(outcome):
    msg = messages.ActionComplete(5, 9, outcome)
    back = messages.ActionComplete.from_wire(_through_json(msg.to_wire()))
    assert (back.resource_id, back.atomic_key, back.outcome) == (5, 9, outcome)


def test_a_1_0_action_complete_brings_the_cloud_object():
    msg = messages.ActionComplete.from_wire({'resource_id': 5, 'atomic_key': 9,
                                             'cloud_object': {'id': 'obj-1'}})
    assert msg.outcome is None and msg.cloud_object == {'id': 'obj-1'}


@pytest.mark.parametrize('outcome', [base.Done('child-id'),
                                     base.Failed('resources.r.resources.x: boom', 'child-id')])
def test_child_done_carries_the_childs_outcome(outcome):
    msg = messages.ChildDone(5, 9, outcome)
    back = messages.ChildDone.from_wire(_through_json(msg.to_wire()))
    assert back == msg and back.METHOD == 'child_done'
