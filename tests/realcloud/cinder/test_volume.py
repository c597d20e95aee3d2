"""OS::Cinder::Volume and OS::Cinder::VolumeAttachment against the
mini-cloud's real Cinder and Nova, as a non-admin member."""
import uuid

from heat_conv.common.status import Action
from heat_conv.plugin_interface import base
from heat_conv.resources.openstack.cinder import volume as volume_mod
from heat_conv.resources.openstack.cinder import volume_attachment
from heat_conv.resources.openstack.nova import server as server_mod
from tests.realcloud import plugin_support

Volume = volume_mod.Volume
Attachment = volume_attachment.VolumeAttachment
Server = server_mod.Server


def _settled(harness, plugin, action, started):
    assert isinstance(started, base.Pending), started
    return harness.settle(plugin, action, started)


def _updated(harness, plugin, cls=Volume, **changes):
    old = plugin.properties
    new = harness.plugin(cls, plugin.name, dict(old, **changes),
                         physical_id=plugin.physical_id, data=plugin.data,
                         resource_id=plugin.resource_id, stored_properties=old)
    assert not new.needs_replace(old)
    return new, new.update(old)


def test_a_volume_lives_its_life_in_cinder_and_attaches_through_nova(
        harness, demo, private_net):
    volume = harness.plugin(Volume, 'data', {'size': 1, 'description': 'first',
                                             'metadata': {'tier': 'gold'}})
    assert _settled(harness, volume, Action.CREATE, volume.create()) == \
        base.Done(volume.physical_id)
    seen = demo.block_storage.get_volume(volume.physical_id)
    assert seen.status == 'available' and seen.metadata['tier'] == 'gold'
    assert Volume.owner_of(metadata=seen.metadata) == (harness.stack_id,
                                                       volume.resource_id)
    attrs = volume.attributes()
    assert (attrs['size'], attrs['status'], attrs['display_description']) == (
        '1', 'available', 'first')
    assert attrs['metadata_values'] == {'tier': 'gold'}

    # Name, description and metadata in place; a larger size extends.
    volume, outcome = _updated(harness, volume, name='renamed', description='second',
                               metadata={'tier': 'silver'})
    assert outcome == base.Done(volume.physical_id)
    volume, started = _updated(harness, volume, size=2)
    assert _settled(harness, volume, Action.UPDATE, started) == \
        base.Done(volume.physical_id)
    seen = demo.block_storage.get_volume(volume.physical_id)
    assert (seen.name, seen.description, seen.size) == ('renamed', 'second', 2)
    assert {k: v for k, v in seen.metadata.items()
            if not k.startswith('heat_conv_')} == {'tier': 'silver'}
    shrink, outcome = _updated(harness, volume, size=1)
    assert outcome == base.Failed('Shrinking volume is not supported')

    # A stack snapshot takes a Cinder snapshot of the volume.
    assert _settled(harness, volume, Action.SNAPSHOT, volume.snapshot()) == \
        base.Done(volume.physical_id)
    snapshot_id = volume.data['snapshot_taken_id']
    assert demo.block_storage.get_snapshot(snapshot_id).status == 'available'
    demo.block_storage.delete_snapshot(snapshot_id)
    demo.block_storage.wait_for_delete(demo.block_storage.get_snapshot(snapshot_id))

    server = harness.plugin(Server, 'host', {
        'image': 'cirros', 'flavor': 'm1.tiny',
        'networks': [{'network': private_net['network'].id}]})
    assert _settled(harness, server, Action.CREATE, server.create()) == \
        base.Done(server.physical_id)

    attachment = harness.plugin(Attachment, 'attach', {
        'instance_uuid': server.physical_id, 'volume_id': volume.physical_id})
    assert _settled(harness, attachment, Action.CREATE, attachment.create()) == \
        base.Done(volume.physical_id)
    seen = demo.block_storage.get_volume(volume.physical_id)
    assert seen.status == 'in-use'
    assert [a['server_id'] for a in seen.attachments] == [server.physical_id]
    assert attachment.attributes()['show']['server_id'] == server.physical_id
    # A lost answer: the attachment is found, not made again.
    again = harness.plugin(Attachment, 'attach', dict(attachment.properties),
                           resource_id=attachment.resource_id)
    assert again.find_orphan() == volume.physical_id

    # A volume in use cannot be deleted: Cinder's refusal is the failure.
    refused = volume.delete()
    assert isinstance(refused, base.Failed) and refused.reason.startswith('Cinder ')

    assert _settled(harness, attachment, Action.DELETE, attachment.delete()) == base.Done()
    assert demo.block_storage.get_volume(volume.physical_id).status == 'available'
    # A redelivered delete finds it detached already.
    assert harness.settle(attachment, Action.DELETE, attachment.delete()) == base.Done()

    volume_id = volume.physical_id
    assert _settled(harness, volume, Action.DELETE, volume.delete()) == base.Done()
    assert demo.block_storage.find_volume(volume_id) is None
    assert harness.settle(server, Action.DELETE, server.delete()) == base.Done()
    assert plugin_support.leftovers(demo, harness.stack_id) == {}


def test_a_server_boots_from_a_volume(harness, demo, private_net):
    volume = harness.plugin(Volume, 'root', {'size': 1})
    assert _settled(harness, volume, Action.CREATE, volume.create()) == \
        base.Done(volume.physical_id)
    # A blank volume marked bootable: booting from a volume Cinder made
    # from the image is test_real_stack's.
    demo.block_storage.set_volume_bootable_status(volume.physical_id, True)
    server = harness.plugin(Server, 'vm', {
        'flavor': 'm1.tiny', 'networks': [{'network': private_net['network'].id}],
        'block_device_mapping_v2': [{'volume_id': volume.physical_id, 'boot_index': 0}]})
    assert _settled(harness, server, Action.CREATE, server.create()) == \
        base.Done(server.physical_id)
    seen = demo.block_storage.get_volume(volume.physical_id)
    assert seen.status == 'in-use'
    assert seen.attachments[0]['server_id'] == server.physical_id
    assert harness.settle(server, Action.DELETE, server.delete()) == base.Done()
    demo.block_storage.wait_for_status(seen, 'available', wait=60)
    assert _settled(harness, volume, Action.DELETE, volume.delete()) == base.Done()
    assert plugin_support.leftovers(demo, harness.stack_id) == {}


def test_a_volume_cinder_fails_to_make_fails_with_cinder_message(harness, admin):
    """A volume no Cinder backend can hold (its type names a backend the rig
    does not have) goes to error, and the resource fails with the message
    Cinder left for the user."""
    vtype = admin.block_storage.create_type(
        name=f'nowhere-{uuid.uuid4().hex[:8]}',
        extra_specs={'volume_backend_name': 'no-such-backend'})
    try:
        _fails_with_cinders_message(harness, vtype.name)
    finally:
        admin.block_storage.delete_type(vtype)


def _fails_with_cinders_message(harness, type_name):
    volume = harness.plugin(Volume, 'nowhere', {'size': 1, 'volume_type': type_name})
    outcome = _settled(harness, volume, Action.CREATE, volume.create())
    assert outcome == base.Failed(
        'Went to status error due to "schedule allocate volume:Could not find any '
        'available weighted backend."', volume.physical_id)
    assert _settled(harness, volume, Action.DELETE, volume.delete()) == base.Done()


def test_a_lost_volume_create_is_found_and_observed_in_one_list(harness, demo):
    first = harness.plugin(Volume, 'lost', {'size': 1})
    assert isinstance(first.create(), base.Pending)
    again = harness.plugin(Volume, 'lost', {'size': 1}, resource_id=first.resource_id)
    found = again.find_orphan()
    assert plugin_support.leftovers(demo, harness.stack_id)['volumes'] == [found]
    calls = []
    original = demo.block_storage.get

    def counted(url, *args, **kwargs):
        calls.append(url)
        return original(url, *args, **kwargs)
    demo.block_storage.get = counted
    try:
        seen = Volume.observe_many(demo, [found, 'no-such-volume'])
    finally:
        demo.block_storage.get = original
    assert len(calls) == 1 and calls[0].startswith('/volumes/detail'), calls
    assert seen['no-such-volume'] is None and seen[found]['id'] == found
    again.physical_id = found
    assert harness.settle(again, Action.CREATE, again.adopt()) == base.Done(found)


def test_cinder_refusals_fail_with_cinder_words(harness):
    outcome = harness.plugin(Volume, 'big', {'size': 100000}).create()
    assert isinstance(outcome, base.Failed)
    assert outcome.reason.startswith('Cinder '), outcome.reason
    assert 'quota' in outcome.reason.lower() or 'gigabytes' in outcome.reason.lower()
