"""A store file written before snapshots had labels opens with its
objects and snapshots intact, and takes labelled snapshots afterwards."""
import json
import sqlite3

from heat_conv.cloud.store import CloudStore

_OLD_SNAPSHOTS = """
CREATE TABLE snapshots (
    seq INTEGER PRIMARY KEY AUTOINCREMENT,
    id TEXT NOT NULL UNIQUE,
    object_id TEXT NOT NULL UNIQUE,
    object TEXT NOT NULL,
    created_at TEXT NOT NULL
);
"""


def _old_store(path):
    """A store as an older heat-conv left it: one object, which was
    deleted with a snapshot kept."""
    store = CloudStore(str(path))
    obj = store.create('web', 'OS::Heat::TestResource', {'value': 'a'})
    store.close()
    db = sqlite3.connect(str(path))
    db.executescript('DROP TABLE snapshots;' + _OLD_SNAPSHOTS)
    db.execute('INSERT INTO snapshots (id, object_id, object, created_at)'
               " VALUES ('snap-1', ?, ?, '2026-01-01T00:00:00')",
               (obj['id'], json.dumps(obj)))
    db.commit()
    db.close()
    return obj


def test_an_old_store_keeps_its_objects_and_snapshots(tmp_path):
    path = tmp_path / 'cloud.sqlite'
    obj = _old_store(path)
    store = CloudStore(str(path))
    assert store.get(obj['id'])['name'] == 'web'
    [kept] = store.list_snapshots()
    assert (kept['id'], kept['object']['id']) == ('snap-1', obj['id'])
    # The old copy is the label '' one: asking for it again makes no second.
    assert store.snapshot(obj['id'])['id'] == 'snap-1'
    labelled = store.snapshot(obj['id'], label='stack-snapshot-1')
    assert labelled['id'] != 'snap-1'
    assert len(store.list_snapshots()) == 2
    store.close()


def test_an_upgraded_store_opens_again_unchanged(tmp_path):
    path = tmp_path / 'cloud.sqlite'
    _old_store(path)
    CloudStore(str(path)).close()
    store = CloudStore(str(path))
    assert [s['id'] for s in store.list_snapshots()] == ['snap-1']
    store.close()
