"""OS::Nova::Server against the mini-cloud's real Nova, as a non-admin member."""
import time
import uuid

from heat_conv.common.status import Action
from heat_conv.common.status import Drift
from heat_conv.plugin_interface import base
from heat_conv.resources.openstack import base as os_base
from heat_conv.resources.openstack.nova import server as server_mod
from tests.realcloud import plugin_support

Server = server_mod.Server


def _created(harness, properties, name='server'):
    plugin = harness.plugin(Server, name, properties)
    started = plugin.create()
    assert isinstance(started, base.Pending), started   # never waits for BUILD
    return plugin, harness.settle(plugin, Action.CREATE, started)


def test_a_server_lives_its_whole_life_in_nova(harness, demo, private_net):
    fip = demo.network.create_ip(floating_network_id=private_net['public'].id)
    try:
        _whole_life(harness, demo, private_net, fip)
    finally:
        demo.network.delete_ip(fip, ignore_missing=True)


def _whole_life(harness, demo, private_net, fip):
    network = private_net['network']
    plugin, outcome = _created(harness, {
        'image': 'cirros', 'flavor': 'm1.tiny', 'metadata': {'role': 'web', 'n': 1},
        'user_data_format': 'RAW', 'user_data': '#!/bin/sh\necho hi\n',
        'networks': [{'subnet': private_net['subnet'].id, 'floating_ip': fip.id}]})
    assert outcome == base.Done(plugin.physical_id)
    server = demo.compute.get_server(plugin.physical_id)
    assert server.status == 'ACTIVE' and server.metadata['role'] == 'web'
    assert server.metadata['n'] == '1'   # non-strings as JSON, as Heat sends them
    assert Server.owner_of(metadata=server.metadata) == (harness.stack_id,
                                                         plugin.resource_id)
    # The port heat-conv made for the subnet carries the floating IP.
    [port_id] = plugin.data['internal_ports']
    assert demo.network.get_ip(fip.id).port_id == port_id

    attrs = plugin.attributes()
    address = demo.network.get_port(port_id).fixed_ips[0]['ip_address']
    assert attrs['first_address'] == address
    floating = demo.network.get_ip(fip.id).floating_ip_address
    # Nova lists the floating IP with the port's network, as Heat shows it.
    assert attrs['networks'][network.name] == [address, floating]
    assert attrs['networks'][network.id] == [address, floating]
    entry, floating_entry = attrs['addresses'][network.name]
    assert floating_entry['addr'] == floating
    assert entry['port'] == port_id and entry['network']['id'] == network.id
    assert entry['subnets'][0]['id'] == private_net['subnet'].id
    assert attrs['name'] == server.name and attrs['show']['id'] == server.id

    # Name and metadata change in place.
    old = plugin.properties
    plugin = harness.plugin(Server, 'server', dict(old, name='renamed', metadata={'a': 'b'}),
                            physical_id=plugin.physical_id, data=plugin.data,
                            resource_id=plugin.resource_id, stored_properties=old)
    assert not plugin.needs_replace(old)
    assert plugin.update(old) == base.Done(plugin.physical_id)
    server = demo.compute.get_server(plugin.physical_id)
    assert server.name == 'renamed'
    assert {k: v for k, v in server.metadata.items()
            if not k.startswith('heat_conv_')} == {'a': 'b'}
    assert Server.owner_of(metadata=server.metadata)[1] == plugin.resource_id
    # Drift: what Nova shows against the properties, ownership aside.
    seen = Server.observe_many(demo, [plugin.physical_id])[plugin.physical_id]
    assert plugin.drift(plugin.properties, seen) == (Drift.IN_SYNC, None)
    demo.compute.set_server_metadata(plugin.physical_id, a='changed')
    seen = Server.observe_many(demo, [plugin.physical_id])[plugin.physical_id]
    assert plugin.drift(plugin.properties, seen) == (Drift.MODIFIED, {'metadata': {
        'expected': {'a': 'b'}, 'actual': {'a': 'changed'}}})
    demo.compute.set_server_metadata(plugin.physical_id, a='b')

    # A new flavor resizes: Pending through VERIFY_RESIZE, confirmed, ACTIVE.
    plugin = _updated(harness, plugin, flavor='m1.small')
    server = demo.compute.get_server(plugin.physical_id)
    assert server.status == 'ACTIVE' and server.flavor.name == 'm1.small'

    # Suspend and resume.
    for action, method, status in ((Action.SUSPEND, plugin.suspend, 'SUSPENDED'),
                                   (Action.RESUME, plugin.resume, 'ACTIVE')):
        outcome = harness.settle(plugin, action, method())
        assert outcome == base.Done(plugin.physical_id), outcome
        assert demo.compute.get_server(plugin.physical_id).status == status

    # A snapshot is a Nova image, Pending until Glance has it active.
    started = plugin.snapshot()
    image_id = plugin.data['snapshot_image_id']
    assert started == base.Pending(plugin.physical_id)
    _stand_in_for_the_hypervisor(harness, demo, plugin, image_id)
    assert harness.settle(plugin, Action.SNAPSHOT, started) == base.Done(plugin.physical_id)
    assert demo.image.get_image(image_id).status == 'active'

    # A new image rebuilds the server in place (the snapshot's image here).
    plugin = _updated(harness, plugin, image=image_id)
    server = demo.compute.get_server(plugin.physical_id)
    assert server.image.id == image_id and server.status == 'ACTIVE'

    # Delete: Pending until Nova no longer has it; its port goes too. (The
    # snapshot's image is the stack snapshot's, deleted with it.)
    server_id = plugin.physical_id
    outcome = harness.settle(plugin, Action.DELETE, plugin.delete())
    assert outcome == base.Done()
    assert demo.compute.find_server(server_id) is None
    assert demo.network.find_port(port_id) is None
    demo.image.delete_image(image_id)
    assert plugin_support.leftovers(demo, harness.stack_id) == {}


def _stand_in_for_the_hypervisor(harness, demo, plugin, image_id, action=Action.SNAPSHOT):
    """The rig's fake virt driver never uploads a snapshot's disk: Nova
    ends the snapshot with the image still queued. While it is, the
    snapshot stays Pending; then the test uploads what a hypervisor would
    (as the image's owner, as Nova does), and the image goes active."""
    deadline = time.monotonic() + plugin_support.SETTLE_SECS
    while demo.compute.get_server(plugin.physical_id).task_state is not None:
        assert time.monotonic() < deadline, 'the snapshot never ended in Nova'
        time.sleep(0.5)
    seen = Server.observe_many(demo, [plugin.physical_id])[plugin.physical_id]
    assert plugin.progress(action, seen) is None
    image = demo.image.get_image(image_id)
    assert image.status == 'queued'
    assert Server.owner_of(metadata=image.properties) == (harness.stack_id,
                                                          plugin.resource_id)
    demo.image.update_image(image, disk_format='raw', container_format='bare')
    demo.image.get_image(image_id).upload(demo.image, data=b'disk\n' * 64)


def _updated(harness, plugin, **changes):
    old = plugin.properties
    new = harness.plugin(Server, plugin.name, dict(old, **changes),
                         physical_id=plugin.physical_id, data=plugin.data,
                         resource_id=plugin.resource_id, stored_properties=old)
    assert not new.needs_replace(old)
    started = new.update(old)
    assert isinstance(started, base.Pending), started
    assert harness.settle(new, Action.UPDATE, started) == base.Done(new.physical_id)
    return new


def test_a_lost_create_answer_finds_the_server_not_a_second_one(harness, demo,
                                                                 private_net):
    properties = {'image': 'cirros', 'flavor': 'm1.tiny',
                  'networks': [{'network': private_net['network'].name}]}
    first = harness.plugin(Server, 'lost', properties)
    assert isinstance(first.create(), base.Pending)
    # The engine died before recording the answer: the next one knows only
    # the resource's id, and looks before creating.
    again = harness.plugin(Server, 'lost', properties, resource_id=first.resource_id)
    found = again.find_orphan()
    servers = plugin_support.leftovers(demo, harness.stack_id)['servers']
    assert servers == [found]
    # Another resource of the stack does not claim it.
    assert harness.plugin(Server, 'lost', properties).find_orphan() is None
    again.physical_id = found
    assert harness.settle(again, Action.CREATE, again.adopt()) == base.Done(found)

    # deletion_policy Snapshot: an image of the server first, then the delete.
    started = again.snapshot_delete()
    assert started == base.Pending(found)
    image_id = again.data['delete_snapshot_image_id']
    harness.images.append(image_id)
    _stand_in_for_the_hypervisor(harness, demo, again, image_id, Action.DELETE)
    assert harness.settle(again, Action.DELETE, started) == base.Done()
    assert demo.compute.find_server(found) is None
    assert demo.image.get_image(image_id).status == 'active'


def test_nova_refusals_and_faults_fail_with_nova_words(harness, demo, admin, private_net):
    net = [{'network': private_net['network'].id}]
    plugin = harness.plugin(Server, 'nowhere', {'image': 'cirros', 'flavor': 'm1.tiny',
                                                'availability_zone': 'nowhere',
                                                'networks': net})
    outcome = plugin.create()
    assert isinstance(outcome, base.Failed)
    assert outcome.reason.startswith('Nova BadRequestException (400): ')
    assert 'availability zone' in outcome.reason

    outcome = harness.plugin(Server, 'nope', {'image': 'cirros', 'flavor': 'no-such',
                                              'networks': net}).create()
    assert isinstance(outcome, base.Failed) and 'no-such' in outcome.reason

    # Over the project's quota: Nova's 403 and its words.
    over = admin.compute.create_flavor(name=f'heat-conv-over-{uuid.uuid4().hex[:8]}',
                                       ram=64 * 1024 * 1024, vcpus=1, disk=1)
    # Within the quota, but no host has the disk (the fake host has 600,000
    # GB): Nova builds nothing, the server goes to ERROR and the resource
    # fails with Nova's fault.
    huge = admin.compute.create_flavor(name=f'heat-conv-huge-{uuid.uuid4().hex[:8]}',
                                       ram=512, vcpus=1, disk=700000)
    try:
        outcome = harness.plugin(Server, 'over', {'image': 'cirros', 'flavor': over.id,
                                                  'networks': net}).create()
        assert outcome.reason.startswith('Nova ForbiddenException (403): Quota '
                                         'exceeded for ram'), outcome
        plugin, outcome = _created(harness, {'image': 'cirros', 'flavor': huge.id,
                                             'networks': net}, name='huge')
    finally:
        admin.compute.delete_flavor(over)
        admin.compute.delete_flavor(huge)
    assert isinstance(outcome, base.Failed)
    assert 'No valid host was found' in outcome.reason, outcome.reason
    assert harness.settle(plugin, Action.DELETE, plugin.delete()) == base.Done()


def test_observe_many_lists_the_servers_in_one_call(harness, demo, private_net):
    properties = {'image': 'cirros', 'flavor': 'm1.tiny',
                  'networks': [{'network': private_net['network'].id}]}
    plugins = [harness.plugin(Server, f's{i}', properties) for i in range(2)]
    ids = [p.create().physical_id for p in plugins]
    gone = str(uuid.uuid4())
    calls = []
    session = demo.compute
    original = session.get

    def counted(url, *args, **kwargs):
        calls.append(url)
        return original(url, *args, **kwargs)
    session.get = counted
    try:
        seen = Server.observe_many(demo, ids + [gone])
    finally:
        session.get = original
    assert len(calls) == 1 and calls[0].startswith('/servers/detail'), calls
    assert seen[gone] is None
    assert {seen[i]['id'] for i in ids} == set(ids)
    assert all(os_base.RESOURCE_KEY in seen[i]['metadata'] for i in ids)
