"""Bring a simulated cloud's store file written by an older heat-conv to
today's shape, so that upgrading never loses a user's objects or snapshots.

The store is a plain SQLite file (state_path/cloud.sqlite) with no
migration history of its own, so each change of shape is recognised by
what the file holds and done once, in one transaction, before the store's
schema script runs (whose CREATE ... IF NOT EXISTS would leave an old
table as it is).
"""


def _columns(db, table):
    return [row[1] for row in db.execute(f'PRAGMA table_info({table})')]


def _label_snapshots(db, snapshots_ddl):
    # Before stack snapshots kept their own copies, an object had at most
    # one snapshot (the copy a delete with a snapshot keeps), which is the
    # label '' copy of today.
    db.executescript(
        'BEGIN IMMEDIATE;'
        ' ALTER TABLE snapshots RENAME TO snapshots_unlabelled;'
        + snapshots_ddl +
        " INSERT INTO snapshots (seq, id, object_id, label, object, created_at)"
        " SELECT seq, id, object_id, '', object, created_at FROM snapshots_unlabelled;"
        ' DROP TABLE snapshots_unlabelled;'
        ' COMMIT;')


def upgrade(db, snapshots_ddl):
    """Upgrade the store open on ``db`` (autocommit mode) in place;
    ``snapshots_ddl``: today's snapshots table."""
    columns = _columns(db, 'snapshots')
    if columns and 'label' not in columns:
        _label_snapshots(db, snapshots_ddl)
    columns = _columns(db, 'objects')
    if columns and 'settled_at' not in columns:
        # Objects settled before settles were stamped show none.
        db.execute('ALTER TABLE objects ADD COLUMN settled_at REAL')
