"""Which objects changed since a point: the simulated cloud's change feed.

The observer compares every resource with its object once, then asks only
"what changed since my last look?" (``CloudStore.changes``): a drift pass
over stacks at rest costs one small call, however many objects they hold.

SQLite triggers record every insert, update and delete of an object in
``changes``, in the transaction that made it, so no code path of the store
can forget to (an out-of-band patch, a settle, a restart's first call).
A token names the store (its ``epoch``, made once with the file) and the
last change seen. The log keeps KEEP_SECONDS of changes; a token older
than that, of another store, or from the future (a store file replaced by
an older copy) gets None: "I cannot say, look at everything".
"""
import time

# Long enough for any observer's passes (drift_interval is seconds to
# minutes); short enough that a busy cloud's log stays small.
KEEP_SECONDS = 3600.0

DDL = """
CREATE TABLE IF NOT EXISTS changes (
    seq INTEGER PRIMARY KEY AUTOINCREMENT,
    object_id TEXT NOT NULL,
    at REAL NOT NULL DEFAULT ((julianday('now') - 2440587.5) * 86400.0)
);
CREATE TRIGGER IF NOT EXISTS objects_inserted AFTER INSERT ON objects
BEGIN INSERT INTO changes (object_id) VALUES (NEW.id); END;
CREATE TRIGGER IF NOT EXISTS objects_updated AFTER UPDATE ON objects
BEGIN INSERT INTO changes (object_id) VALUES (NEW.id); END;
CREATE TRIGGER IF NOT EXISTS objects_deleted AFTER DELETE ON objects
BEGIN INSERT INTO changes (object_id) VALUES (OLD.id); END;
CREATE TABLE IF NOT EXISTS change_log (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    epoch TEXT NOT NULL,
    pruned_through INTEGER NOT NULL DEFAULT 0
);
INSERT OR IGNORE INTO change_log (id, epoch) VALUES (1, lower(hex(randomblob(8))));
"""


def _last_seq(db):
    row = db.execute("SELECT seq FROM sqlite_sequence WHERE name = 'changes'").fetchone()
    return row[0] if row else 0


def _prune(db, now):
    (through,) = db.execute('SELECT MAX(seq) FROM changes WHERE at < ?',
                            (now - KEEP_SECONDS,)).fetchone()
    if through is not None:
        db.execute('DELETE FROM changes WHERE seq <= ?', (through,))
        db.execute('UPDATE change_log SET pruned_through = MAX(pruned_through, ?)',
                   (through,))


def since(db, token):
    """(a token for now, the ids of the objects changed since ``token`` or
    None when that cannot be said). Call inside the store's transaction."""
    _prune(db, time.time())
    epoch, pruned_through = db.execute(
        'SELECT epoch, pruned_through FROM change_log').fetchone()
    last = _last_seq(db)
    now = f'{epoch}.{last}'
    seen_epoch, _, seen = (token or '').partition('.')
    if seen_epoch != epoch or not seen.isdigit() \
            or not pruned_through <= int(seen) <= last:
        return now, None
    ids = [object_id for (object_id,) in db.execute(
        'SELECT DISTINCT object_id FROM changes WHERE seq > ? AND seq <= ?',
        (int(seen), last))]
    return now, ids
