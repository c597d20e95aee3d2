"""Deleting stack snapshots and what their steps made, on the simulated
cloud: a failed delete of a copy is a clear failure (of the snapshot, and
of the stack delete waiting on it), never a silent leak; a slow one keeps
the snapshot, and the stack delete, waiting without blocking anyone."""
from heat_conv.cloud import errors as cloud_errors
from heat_conv.observer import poller
from heat_conv.plugin_interface import base
from heat_conv.resources.simulated import cloud_backed
from tests.scenarios.library import attr
from tests.scenarios.library import physical_ids
from tests.scenarios.library import res
from tests.scenarios.library import tmpl


def snapshotted(driver):
    driver.create(tmpl({'A': res('a'), 'B': res(attr('A'))}))
    assert driver.settle() == 'CREATE_COMPLETE'
    snap = driver.snapshot('before')
    assert driver.settle() == 'SNAPSHOT_COMPLETE'
    return snap


def copies(driver):
    ids = set(physical_ids(driver).values())
    return sorted(s['object']['id'] for s in driver.cloud.list_snapshots()
                  if s['object']['id'] in ids)


def refuse_snapshot_deletes(monkeypatch, driver):
    def refuse(snapshot_id):
        raise cloud_errors.CloudConflict(f'snapshot {snapshot_id} is busy')
    monkeypatch.setattr(driver.store, 'delete_snapshot', refuse)


def test_a_failed_copy_delete_fails_the_snapshot_delete_and_keeps_it(driver, monkeypatch):
    snap = snapshotted(driver)
    refuse_snapshot_deletes(monkeypatch, driver)
    driver.delete_snapshot(snap.id)
    [kept] = driver.snapshots()
    assert (kept.id, kept.action, kept.status) == (snap.id, 'DELETE', 'FAILED')
    assert 'Snapshot before: A: ' in kept.status_reason
    assert 'is busy' in kept.status_reason
    assert len(copies(driver)) == 2, 'nothing was forgotten that is still in the cloud'
    # Once the cloud lets it, deleting it again deletes it.
    monkeypatch.undo()
    driver.delete_snapshot(snap.id)
    assert driver.snapshots() == [] and copies(driver) == []


def test_a_failed_copy_delete_fails_the_stack_delete_with_the_reason(driver, monkeypatch):
    snapshotted(driver)
    objects = driver.scenario_cloud()
    refuse_snapshot_deletes(monkeypatch, driver)
    driver.delete()
    assert driver.settle() == 'DELETE_FAILED'
    reason = driver.stack().status_reason
    assert reason.startswith('Could not delete the stack snapshots: Snapshot before: ')
    assert 'is busy' in reason
    # The stack's objects are untouched, its snapshot kept: nothing leaks.
    assert driver.scenario_cloud() == objects
    assert [s.status for s in driver.snapshots()] == ['FAILED']
    monkeypatch.undo()
    driver.delete()
    assert driver.settle() == 'DELETE_COMPLETE'
    assert driver.snapshots() == [] and copies(driver) == []
    assert driver.scenario_cloud() == []


def test_a_slow_copy_delete_keeps_the_stack_delete_waiting_until_it_ends(
        driver, monkeypatch):
    snapshotted(driver)
    objects = driver.scenario_cloud()
    slow = {'B'}   # B's copy is still being deleted
    real = cloud_backed.CloudResource.delete_snapshot_data

    def delete_snapshot_data(plugin, resource_data):
        if plugin.name in slow:
            return base.Pending(plugin.physical_id)
        return real(plugin, resource_data)
    monkeypatch.setattr(cloud_backed.CloudResource, 'delete_snapshot_data',
                        delete_snapshot_data)
    driver.delete()
    driver.drain()
    assert driver.stack_status() == 'DELETE_IN_PROGRESS'
    assert [(s.action, s.status) for s in driver.snapshots()] == [('DELETE', 'IN_PROGRESS')]
    assert driver.scenario_cloud() == objects, 'nothing is deleted before the snapshots'
    # Each observer pass asks an engine to look again; nothing waits meanwhile.
    assert poller.nudge_snapshot_deletes() == 1
    driver.drain()
    assert driver.stack_status() == 'DELETE_IN_PROGRESS'
    slow.clear()
    assert poller.nudge_snapshot_deletes() == 1
    assert driver.settle() == 'DELETE_COMPLETE'
    assert poller.nudge_snapshot_deletes() == 0
    assert driver.snapshots() == [] and copies(driver) == []
    assert driver.scenario_cloud() == []


def test_a_copy_already_gone_is_deleted(driver):
    snap = snapshotted(driver)
    for copy in driver.cloud.list_snapshots():
        driver.cloud.delete_snapshot(copy['id'])
    driver.delete_snapshot(snap.id)
    assert driver.snapshots() == []
