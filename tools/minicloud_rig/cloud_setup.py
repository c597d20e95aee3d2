"""What the demo and alt users find in the cloud: flavors, an image, an
external network, and quotas large enough for heat-conv's tests."""
FLAVORS = [  # name, id, ram MiB, vcpus, disk GiB
    ('m1.tiny', '1', 512, 1, 1),
    ('m1.small', '2', 2048, 1, 20),
    ('m1.medium', '3', 4096, 2, 40),
]
IMAGE = 'cirros'
# Not a bootable disk: there is nothing to boot it (no data plane). Plain
# text, so that Glance's format inspection sees raw data and no other format.
IMAGE_DATA = b'minicloud stand-in for a cirros disk image\n' * 200
PUBLIC_NET = 'public'
PUBLIC_CIDR = '172.24.4.0/24'
COMPUTE_QUOTA = dict(instances=80, cores=400, ram=819200, key_pairs=100,
                     server_groups=20, server_group_members=100)
VOLUME_QUOTA = dict(volumes=30, gigabytes=1000, snapshots=30, backups=10)
NETWORK_QUOTA = dict(network=50, subnet=50, port=300, router=20,
                     floatingip=60, security_group=60,
                     security_group_rule=600)


def ensure_flavors(conn):
    have = {f.name for f in conn.compute.flavors(is_public=None)}
    for name, flavor_id, ram, vcpus, disk in FLAVORS:
        if name not in have:
            conn.compute.create_flavor(name=name, id=flavor_id, ram=ram,
                                       vcpus=vcpus, disk=disk,
                                       is_public=True)


def ensure_image(conn):
    for image in conn.image.images(name=IMAGE):
        if image.status == 'active':
            return image.id
        conn.image.delete_image(image)
    image = conn.image.create_image(
        name=IMAGE, disk_format='raw', container_format='bare',
        visibility='public', data=IMAGE_DATA, allow_duplicates=True)
    return image.id


def ensure_public_network(conn):
    net = conn.network.find_network(PUBLIC_NET)
    if net is None:
        net = conn.network.create_network(
            name=PUBLIC_NET, is_router_external=True,
            provider_network_type='flat',
            provider_physical_network=PUBLIC_NET)
    if not list(conn.network.subnets(network_id=net.id)):
        conn.network.create_subnet(
            name=PUBLIC_NET + '-subnet', network_id=net.id, ip_version=4,
            cidr=PUBLIC_CIDR, gateway_ip='172.24.4.1', is_dhcp_enabled=False,
            allocation_pools=[{'start': '172.24.4.10',
                               'end': '172.24.4.250'}])
    return net.id


def ensure_quotas(conn, project_ids):
    for project_id in project_ids:
        conn.set_compute_quotas(project_id, **COMPUTE_QUOTA)
        conn.set_volume_quotas(project_id, **VOLUME_QUOTA)
        conn.set_network_quotas(project_id, **NETWORK_QUOTA)


def setup(conn, project_ids):
    ensure_flavors(conn)
    ensure_image(conn)
    ensure_public_network(conn)
    ensure_quotas(conn, project_ids)
