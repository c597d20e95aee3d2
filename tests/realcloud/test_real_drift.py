"""Drift on the mini-cloud, end to end: a server deleted through Nova behind
heat-conv's back shows as DELETED in ``openstack stack drift`` within two
of the observer's drift passes, and ``stack update --existing --converge``
makes a new one; as the non-admin ``demo``, through Keystone."""
import time

import pytest

from tests.realcloud import real_stack_support as support

# Short, so the test sees several passes; each is one list call per
# service for the project (the observer's budget, tested elsewhere).
DRIFT_INTERVAL = 2
TEMPLATE = """heat_template_version: 2018-08-31
resources:
  net:
    type: OS::Neutron::Net
  subnet:
    type: OS::Neutron::Subnet
    properties: {network: {get_resource: net}, cidr: 10.67.0.0/24}
  server:
    type: OS::Nova::Server
    depends_on: subnet
    properties:
      image: cirros
      flavor: m1.tiny
      networks: [{network: {get_resource: net}}]
"""


@pytest.fixture(scope='module')
def heat_conv(rig, tmp_path_factory):
    service = support.start_heat_conv(
        rig, tmp_path_factory.mktemp('real-drift'),
        extra_conf=f'[observer]\ndrift_interval = {DRIFT_INTERVAL}\n')
    yield service
    service.kill()


@pytest.fixture
def cli(rig, heat_conv, tmp_path):
    return support.Cli(rig, heat_conv, tmp_path)


@pytest.fixture
def watch(minicloud, heat_conv):
    yield from support.watching(minicloud, heat_conv.db_url)


def drift_of(cli, name, resource):
    """(drift status, checked time) of ``resource`` in ``stack drift``."""
    rows = [r for r in cli.json('stack', 'drift', name) if r['Resource'] == resource]
    assert rows, f'stack drift shows no row for {resource}'
    return rows[0]['Drift'], rows[0]['Checked']


def test_a_server_deleted_through_nova_is_drift_and_converge_recreates_it(
        cli, watch, minicloud, tmp_path):
    demo = support.patient(minicloud, 'demo')
    template = tmp_path / 'drift.yaml'
    template.write_text(TEMPLATE)
    name = support.unique('drift')
    cli('stack', 'create', '-t', str(template), '--wait', name)
    watch.look()
    server_id = cli.json('stack', 'resource', 'show', name, 'server')['physical_resource_id']
    status, _ = drift_of(cli, name, 'server')
    assert status in ('IN_SYNC', 'NOT_CHECKED')

    demo.compute.delete_server(server_id)
    demo.compute.wait_for_delete(demo.compute.get_server(server_id), wait=120)
    # From now on every drift pass sees the server gone: the second pass
    # that checks it after this point must say so.
    _, checked_at_deletion = drift_of(cli, name, 'server')
    passes = []
    deadline = time.monotonic() + 20 * DRIFT_INTERVAL
    while True:
        status, checked = drift_of(cli, name, 'server')
        if checked != checked_at_deletion and checked not in passes:
            passes.append(checked)
        if status == 'DELETED' or len(passes) >= 2:
            break
        assert time.monotonic() < deadline, 'the observer checked the server no more'
        time.sleep(DRIFT_INTERVAL / 4)
    assert status == 'DELETED', f'still {status} after the drift passes at {passes}'
    drifted = cli.json('stack', 'drift', name, '--drifted')
    assert [(r['Resource'], r['Drift']) for r in drifted] == [('server', 'DELETED')]

    cli('stack', 'update', '--existing', '--converge', '--wait', name)
    new_id = cli.json('stack', 'resource', 'show', name, 'server')['physical_resource_id']
    assert new_id and new_id != server_id
    assert demo.compute.get_server(new_id).status == 'ACTIVE'
    assert demo.compute.find_server(server_id) is None
    watch.look()
    cli('stack', 'delete', '--yes', '--wait', name)
    assert watch.left() == {}
