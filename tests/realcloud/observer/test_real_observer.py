"""The observer on real services (the mini-cloud): pending objects of a
project are asked about with one list call per service per pass, drift of
an object deleted or changed behind heat-conv's back is seen within two
passes and repaired by a converge, and a stack at rest costs one call per
service per drift pass.

Resources are made through the engine (the deterministic driver) with
two tiny plugins on the observer contract, as the rig's demo member.
"""
import collections
import time
import uuid

import pytest

from heat_conv.common import config
from heat_conv.common import context
from heat_conv.engine.core import stack_operations
from heat_conv.observer import drift
from heat_conv.observer import poller
from heat_conv.observer import reality
from heat_conv.observer import service as observer_service
from tests import resource_types
from tests.realcloud.observer import real_plugins
from tests.scenarios import local_driver
from tests.scenarios.library import tmpl

CONF = config.CONF
# Real seconds to wait for the cloud before a test gives up (not a measure).
PATIENCE = 120


class Requests:
    """Every HTTP request a connection makes, by (method, service port)."""

    def __init__(self, conn):
        self.seen = []
        conn.session.session.hooks['response'].append(self._record)

    def _record(self, response, *args, **kwargs):
        self.seen.append((response.request.method, response.request.path_url,
                          response.url))

    def take(self):
        seen, self.seen = self.seen, []
        return seen


@pytest.fixture
def requests_made(demo_cloud):
    # Version discovery and the token happen once per connection: before.
    list(demo_cloud.network.ports(limit=1))
    list(demo_cloud.block_storage.volumes(limit=1))
    recorder = Requests(demo_cloud)
    yield recorder
    demo_cloud.session.session.hooks['response'].remove(recorder._record)


@pytest.fixture
def network(demo_cloud):
    net = demo_cloud.network.create_network(name=f'heat-conv-observer-{uuid.uuid4().hex[:8]}')
    yield net
    for port in demo_cloud.network.ports(network_id=net.id):
        demo_cloud.network.delete_port(port, ignore_missing=True)
    demo_cloud.network.delete_network(net, ignore_missing=True)


@pytest.fixture
def driver(db, fake_clock, demo_cloud, monkeypatch):
    resource_types.register(monkeypatch, *real_plugins.resource_mapping().values())
    monkeypatch.setattr(real_plugins._Injected, 'connection', demo_cloud)
    monkeypatch.setattr(reality, 'default_connection_for', lambda stack_id: demo_cloud)
    d = local_driver.LocalDriver(fake_clock)
    project = demo_cloud.current_project_id
    d.ctx = context.RequestContext(project_id=project, user_id=demo_cloud.current_user_id)
    yield d
    _remove_volumes(demo_cloud, d)
    d.close()


def _remove_volumes(conn, driver):
    """Whatever volume a failed test left behind (the network's fixture
    takes the ports)."""
    mine = {row.physical_resource_id for row in driver.rows()} if driver.stack_id else set()
    for volume in conn.block_storage.volumes(details=True):
        if volume.id in mine:
            conn.block_storage.delete_volume(volume, ignore_missing=True)


def _template(network, ports=3, volumes=2):
    resources = {f'port{i}': {'type': 'Test::Real::Port',
                              'properties': {'network': network.id, 'name': f'port{i}'}}
                 for i in range(ports)}
    resources.update({f'vol{i}': {'type': 'Test::Real::Volume',
                                  'properties': {'size': 1, 'name': f'vol{i}'}}
                      for i in range(volumes)})
    return tmpl(resources)


def _list_calls(requests):
    """{service: GET calls} of recorded requests."""
    calls = collections.Counter()
    for method, path, _ in requests:
        if method == 'GET' and path.startswith('/v2.0/ports'):
            calls['network'] += 1
        elif method == 'GET' and '/volumes' in path:
            calls['block-storage'] += 1
        else:
            calls[f'other: {method} {path}'] += 1
    return dict(calls)


def _observe_until_settled(driver, requests, status):
    """Poll (one pass at a time) and run the engine until the stack's
    operation ends; returns the calls each pass made."""
    passes = []
    deadline = time.monotonic() + PATIENCE
    while driver.stack().status == 'IN_PROGRESS':
        assert time.monotonic() < deadline, 'the cloud did not settle'
        requests.take()
        poller.poll_pending(driver.cloud)
        passes.append(_list_calls(requests.take()))
        driver.run_until(lambda: not driver.queue, 'the reports to be handled')
        time.sleep(0.1)
    assert driver.stack_status() == status
    return passes


def test_pending_objects_are_asked_about_in_one_call_per_service(driver, network,
                                                                 requests_made, demo_cloud):
    driver.create(_template(network, ports=3, volumes=2))
    driver.run_until(lambda: not driver.queue, 'the creates to start')
    passes = _observe_until_settled(driver, requests_made, 'CREATE_COMPLETE')
    # Every pass: one list call per service that still had something pending.
    assert passes[0] == {'network': 1, 'block-storage': 1}
    assert all(set(p.values()) == {1} and set(p) <= {'network', 'block-storage'}
               for p in passes), passes
    rows = driver.resources()
    assert demo_cloud.block_storage.get_volume(rows['vol0'].physical_resource_id) \
        .status == 'available'
    driver.delete()
    _observe_until_settled(driver, requests_made, 'DELETE_COMPLETE')
    ids = {row.physical_resource_id for row in rows.values()}
    assert not [p for p in demo_cloud.network.ports(network_id=network.id) if p.id in ids]
    assert not [v for v in demo_cloud.block_storage.volumes() if v.id in ids]


def _built(driver, network, requests, ports=1, volumes=1):
    driver.create(_template(network, ports=ports, volumes=volumes))
    driver.run_until(lambda: not driver.queue, 'the creates to start')
    _observe_until_settled(driver, requests, 'CREATE_COMPLETE')
    return {name: row.physical_resource_id for name, row in driver.resources().items()}


def test_drift_of_real_objects_is_seen_within_two_passes_and_converged_away(
        driver, network, requests_made, demo_cloud):
    ids = _built(driver, network, requests_made)
    observer = observer_service.Observer(driver.cloud)
    observer.run_pass()
    assert {r.drift_status for r in driver.resources().values()} == {'IN_SYNC'}
    demo_cloud.network.delete_port(ids['port0'])
    demo_cloud.block_storage.update_volume(ids['vol0'], name='renamed by hand')
    seen = None
    for passes in (1, 2):
        driver.clock.advance(CONF.observer.drift_interval)
        observer.run_pass()
        rows = driver.resources()
        if rows['port0'].drift_status == 'DELETED' and rows['vol0'].drift_status == 'MODIFIED':
            seen = passes
            break
    assert seen is not None, 'drift not seen within two passes'
    assert rows['vol0'].drift_detail == {
        'name': {'expected': 'vol0', 'actual': 'renamed by hand'}}
    stack_operations.update_stack(driver.ctx, driver.stack_id, existing=True,
                                  converge=True)
    driver.run_until(lambda: not driver.queue, 'the converge to start')
    _observe_until_settled(driver, requests_made, 'UPDATE_COMPLETE')
    rows = driver.resources()
    assert rows['vol0'].physical_resource_id == ids['vol0']       # renamed back
    assert demo_cloud.block_storage.get_volume(ids['vol0']).name == 'vol0'
    new_port = rows['port0'].physical_resource_id
    assert new_port != ids['port0']                                  # made again
    assert demo_cloud.network.get_port(new_port).name == 'port0'
    drift.observe([driver.stack_id], driver.cloud)
    assert {r.drift_status for r in driver.resources().values()} == {'IN_SYNC'}
    driver.delete()
    _observe_until_settled(driver, requests_made, 'DELETE_COMPLETE')


def test_a_stack_at_rest_costs_one_call_per_service_per_drift_pass(
        driver, network, requests_made):
    _built(driver, network, requests_made, ports=6, volumes=3)
    observer = observer_service.Observer(driver.cloud)
    calls = []
    for _ in range(3):
        requests_made.take()
        observer.run_pass()   # a poll (nothing pending) and a drift pass
        calls.append(_list_calls(requests_made.take()))
        for _ in range(5):    # polls within the drift interval
            driver.clock.advance(CONF.observer.drift_interval / 5 - 0.01)
            assert observer.run_pass() is None
        calls[-1] = dict(collections.Counter(calls[-1]) +
                         collections.Counter(_list_calls(requests_made.take())))
        driver.clock.advance(0.05)
    assert calls == [{'network': 1, 'block-storage': 1}] * 3
    driver.delete()
    _observe_until_settled(driver, requests_made, 'DELETE_COMPLETE')
