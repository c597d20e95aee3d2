"""OS::Cinder::VolumeType against a stand-in for Cinder."""
import types
import uuid
from unittest import mock

import pytest
from openstack.block_storage.v3 import type as sdk_type

from heat_conv.common import exception
from heat_conv.plugin_interface import base
from heat_conv.resources.openstack.cinder import volume_type

PROJECT = '0123456789abcdef0123456789abcdef'


def _type(properties, cinder, old=None, physical_id=None):
    props = volume_type.VolumeType.validate_properties(properties)
    return volume_type.VolumeType('vtype', 'stack-1', props, physical_id=physical_id,
                                  stored_properties=old or props,
                                  cloud=types.SimpleNamespace(block_storage=cinder),
                                  resource_id=str(uuid.uuid4()))


def _cinder(**shown):
    cinder = mock.Mock()
    made = sdk_type.Type(id='vt-1', name='gold', **shown)
    cinder.create_type.return_value = made
    cinder.get_type.return_value = made
    return cinder


def test_create_makes_the_type_with_its_specs_and_projects_and_marks_the_owner():
    cinder = _cinder(extra_specs={'volume_backend_name': 'fake'})
    plugin = _type({'name': 'gold', 'is_public': False, 'projects': [PROJECT],
                    'metadata': {'volume_backend_name': 'fake', 'replicas': 3}}, cinder)
    assert plugin.create() == base.Done('vt-1')
    cinder.create_type.assert_called_once_with(name='gold', is_public=False,
                                               description=plugin.marker())
    cinder.update_type_extra_specs.assert_called_once_with(
        'vt-1', volume_backend_name='fake', replicas='3')
    cinder.add_type_access.assert_called_once_with('vt-1', PROJECT)
    assert plugin.attributes()['show']['extra_specs'] == {'volume_backend_name': 'fake'}


def test_projects_on_a_public_type_are_refused():
    with pytest.raises(exception.InvalidProperties) as caught:
        volume_type.VolumeType.validate_properties({'name': 'gold',
                                                    'projects': [PROJECT]})
    assert caught.value.path == ('projects',)


def test_an_update_renames_and_replaces_the_specs_in_place():
    cinder = _cinder(extra_specs={'a': '1', 'b': '2'})
    old = volume_type.VolumeType.validate_properties({'name': 'gold',
                                                      'metadata': {'a': 1, 'b': 2}})
    plugin = _type({'name': 'platinum', 'metadata': {'c': 3}}, cinder, old=old,
                   physical_id='vt-1')
    assert not plugin.needs_replace(old)
    assert plugin.update(old) == base.Done('vt-1')
    cinder.update_type.assert_called_once_with('vt-1', name='platinum')
    cinder.delete_type_extra_specs.assert_called_once_with('vt-1', ['a', 'b'])
    cinder.update_type_extra_specs.assert_called_once_with('vt-1', c='3')


def test_a_lost_create_is_found_by_the_owner_in_its_description():
    cinder = _cinder()
    plugin = _type({'name': 'gold'}, cinder)
    cinder.types.return_value = [sdk_type.Type(id='other', description='x'),
                                 sdk_type.Type(id='vt-1', description=plugin.marker())]
    assert plugin.find_orphan() == 'vt-1'
    cinder.types.assert_called_once_with(is_public='None')


def test_drift_compares_the_specs_as_strings():
    plugin = _type({'name': 'gold', 'metadata': {'replicas': 3}}, _cinder(),
                   physical_id='vt-1')
    same = {'id': 'vt-1', 'name': 'gold', 'extra_specs': {'replicas': '3'}}
    assert plugin.drift(plugin.properties, same)[1] is None
    changed = dict(same, extra_specs={'replicas': '1'})
    assert plugin.drift(plugin.properties, changed)[1] == {
        'metadata': {'expected': {'replicas': '3'}, 'actual': {'replicas': '1'}}}
