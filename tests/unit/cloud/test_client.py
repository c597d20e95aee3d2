import os
import socket
import time

import pytest

from heat_conv.cloud import client as cloud_client
from heat_conv.cloud.client import CloudBadRequest
from heat_conv.cloud.client import CloudConflict
from heat_conv.cloud.client import CloudError
from heat_conv.cloud.client import CloudNotFound
from heat_conv.cloud.client import CloudTimeout
from heat_conv.cloud.client import CloudUnavailable
from heat_conv.cloud.client import HttpCloudClient
from heat_conv.cloud.client import LocalCloudClient
from heat_conv.cloud.faults import FaultPolicy
from heat_conv.common.config import CONF

META = {'stack_id': 's1', 'resource_name': 'web'}


@pytest.fixture(params=['local', 'http'])
def any_client(request, store):
    """The same behaviour is expected of both clients."""
    if request.param == 'local':
        request.getfixturevalue('fake_clock')
        return LocalCloudClient(store, FaultPolicy(seed=1))
    return request.getfixturevalue('http')


def test_lifecycle(fake_clock, any_client):
    c = any_client
    obj = c.create('web', 'T', {'v': 1}, META, wait_secs=10)
    assert obj['status'] == 'BUILDING'
    fake_clock.advance(10)
    assert c.get_many([obj['id'], 'gone']) == {obj['id']: c.get(obj['id']), 'gone': None}
    assert c.get(obj['id'])['status'] == 'ACTIVE'

    updated = c.update(obj['id'], {'v': 2}, wait_secs=5, fail=True)
    assert (updated['status'], updated['version']) == ('BUILDING', 2)
    fake_clock.advance(5)
    assert c.get(obj['id'])['status'] == 'ERROR'

    assert c.patch(obj['id'], {'w': 3})['properties'] == {'v': 2, 'w': 3}
    assert [o['id'] for o in c.list(stack_id='s1', resource_name='web')] == [obj['id']]
    assert c.list(stack_id='other') == []

    assert c.delete(obj['id'], wait_secs=5)['status'] == 'DELETING'
    fake_clock.advance(5)
    with pytest.raises(CloudNotFound):
        c.get(obj['id'])
    assert c.create('quick', 'T')['status'] == 'ACTIVE'


def test_errors_are_the_same_for_both_clients(fake_clock, any_client):
    c = any_client
    with pytest.raises(CloudNotFound) as err:
        c.delete('missing')
    assert err.value.status == 404
    with pytest.raises(CloudBadRequest):
        c.create('web', 'T', wait_secs=-3)
    obj = c.create('web', 'T')
    c.delete(obj['id'], wait_secs=5)
    with pytest.raises(CloudConflict):
        c.update(obj['id'], {})
    assert issubclass(CloudTimeout, CloudUnavailable)
    assert issubclass(CloudUnavailable, CloudError)


def test_injected_errors_drop_the_call(fake_clock, any_client):
    c = any_client
    c.set_faults(error_rate=1.0)
    with pytest.raises(CloudUnavailable) as err:
        c.create('web', 'T')
    assert err.value.status == 500
    with pytest.raises(CloudUnavailable):
        c.get_many([])
    c.set_faults(error_rate=0.0)
    assert c.list() == []


def test_out_of_band_patch_is_never_faulted(fake_clock, any_client):
    c = any_client
    obj = c.create('web', 'T')
    c.set_faults(error_rate=1.0)
    assert c.patch(obj['id'], {'a': 1})['version'] == 2


def test_finish_ends_a_pending_action_now(fake_clock, any_client):
    c = any_client
    obj = c.create('web', 'T', {'v': 1}, META, wait_secs=3600, fail=True)
    c.set_faults(error_rate=1.0)   # out-of-band: never faulted
    finished = c.finish(obj['id'])
    c.set_faults(error_rate=0.0)
    assert (finished['status'], finished['status_reason']) == \
        ('ERROR', 'Create failed (simulated)')
    assert c.finish(obj['id']) == c.get(obj['id']), 'nothing pending: no change'
    c.delete(obj['id'], wait_secs=3600)
    assert c.finish(obj['id']) is None
    with pytest.raises(CloudNotFound):
        c.finish(obj['id'])


def test_action_error_rate_makes_actions_end_in_error(fake_clock, any_client):
    c = any_client
    assert c.set_faults(action_error_rate=1.0)['action_error_rate'] == 1.0
    obj = c.create('web', 'T')
    assert obj['status'] == 'ERROR'
    assert c.update(obj['id'], {'a': 1})['status'] == 'ERROR'
    assert c.get_faults()['action_error_rate'] == 1.0


def test_local_timeouts_are_instant(store):
    c = LocalCloudClient(store, FaultPolicy(timeout_rate=1.0, hang_secs=60))
    start = time.monotonic()
    with pytest.raises(CloudTimeout):
        c.create('web', 'T')
    # Far below the 60 s hang however loaded the machine is.
    assert time.monotonic() - start < 30
    assert store.list() == []


def test_http_timeout_is_unavailable(server, store):
    server.app.faults.update(timeout_rate=1.0, hang_secs=1.0)
    quick = HttpCloudClient(server.url, timeout=0.1)
    with pytest.raises(CloudTimeout):
        quick.create('web', 'T')
    assert store.list() == []


def test_http_latency_is_real(server):
    server.app.faults.update(latency_secs=0.2)
    start = time.monotonic()
    HttpCloudClient(server.url).list()
    assert time.monotonic() - start >= 0.2


def test_connection_refused_is_unavailable():
    with socket.socket() as sock:
        sock.bind(('127.0.0.1', 0))
        port = sock.getsockname()[1]
    with pytest.raises(CloudUnavailable):
        HttpCloudClient(f'http://127.0.0.1:{port}', timeout=1).list()


@pytest.mark.parametrize('status, body, error', [
    (502, b'<html>Bad gateway</html>', CloudUnavailable),
    (503, b'', CloudUnavailable),
    (418, b'{"error": {"code": 418, "message": "teapot"}}', CloudError),
])
def test_http_statuses_map_to_errors(status, body, error):
    exc = cloud_client._error_from(status, 'Reason', body)
    assert type(exc) is error
    assert exc.status == status
    assert exc.message


@pytest.fixture
def fresh_factory(tmp_path):
    previous_client = cloud_client.set_client(None)
    previous_store = cloud_client.set_store(None)
    CONF.set_override('state_path', str(tmp_path / 'state'))
    yield
    store = cloud_client.set_store(previous_store)
    if store is not None:
        store.close()
    cloud_client.set_client(previous_client)
    CONF.clear_override('state_path')
    CONF.clear_override('url', group='cloud')
    CONF.clear_override('client_timeout', group='cloud')


def test_get_client_defaults_to_the_embedded_store(fresh_factory, tmp_path):
    c = cloud_client.get_client()
    assert isinstance(c, LocalCloudClient)
    assert c is cloud_client.get_client()
    assert c.store is cloud_client.get_store()
    assert c.store.path == str(tmp_path / 'state' / 'cloud.sqlite')
    assert os.path.exists(c.store.path)


def test_get_client_uses_http_when_a_url_is_set(fresh_factory):
    CONF.set_override('url', 'http://cloud.example:8005/', group='cloud')
    CONF.set_override('client_timeout', 2.5, group='cloud')
    c = cloud_client.get_client()
    assert isinstance(c, HttpCloudClient)
    assert (c.base_url, c.timeout) == ('http://cloud.example:8005', 2.5)


def test_set_client_installs_and_returns_the_previous(fresh_factory, store):
    mine = LocalCloudClient(store)
    assert cloud_client.set_client(mine) is None
    assert cloud_client.get_client() is mine
    assert cloud_client.set_client(None) is mine


def test_suspend_and_resume_take_time_and_repeat_harmlessly(fake_clock, any_client):
    obj = any_client.create('web', 'T', {'value': 'a'})
    suspending = any_client.power(obj['id'], 'SUSPEND', wait_secs=5)
    assert suspending['status'] == 'BUILDING'
    # Asked again while under way: the timer is kept.
    assert any_client.power(obj['id'], 'SUSPEND', wait_secs=50)['status'] == 'BUILDING'
    fake_clock.advance(5)
    assert any_client.get(obj['id'])['status'] == 'SUSPENDED'
    assert any_client.power(obj['id'], 'SUSPEND')['status'] == 'SUSPENDED'
    assert any_client.power(obj['id'], 'RESUME')['status'] == 'ACTIVE'
    assert any_client.get(obj['id'])['properties'] == {'value': 'a'}


def test_resume_of_an_active_object_changes_nothing_and_suspend_of_error_retries(
        fake_clock, any_client):
    obj = any_client.create('web', 'T')
    assert any_client.power(obj['id'], 'RESUME')['status'] == 'ACTIVE'
    failed = any_client.power(obj['id'], 'SUSPEND', fail=True)
    assert (failed['status'], failed['status_reason']) == ('ERROR', 'Suspend failed '
                                                                    '(simulated)')
    assert any_client.power(obj['id'], 'SUSPEND')['status'] == 'SUSPENDED'


def test_power_of_an_object_being_deleted_is_a_conflict(fake_clock, any_client):
    obj = any_client.create('web', 'T')
    any_client.delete(obj['id'], wait_secs=5)
    with pytest.raises(cloud_client.CloudConflict, match='cannot suspend'):
        any_client.power(obj['id'], 'SUSPEND')


def test_a_snapshot_outlives_its_object_and_is_taken_once(fake_clock, any_client):
    obj = any_client.create('web', 'T', {'value': 'a'})
    first = any_client.snapshot(obj['id'])
    any_client.update(obj['id'], {'value': 'b'})
    assert any_client.snapshot(obj['id']) == first, 'one snapshot per object'
    assert first['object']['properties'] == {'value': 'a'}
    any_client.delete(obj['id'])
    assert any_client.list_snapshots() == [first]
    with pytest.raises(CloudNotFound):
        any_client.snapshot('missing')


def test_each_label_has_its_own_snapshot_and_a_deleted_one_is_gone(fake_clock, any_client):
    obj = any_client.create('web', 'T', {'value': 'a'})
    kept = any_client.snapshot(obj['id'])
    first = any_client.snapshot(obj['id'], 'stack-snapshot-1')
    assert any_client.snapshot(obj['id'], 'stack-snapshot-1') == first
    any_client.update(obj['id'], {'value': 'b'})
    second = any_client.snapshot(obj['id'], 'stack-snapshot-2')
    assert second['object']['properties'] == {'value': 'b'}
    assert any_client.list_snapshots() == [kept, first, second]
    any_client.delete_snapshot(first['id'])
    assert any_client.list_snapshots() == [kept, second]
    with pytest.raises(CloudNotFound):
        any_client.delete_snapshot(first['id'])
