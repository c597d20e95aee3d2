"""Cinder's constraints: volumes, snapshots and backups by name or id (by
name needs Cinder's resource_filters to allow it, as it does by default),
and volume types by name or id."""
SERVICE_TYPE = 'block-storage'

LOOKUPS = {
    'cinder.volume': lambda conn, value: conn.block_storage.find_volume(
        value, ignore_missing=False),
    'cinder.snapshot': lambda conn, value: conn.block_storage.find_snapshot(
        value, ignore_missing=False),
    # OS::Cinder::Volume's backup_id, AWS::EC2::Volume's SnapshotId.
    'cinder.backup': lambda conn, value: conn.block_storage.find_backup(
        value, ignore_missing=False),
    'cinder.vtype': lambda conn, value: conn.block_storage.find_type(
        value, ignore_missing=False),
}
