"""OS::Nova::Server's checks and judgements that need no cloud (or a
stand-in for one)."""
import email
import types
from unittest import mock

import pytest
from openstack import exceptions as sdk_exc

from heat_conv.common import exception
from heat_conv.common.status import Action
from heat_conv.plugin_interface import base
from heat_conv.resources.openstack.nova import server as server_mod
from heat_conv.resources.openstack.nova import server_block_devices
from heat_conv.resources.openstack.nova import server_user_data

Server = server_mod.Server
BASE = {'image': 'cirros', 'flavor': 'm1.tiny'}
PATH = ('resources', 'web', 'properties')


def _invalid(properties, where, words):
    with pytest.raises(exception.InvalidProperties) as caught:
        Server.validate_properties(properties, PATH)
    assert '.'.join(str(p) for p in caught.value.path) == '.'.join(
        filter(None, ['resources.web.properties', where]))
    assert words in str(caught.value)


@pytest.mark.parametrize('networks, where, words', [
    ([{'network': 'n', 'port': 'p', 'fixed_ip': '10.0.0.3'}], 'networks.0',
     'networks/fixed_ip, networks/port'),
    ([{'network': 'n', 'floating_ip': 'f'}], 'networks.0.floating_ip',
     'only "network" is specified'),
    ([{'allocate_network': 'auto', 'network': 'n'}], 'networks.0',
     'Can not specify "allocate_network" with other keys'),
    ([{'fixed_ip': '10.0.0.3'}], 'networks.0', 'should be set'),
    ([{'network': 'n', 'fixed_ip': '10.0.0.300'}], 'networks.0.fixed_ip',
     'not a valid IP address'),
    ([{'subnet': 's', 'port_extra_properties': {'colour': 'red'}}],
     'networks.0.port_extra_properties.colour', 'Unknown property colour'),
])
def test_networks_are_checked_as_heat_checks_them(networks, where, words):
    _invalid(dict(BASE, networks=networks), where, words)


def test_security_groups_cannot_go_with_a_given_port():
    _invalid(dict(BASE, security_groups=['default'], networks=[{'port': 'p'}]),
             'security_groups', 'security_groups, networks/port')


def test_a_server_needs_exactly_one_boot_source():
    _invalid({'flavor': 'm1.tiny'}, '', 'Neither image nor bootable volume')
    _invalid(dict(BASE, block_device_mapping_v2=[{'volume_id': 'v'}]), '',
             'Multiple bootable sources')
    _invalid({'flavor': 'm1.tiny', 'block_device_mapping_v2': [{'boot_index': 0}]},
             'block_device_mapping_v2.0', 'Either volume_id, snapshot_id')
    Server.validate_properties({'flavor': 'm1.tiny', 'block_device_mapping_v2': [
        {'volume_id': 'v', 'boot_index': 0}, {'swap_size': 512}]}, PATH)


def test_what_heat_conv_cannot_give_a_guest_is_a_400_naming_it():
    # Without a stack user domain, no user for the agent (tested with one in
    # test_server_software_config and tests/realcloud).
    _invalid(dict(BASE, user_data_format='SOFTWARE_CONFIG',
                  software_config_transport='POLL_SERVER_HEAT'),
             'software_config_transport', 'set stack_user_domain_id')
    _invalid(dict(BASE, user_data_format='SOFTWARE_CONFIG',
                  software_config_transport='ZAQAR_MESSAGE'),
             'software_config_transport', 'Zaqar')
    _invalid(dict(BASE, personality={'/etc/motd': 'hi'}), 'personality', '2.57')


def test_user_data_raw_is_passed_as_given_and_cfntools_is_wrapped():
    script = '#!/bin/sh\necho hi\n'
    assert server_user_data.build({'user_data_format': 'RAW', 'user_data': script}) == script
    wrapped = server_user_data.build({'user_data_format': 'HEAT_CFNTOOLS',
                                      'user_data': script})
    parts = email.message_from_string(wrapped).get_payload()
    assert [(p.get_filename(), p.get_content_type()) for p in parts] == [
        ('cfn-userdata', 'text/x-shellscript')]
    assert parts[0].get_payload() == script


def test_legacy_block_device_mappings_become_v2():
    devices = server_block_devices.build(None, {'block_device_mapping': [
        {'device_name': 'vda', 'volume_id': 'v1', 'delete_on_termination': True},
        {'device_name': 'vdb', 'snapshot_id': 's1', 'volume_size': 2}]})
    assert devices == [
        {'uuid': 'v1', 'source_type': 'volume', 'destination_type': 'volume',
         'device_name': 'vda', 'boot_index': 0, 'delete_on_termination': True},
        {'uuid': 's1', 'source_type': 'snapshot', 'destination_type': 'volume',
         'device_name': 'vdb', 'boot_index': -1, 'delete_on_termination': False,
         'volume_size': 2}]


def _plugin(**properties):
    return Server('web', 'stack-1', Server.validate_properties(dict(BASE, **properties)),
                  physical_id='srv-1', resource_id='res-1', cloud=object())


def _seen(status, task_state=None, **more):
    return dict({'id': 'srv-1', 'name': 'web', 'status': status,
                 'task_state': task_state}, **more)


def test_progress_of_a_build_ends_active_or_with_nova_fault():
    plugin = _plugin()
    assert plugin.progress(Action.CREATE, _seen('BUILD', 'spawning')) is None
    assert plugin.progress(Action.CREATE, _seen('ACTIVE')) == base.Done('srv-1')
    failed = plugin.progress(Action.CREATE, _seen(
        'ERROR', fault={'code': 500, 'message': 'No valid host was found. '}))
    assert failed.reason == ('Went to status ERROR due to "Message: No valid host was '
                             'found. , Code: 500"')
    assert plugin.progress(Action.DELETE, _seen('ACTIVE', 'deleting')) is None
    assert plugin.progress(Action.DELETE, None) == base.Done()


def test_a_resize_nova_ended_without_resizing_fails():
    plugin = _plugin(flavor='m1.small')
    plugin.data['resize_to'] = {'id': '2', 'name': 'm1.small'}
    old = {'flavor': {'id': None, 'name': 'm1.tiny'}}
    assert plugin.progress(Action.UPDATE, _seen('RESIZE', 'resize_prep', **old)) is None
    assert plugin.progress(Action.UPDATE, _seen('ACTIVE', **old)) == base.Failed(
        "Resizing to 'm1.small' failed, status 'ACTIVE'")
    new = {'flavor': {'id': None, 'name': 'm1.small'}}
    assert plugin.progress(Action.UPDATE, _seen('ACTIVE', **new)) == base.Done('srv-1')


def test_policies_decide_between_update_and_replace():
    old = Server.validate_properties(BASE)
    assert not _plugin(flavor='m1.small').needs_replace(old)
    assert _plugin(flavor='m1.small', flavor_update_policy='REPLACE').needs_replace(old)
    assert not _plugin(image='other').needs_replace(old)
    assert _plugin(image='other', image_update_policy='REPLACE').needs_replace(old)
    assert _plugin(user_data='x').needs_replace(old)
    assert not _plugin(user_data='x', user_data_update_policy='IGNORE').needs_replace(old)
    assert _plugin(key_name='k').needs_replace(old)


def _imaged(image_api):
    """A server whose stack snapshot made image img-1, its cloud's Glance
    ``image_api``."""
    cloud = types.SimpleNamespace(image=image_api)
    return Server('web', 'stack-1', {}, physical_id='srv-1', cloud=cloud)


def test_a_snapshot_delete_deletes_the_snapshot_image_and_one_gone_is_deleted():
    glance = mock.Mock()
    plugin = _imaged(glance)
    assert plugin.delete_snapshot_data({'snapshot_image_id': 'img-1'}) == base.Done()
    glance.delete_image.assert_called_once_with('img-1', ignore_missing=False)
    glance.delete_image.side_effect = sdk_exc.NotFoundException('no image img-1')
    assert plugin.delete_snapshot_data({'snapshot_image_id': 'img-1'}) == base.Done()
    # A snapshot that made no image (the server had none) has nothing to delete.
    glance.reset_mock()
    assert plugin.delete_snapshot_data({}) == base.Done()
    glance.delete_image.assert_not_called()


def test_glance_refusing_an_image_delete_is_a_failure_naming_it():
    glance = mock.Mock()
    glance.delete_image.side_effect = sdk_exc.ConflictException(
        'image is protected', http_status=409)
    failed = _imaged(glance).delete_snapshot_data({'snapshot_image_id': 'img-1'})
    assert isinstance(failed, base.Failed)
    assert failed.reason.startswith('Glance could not delete image img-1, the snapshot '
                                    'of server web: ConflictException (409)')
