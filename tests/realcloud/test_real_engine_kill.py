"""kill -9 of one of two engines in the middle of a create of servers and
volumes on the mini-cloud (heat-conv-api with Keystone auth, two
heat-conv-engine, heat-conv-observer, MariaDB, RabbitMQ): the surviving
engine finishes the stack, and Nova's and Cinder's own lists show exactly
one server and one volume per resource (found by the ownership metadata
heat-conv writes); the delete then leaves nothing."""
import collections
import time

import pytest

from tests.realcloud import cloud_inventory
from tests.realcloud import keystone_rig
from tests.realcloud import real_cluster
from tests.realcloud import real_stack_support as support

SERVERS, VOLUMES = 4, 3
TEMPLATE = {
    'heat_template_version': '2018-08-31',
    'resources': {
        'servers': {'type': 'OS::Heat::ResourceGroup', 'properties': {
            'count': SERVERS, 'resource_def': {
                'type': 'OS::Nova::Server', 'properties': {
                    'image': 'cirros', 'flavor': 'm1.tiny',
                    'networks': [{'allocate_network': 'none'}]}}}},
        'volumes': {'type': 'OS::Heat::ResourceGroup', 'properties': {
            'count': VOLUMES, 'resource_def': {
                'type': 'OS::Cinder::Volume', 'properties': {'size': 1}}}},
    },
}


@pytest.fixture
def cluster(rig, tmp_path):
    made = real_cluster.Cluster(rig, str(tmp_path))
    yield made
    made.close()


@pytest.fixture
def watch(minicloud, cluster):
    yield from support.watching(minicloud, cluster.db_url)


def owners(objects):
    """{(stack id, resource id): how many objects name it}."""
    counted = collections.Counter()
    for obj in objects:
        found = dict(obj.metadata or {})
        if found.get(cloud_inventory.STACK_KEY):
            counted[(found[cloud_inventory.STACK_KEY],
                     found.get('heat_conv_resource_id'))] += 1
    return counted


def test_kill_9_of_an_engine_mid_create_leaves_one_server_per_resource(
        rig, cluster, watch, minicloud):
    admin = support.patient(minicloud, 'admin')
    demo = keystone_rig.User(rig, 'demo', cluster)
    name = support.unique('kill')
    stack_id = demo.create(name, TEMPLATE)

    def ours(kind):
        objects = cloud_inventory.listing(admin, watch.project_id)[kind]
        stacks = support.stack_ids(cluster.db_url)
        return [o for o in objects if cloud_inventory.owner_stack(o) in stacks]

    # Kill the engine that holds a server's or a volume's row, as soon as
    # one does: its create is being asked for, or waited on.
    engines = {cluster.engine_id(proc): proc for proc in cluster.engines}
    deadline = time.monotonic() + 120
    while True:
        held = cluster.query(
            "SELECT engine_id, type, name FROM resource WHERE engine_id IS NOT NULL "
            "AND type IN ('OS::Nova::Server', 'OS::Cinder::Volume')")
        if held:
            break
        stack = demo.stack(name, stack_id)
        assert stack['stack_status'] == 'CREATE_IN_PROGRESS', stack
        assert time.monotonic() < deadline, 'no engine took a server or a volume'
        time.sleep(0.05)
    victim = engines[held[0][0]]
    cluster.kill(victim)
    assert demo.stack(name, stack_id)['stack_status'] == 'CREATE_IN_PROGRESS'

    demo.wait(name, stack_id, 'CREATE_COMPLETE', timeout=300)
    watch.look()
    servers, volumes = ours('servers'), ours('volumes')
    assert len(servers) == SERVERS and set(owners(servers).values()) == {1}, \
        owners(servers)
    assert len(volumes) == VOLUMES and set(owners(volumes).values()) == {1}, \
        owners(volumes)
    assert {s.status for s in servers} == {'ACTIVE'}
    assert {v.status for v in volumes} == {'available'}
    # Each is the one its resource records.
    resp = demo.request('GET', f'/stacks/{name}/{stack_id}/resources',
                        params={'nested_depth': 2})
    resp.raise_for_status()
    recorded = {r['physical_resource_id'] for r in resp.json()['resources']
                if r['resource_type'] in ('OS::Nova::Server', 'OS::Cinder::Volume')}
    assert recorded == {o.id for o in servers + volumes}

    resp = demo.request('DELETE', f'/stacks/{name}/{stack_id}')
    assert resp.status_code == 204, resp.text
    demo.wait(name, stack_id, None, timeout=300)
    assert watch.left() == {}
