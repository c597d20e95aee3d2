"""OS::Cinder::QoSSpecs against a stand-in for Cinder."""
import types
import uuid
from unittest import mock

from openstack.block_storage.v3 import qos_spec as sdk_qos

from heat_conv.plugin_interface import base
from heat_conv.resources.openstack.cinder import qos_specs


def _specs(properties, cinder, old=None, physical_id=None, resource_id=None):
    props = qos_specs.QoSSpecs.validate_properties(properties)
    plugin = qos_specs.QoSSpecs('qos', 'stack-1', props, physical_id=physical_id,
                                stored_properties=old or props,
                                cloud=types.SimpleNamespace(block_storage=cinder),
                                resource_id=resource_id or str(uuid.uuid4()))
    plugin.stack = types.SimpleNamespace(id='stack-1', name='web')
    return plugin


def _cinder():
    cinder = mock.Mock()
    made = sdk_qos.QoSSpec(id='qos-1', name='web-qos-x', specs={'read_iops_sec': '500'})
    cinder.create_qos_spec.return_value = made
    cinder.get_qos_spec.return_value = made
    return cinder


def test_create_sends_the_specs_under_heats_name():
    cinder = _cinder()
    plugin = _specs({'specs': {'read_iops_sec': 500}}, cinder)
    assert plugin.create() == base.Done('qos-1')
    sent = cinder.create_qos_spec.call_args.kwargs
    assert sent['read_iops_sec'] == '500' and sent['name'].startswith('web-qos-')


def test_an_update_sets_changed_keys_and_unsets_removed_ones():
    cinder = _cinder()
    old = qos_specs.QoSSpecs.validate_properties({'specs': {'a': 1, 'b': 2}})
    plugin = _specs({'specs': {'a': 1, 'c': 3}}, cinder, old=old, physical_id='qos-1')
    assert plugin.update(old) == base.Done('qos-1')
    cinder.update_qos_spec.assert_called_once_with('qos-1', c='3')
    cinder.delete_qos_spec_metadata.assert_called_once_with('qos-1', ['b'])
    renamed = _specs({'name': 'other', 'specs': {'a': 1}}, cinder, old=old,
                     physical_id='qos-1')
    assert renamed.needs_replace(old)


def test_delete_lets_the_volume_types_go_first():
    cinder = _cinder()
    calls = []
    cinder.disassociate_all_qos_spec.side_effect = lambda *a: calls.append('disassociate')
    cinder.delete_qos_spec.side_effect = lambda *a, **k: calls.append('delete')
    assert _specs({'specs': {}}, cinder, physical_id='qos-1').delete() == base.Done()
    assert calls == ['disassociate', 'delete']


def test_a_lost_create_is_found_by_heats_name_only():
    cinder = _cinder()
    resource_id = str(uuid.uuid4())
    plugin = _specs({'specs': {}}, cinder, resource_id=resource_id)
    mine = sdk_qos.QoSSpec(id='qos-1', name=plugin.specs_name())
    cinder.qos_specs.return_value = [sdk_qos.QoSSpec(id='qos-0', name='web'), mine]
    assert plugin.find_orphan() == 'qos-1'
    named = _specs({'name': 'web', 'specs': {}}, cinder, resource_id=resource_id)
    assert named.find_orphan() is None
