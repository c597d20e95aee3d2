"""The real-cloud issue's "done when", end to end: as the non-admin member
``demo``, through the real ``openstack`` CLI and Keystone, heat-conv
(Keystone auth, a trust per stack, [trustee] = its service user) creates
sample-templates/real-cloud/app.yaml on the mini-cloud, scales, renames
and resizes its servers in place, suspends and resumes it, snapshots and
restores it, and deletes it; Nova's, Neutron's, Cinder's and Glance's own
APIs (as the admin, filtered to the demo project) then show nothing of it.
"""
import time

import pytest

from tests.realcloud import cloud_inventory
from tests.realcloud import real_stack_support as support


@pytest.fixture(scope='module')
def heat_conv(rig, tmp_path_factory):
    service = support.start_heat_conv(rig, tmp_path_factory.mktemp('real-stack'))
    yield service
    service.kill()


@pytest.fixture
def cli(rig, heat_conv, tmp_path):
    return support.Cli(rig, heat_conv, tmp_path)


@pytest.fixture
def watch(minicloud, heat_conv):
    yield from support.watching(minicloud, heat_conv.db_url)


def servers_of(admin, ids):
    return [admin.compute.get_server(i) for i in ids]


def test_the_stack_lives_its_whole_life_through_the_openstack_cli(cli, watch, minicloud):
    admin = support.patient(minicloud, 'admin')
    name = support.unique('app')
    # A volume made from the image takes minutes on a loaded machine.
    cli('stack', 'create', '-t', support.APP, '--parameter', 'count=3', '--wait', name,
        timeout=600)
    assert cli.stack(name)['stack_status'] == 'CREATE_COMPLETE'
    made = watch.look()
    ids = cli.outputs(name)['server_ids']
    servers = servers_of(admin, ids)
    assert [s.name for s in servers] == ['app-0', 'app-1', 'app-2']
    assert {(s.status, s.flavor.name, s.project_id) for s in servers} == {
        ('ACTIVE', 'm1.tiny', watch.project_id)}
    # The first server boots from a volume Cinder made from the image; the
    # others from the image. The data volume is attached to the first.
    # Nova shows a server booted from a volume with no image ({} to the SDK).
    assert [bool(s.image.get('id')) for s in servers] == [False, True, True]
    attached = {v['id']: admin.block_storage.get_volume(v['id'])
                for v in servers[0].attached_volumes}
    [boot] = [v for v in attached.values() if v.is_bootable]
    assert (boot.status, boot.size, boot.volume_image_metadata['image_name']) == \
        ('in-use', 1, 'cirros')
    volumes = [admin.block_storage.get_volume(i) for i in made['volumes']]
    [data_volume] = [v for v in volumes if v.id != boot.id]
    assert (data_volume.status, [a['server_id'] for a in data_volume.attachments]) == \
        ('in-use', [servers[0].id])
    assert set(attached) == {boot.id, data_volume.id}
    [router] = [admin.network.get_router(i) for i in made['routers']]
    public = admin.network.find_network('public', ignore_missing=False)
    assert router.external_gateway_info['network_id'] == public.id
    [fip] = [admin.network.get_ip(i) for i in made['floating_ips']]
    frontend = admin.compute.get_server(cli.outputs(name)['frontend_id'])
    assert (frontend.status, frontend.name) == ('ACTIVE', 'app-frontend')
    assert [p.device_id for p in admin.network.ports(id=fip.port_id)] == [frontend.id]
    assert fip.floating_network_id == public.id
    assert fip.floating_ip_address == cli.outputs(name)['floating_ip']
    [group] = [admin.network.get_security_group(i) for i in made['security_groups']]
    assert {(r['protocol'], r['port_range_min']) for r in group.security_group_rules
            if r['direction'] == 'ingress'} == {('tcp', 22), ('icmp', None)}

    # Scale to 5 and rename: the three servers keep their ids.
    cli('stack', 'update', '--existing', '--parameter', 'count=5',
        '--parameter', 'server_name=web', '--wait', name)
    assert cli.stack(name)['stack_status'] == 'UPDATE_COMPLETE'
    scaled = cli.outputs(name)['server_ids']
    assert scaled[:3] == ids and len(set(scaled)) == 5
    assert [s.name for s in servers_of(admin, scaled)] == [f'web-{i}' for i in range(5)]

    # A new flavor resizes every server in place.
    cli('stack', 'update', '--existing', '--parameter', 'flavor=m1.small', '--wait', name)
    assert cli.outputs(name)['server_ids'] == scaled
    assert {(s.status, s.flavor.name) for s in servers_of(admin, scaled)} == {
        ('ACTIVE', 'm1.small')}
    watch.look()

    # Suspend and resume, as Nova shows it.
    cli('stack', 'suspend', '--wait', name)
    assert cli.stack(name)['stack_status'] == 'SUSPEND_COMPLETE'
    assert {s.status for s in servers_of(admin, scaled)} == {'SUSPENDED'}
    cli('stack', 'resume', '--wait', name)
    assert cli.stack(name)['stack_status'] == 'RESUME_COMPLETE'
    assert {s.status for s in servers_of(admin, scaled)} == {'ACTIVE'}
    watch.look()

    cli('stack', 'delete', '--yes', '--wait', name)
    cli('stack', 'show', name, ok=False)
    assert watch.left() == {}


def test_a_server_boots_from_a_volume_made_from_the_image(cli, watch, minicloud):
    admin = support.patient(minicloud, 'admin')
    name = support.unique('bfv')
    cli('stack', 'create', '-t', support.APP, '--parameter', 'count=1', '--wait', name,
        timeout=600)
    [server_id] = cli.outputs(name)['server_ids']
    server = admin.compute.get_server(server_id)
    assert server.status == 'ACTIVE' and not server.image.get('id')
    boot = [admin.block_storage.get_volume(v['id']) for v in server.attached_volumes]
    assert sorted(v.is_bootable for v in boot) == [False, True]
    watch.look()
    cli('stack', 'delete', '--yes', '--wait', name)
    assert watch.left() == {}


def stand_in_for_the_hypervisor(admin, demo, watch, deadline):
    """The rig's fake virt driver never uploads a server snapshot's disk, so
    Nova leaves the image queued: once Nova is done with the servers, upload
    what a hypervisor would (as the image's owner, as Nova does). Returns
    how many images it completed."""
    objects = admin.image.images(owner=watch.project_id)
    queued = [i for i in objects if i.status == 'queued' and i.id in
              watch.look().get('images', {})]
    busy = [s for s in admin.compute.servers(details=True, all_projects=True,
                                              project_id=watch.project_id)
            if s.id in watch.seen.get('servers', {}) and s.task_state]
    if busy:
        return 0
    for image in queued:
        demo.image.update_image(image, disk_format='raw', container_format='bare')
        demo.image.get_image(image.id).upload(demo.image, data=b'disk\n' * 64)
    return len(queued)


def snapshot_taken(cli, name, label, admin, demo, watch):
    """Take a stack snapshot and wait until it is COMPLETE; its id."""
    snapshot_id = cli.json('stack', 'snapshot', 'create', name, '--name', label)['ID']
    deadline = time.monotonic() + 240
    while True:
        stand_in_for_the_hypervisor(admin, demo, watch, deadline)
        status = cli.json('stack', 'snapshot', 'show', name, snapshot_id)['snapshot']['status']
        if status == 'COMPLETE':
            return snapshot_id
        assert status == 'IN_PROGRESS', status
        assert time.monotonic() < deadline, f'the snapshot is still {status}'
        time.sleep(1)


def test_a_snapshot_is_restored_and_the_delete_leaves_nothing(cli, watch, minicloud):
    admin, demo = support.patient(minicloud, 'admin'), support.patient(minicloud, 'demo')
    name = support.unique('snap')
    cli('stack', 'create', '-t', support.APP, '--parameter', 'count=2',
        '--parameter', 'boot_from_volume=false', '--wait', name)
    ids = cli.outputs(name)['server_ids']
    before = watch.look()
    snapshot_id = snapshot_taken(cli, name, 'before', admin, demo, watch)
    made = watch.look()
    # A Nova image of the frontend server, a Cinder snapshot of the data
    # volume. (As in Heat, a stack snapshot does not reach into child
    # stacks: the group's servers are not imaged.)
    images = set(made.get('images', {})) - set(before.get('images', {}))
    volume_snapshots = set(made.get('volume_snapshots', {}))
    assert len(images) == 1, made
    assert len(volume_snapshots) == 1, made
    frontend = cli.outputs(name)['frontend_id']
    [image] = [admin.image.get_image(i) for i in images]
    assert image.status == 'active'

    cli('stack', 'update', '--existing', '--parameter', 'server_name=db', '--wait', name)
    assert [s.name for s in servers_of(admin, ids + [frontend])] == [
        'db-0', 'db-1', 'db-frontend']
    cli('stack', 'snapshot', 'restore', name, snapshot_id)
    cli.wait(name, 'RESTORE_COMPLETE')
    assert cli.outputs(name)['server_ids'] == ids
    assert cli.outputs(name)['frontend_id'] == frontend
    assert [s.name for s in servers_of(admin, ids + [frontend])] == [
        'app-0', 'app-1', 'app-frontend']

    # A second snapshot, deleted: its image and Cinder snapshot go with it,
    # the first's stay.
    second = snapshot_taken(cli, name, 'after', admin, demo, watch)
    now = watch.look()
    second_objects = {'images': set(now.get('images', {})) - images - set(
        before.get('images', {})),
        'volume_snapshots': set(now.get('volume_snapshots', {})) - volume_snapshots}
    assert [len(v) for v in second_objects.values()] == [1, 1], now
    cli('stack', 'snapshot', 'delete', name, second)
    deadline = time.monotonic() + 120
    while cli('stack', 'snapshot', 'show', name, second, ok=None).returncode == 0:
        assert time.monotonic() < deadline, 'the snapshot delete did not end'
        time.sleep(1)
    listed = cloud_inventory.listing(admin, watch.project_id)
    for kind, gone in second_objects.items():
        present = {o.id for o in listed[kind]}
        assert not gone & present, f'{kind} {gone & present} outlived their snapshot'
    assert images <= {o.id for o in listed['images']}
    assert volume_snapshots <= {o.id for o in listed['volume_snapshots']}

    # The stack delete deletes the first snapshot, its image and Cinder
    # snapshot first (Cinder deletes no volume that has snapshots).
    cli('stack', 'delete', '--yes', '--wait', name)
    cli('stack', 'show', name, ok=False)
    assert watch.left() == {}
