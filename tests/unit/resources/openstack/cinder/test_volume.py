"""OS::Cinder::Volume's stack snapshots, against a stand-in for Cinder."""
import types
from unittest import mock

from openstack import exceptions as sdk_exc

from heat_conv.plugin_interface import base
from heat_conv.resources.openstack.cinder import volume as volume_mod

TAKEN = {'snapshot_taken_id': 'snap-1'}


def _volume(block_storage):
    cloud = types.SimpleNamespace(block_storage=block_storage)
    return volume_mod.Volume('data', 'stack-1', {'size': 1}, physical_id='vol-1',
                             cloud=cloud)


def _cinder(status=None):
    """Cinder, holding snapshot snap-1 in ``status`` (None: it has none)."""
    cinder = mock.Mock()
    if status is None:
        cinder.get_snapshot.side_effect = sdk_exc.NotFoundException('no snap-1')
    else:
        cinder.get_snapshot.return_value = types.SimpleNamespace(id='snap-1',
                                                                 status=status)
    return cinder


def test_a_snapshot_delete_starts_cinders_and_waits_until_the_snapshot_is_gone():
    cinder = _cinder('available')
    plugin = _volume(cinder)
    assert plugin.delete_snapshot_data(TAKEN) == base.Pending('vol-1')
    cinder.delete_snapshot.assert_called_once_with('snap-1', ignore_missing=False)
    # Asked again while Cinder deletes it: still going, and no second delete.
    cinder = _cinder('deleting')
    assert _volume(cinder).delete_snapshot_data(TAKEN) == base.Pending('vol-1')
    cinder.delete_snapshot.assert_not_called()
    assert _volume(_cinder()).delete_snapshot_data(TAKEN) == base.Done()


def test_a_snapshot_gone_or_never_taken_is_deleted():
    cinder = _cinder()
    assert _volume(cinder).delete_snapshot_data(TAKEN) == base.Done()
    cinder.delete_snapshot.assert_not_called()
    # The volume's own snapshot_id attribute (its source) is never deleted.
    cinder = _cinder('available')
    assert _volume(cinder).delete_snapshot_data({'snapshot_id': 'source'}) == base.Done()
    cinder.get_snapshot.assert_not_called()
    cinder.delete_snapshot.assert_not_called()


def test_a_failed_snapshot_delete_is_a_failure_with_cinders_reason():
    failed = _volume(_cinder('error_deleting')).delete_snapshot_data(TAKEN)
    assert failed == base.Failed('Cinder could not delete snapshot snap-1 of volume data: '
                                 'it went to status error_deleting')
    cinder = _cinder('available')
    cinder.delete_snapshot.side_effect = sdk_exc.BadRequestException(
        'Invalid snapshot: Snapshot status must be available or error', http_status=400)
    failed = _volume(cinder).delete_snapshot_data(TAKEN)
    assert failed.reason.startswith('Cinder could not delete snapshot snap-1 of volume '
                                    'data: BadRequestException (400)')
    assert 'must be available or error' in failed.reason
