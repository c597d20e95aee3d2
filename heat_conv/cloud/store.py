"""The simulated cloud's objects, kept in SQLite.

Actions take simulated time: each one records when it will be done
(``done_at``, in ``timeutils.now()`` seconds) and what it will end as.
Nothing runs in the background; every call first settles, in the database,
the actions whose time has come. Settling is written back rather than
computed on the fly, so an object seen ACTIVE stays ACTIVE until the next
action even if the clock steps backwards, and a file store carries its
pending actions across a restart of its process. A settle is stamped
(``settled_at``, when its action's time came) and, once committed, handed
to ``on_settled`` if set: heat_conv.cloud.settle_notices times the settles
and tells the observers of them.
"""
import contextlib
import json
import sqlite3
import threading
import uuid

from heat_conv.cloud import change_log
from heat_conv.cloud import store_upgrade
from heat_conv.cloud.errors import CloudBadRequest
from heat_conv.cloud.errors import CloudConflict
from heat_conv.cloud.errors import CloudNotFound
from heat_conv.common import timeutils

BUILDING = 'BUILDING'
ACTIVE = 'ACTIVE'
ERROR = 'ERROR'
DELETING = 'DELETING'
SUSPENDED = 'SUSPENDED'
STATUSES = (BUILDING, ACTIVE, ERROR, DELETING, SUSPENDED)

# Suspend and resume: (the status they start from, the status they end in).
POWER_ACTIONS = {'SUSPEND': (ACTIVE, SUSPENDED), 'RESUME': (SUSPENDED, ACTIVE)}

# Copies of objects: the one a delete with a snapshot keeps (label ''), and
# one per stack snapshot that took one (its own label).
_SNAPSHOTS = """
CREATE TABLE IF NOT EXISTS snapshots (
    seq INTEGER PRIMARY KEY AUTOINCREMENT,
    id TEXT NOT NULL UNIQUE,
    object_id TEXT NOT NULL,
    label TEXT NOT NULL,
    object TEXT NOT NULL,
    created_at TEXT NOT NULL,
    UNIQUE (object_id, label)
);
"""

_SCHEMA = _SNAPSHOTS + """
CREATE TABLE IF NOT EXISTS objects (
    seq INTEGER PRIMARY KEY AUTOINCREMENT,
    id TEXT NOT NULL UNIQUE,
    name TEXT NOT NULL,
    type TEXT NOT NULL,
    status TEXT NOT NULL,
    status_reason TEXT NOT NULL,
    properties TEXT NOT NULL,
    metadata TEXT NOT NULL,
    stack_id TEXT,
    resource_name TEXT,
    version INTEGER NOT NULL,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    -- the action in flight (CREATE, UPDATE, DELETE) and how it ends;
    -- a NULL failure means it ends ACTIVE
    pending TEXT,
    done_at REAL,
    failure TEXT,
    -- when the last action settled (its done_at), in timeutils.now() seconds
    settled_at REAL
);
CREATE INDEX IF NOT EXISTS objects_by_stack ON objects (stack_id, resource_name);
CREATE INDEX IF NOT EXISTS objects_by_done_at ON objects (done_at);
-- the call log (log_calls): every engine-facing change asked of the cloud,
-- written in the transaction that made it; acted = it began an action
CREATE TABLE IF NOT EXISTS calls (
    seq INTEGER PRIMARY KEY AUTOINCREMENT,
    at REAL NOT NULL,
    call TEXT NOT NULL,
    object_id TEXT NOT NULL,
    acted INTEGER NOT NULL,
    object_version INTEGER,
    properties TEXT,
    caller TEXT NOT NULL
);
"""

_COLUMNS = ('id, name, type, status, status_reason, properties, metadata, '
            'version, created_at, updated_at, settled_at')

# SQLite caps bound parameters per statement (999 in older builds).
_MAX_PARAMS = 500


def _now_iso():
    return timeutils.isotime(timeutils.utcnow())


def _to_dict(row):
    return {
        'id': row[0], 'name': row[1], 'type': row[2], 'status': row[3],
        'status_reason': row[4], 'properties': json.loads(row[5]),
        'metadata': json.loads(row[6]), 'version': row[7],
        'created_at': row[8], 'updated_at': row[9], 'settled_at': row[10],
    }


def _json_object(value, what):
    """``value`` (a dict, None meaning empty) as the JSON text to store."""
    if value is None:
        return '{}'
    if not isinstance(value, dict):
        raise CloudBadRequest(f'{what} must be an object, not {type(value).__name__}')
    try:
        return json.dumps(value)
    except (TypeError, ValueError) as exc:
        raise CloudBadRequest(f'{what} is not JSON-serialisable: {exc}')


def _check_str(value, what):
    if not isinstance(value, str) or not value:
        raise CloudBadRequest(f'{what} must be a non-empty string')
    return value


def _check_wait(wait_secs):
    if isinstance(wait_secs, bool) or not isinstance(wait_secs, (int, float)) \
            or not wait_secs >= 0:
        raise CloudBadRequest('wait_secs must be a number >= 0')
    return float(wait_secs)


def _check_fail(fail):
    if not isinstance(fail, bool):
        raise CloudBadRequest('fail must be true or false')
    return fail


class CloudStore:
    """Objects of the simulated cloud; thread-safe, one SQLite connection.

    ``path`` None keeps everything in memory; a file path persists it.
    ``log_calls``: keep the call log (``calls``) of the changes asked with
    a ``caller``.
    """

    def __init__(self, path=None, log_calls=False):
        self.path = path
        self.log_calls = log_calls
        self._lock = threading.Lock()
        # on_settled(objects): what a committed transaction settled, each
        # {id, type, status, settled_at} (status DELETED: gone), called
        # after the commit, outside the lock. on_due(): an action began
        # that ends later, called inside the lock (it must only signal).
        self.on_settled = None
        self.on_due = None
        self._settled = []
        # Autocommit mode: transactions are opened explicitly with BEGIN
        # IMMEDIATE so that settling and the call itself are one atomic step,
        # even when several processes share a file.
        self._db = sqlite3.connect(path or ':memory:', check_same_thread=False,
                                   isolation_level=None, timeout=30)
        with self._lock:
            # Write-ahead log without an fsync per commit: a commit is in
            # the file (the OS's cache) when the call answers, so every
            # restart of a process, even a kill -9, finds it, and stores
            # that share the file see it; only a crash of the machine
            # itself may lose the last calls, never corrupt the file. The
            # rollback journal's fsyncs cost more CPU than the rest of a
            # call, for a durability a simulated cloud does not need.
            self._db.execute('PRAGMA journal_mode = WAL')
            self._db.execute('PRAGMA synchronous = NORMAL')
            store_upgrade.upgrade(self._db, _SNAPSHOTS)
            self._db.executescript(_SCHEMA)
            self._db.executescript(change_log.DDL)

    def close(self):
        with self._lock:
            self._db.close()

    @contextlib.contextmanager
    def _transaction(self):
        with self._lock:
            self._db.execute('BEGIN IMMEDIATE')
            try:
                yield
            except BaseException:
                self._db.execute('ROLLBACK')
                self._settled = []
                raise
            self._db.execute('COMMIT')
            settled, self._settled = self._settled, []
        if settled and self.on_settled is not None:
            self.on_settled(settled)

    def _settle(self, now, quiet=None):
        """Settle the actions whose time has come; ``quiet``: the id of an
        object whose action settles in the very call that began it (no
        wait: its caller has the answer, and nobody waits to be told)."""
        gone = self._db.execute(
            "DELETE FROM objects WHERE pending = 'DELETE' AND done_at <= ?"
            " RETURNING id, type, 'DELETED', done_at", (now,)).fetchall()
        ended = self._db.execute(
            "UPDATE objects SET"
            " status = CASE WHEN failure IS NOT NULL THEN 'ERROR'"
            "  WHEN pending = 'SUSPEND' THEN 'SUSPENDED' ELSE 'ACTIVE' END,"
            " status_reason = COALESCE(failure, ''),"
            " updated_at = strftime('%Y-%m-%dT%H:%M:%SZ', done_at, 'unixepoch'),"
            " settled_at = done_at,"
            " pending = NULL, done_at = NULL, failure = NULL"
            " WHERE pending IS NOT NULL AND done_at <= ?"
            " RETURNING id, type, status, settled_at", (now,)).fetchall()
        if self.on_settled is not None:
            self._settled.extend(
                {'id': row[0], 'type': row[1], 'status': row[2], 'settled_at': row[3]}
                for row in gone + ended if row[0] != quiet)

    def _due(self, wait_secs):
        if wait_secs > 0 and self.on_due is not None:
            self.on_due()

    def settle_due(self):
        """Settle what is due now (settle_notices' timer)."""
        with self._transaction():
            self._settle(timeutils.now())

    def next_due(self):
        """When the next pending action ends (timeutils.now() seconds), or None."""
        with self._lock:
            (due,) = self._db.execute(
                'SELECT MIN(done_at) FROM objects WHERE pending IS NOT NULL').fetchone()
        return due

    def _fetch(self, object_id):
        row = self._db.execute(f'SELECT {_COLUMNS} FROM objects WHERE id = ?',
                               (object_id,)).fetchone()
        if row is None:
            raise CloudNotFound(f'Object {object_id} not found')
        return _to_dict(row)

    def _begin(self, now, wait_secs, status, pending, failure, object_id):
        """Start an action on an existing row and settle it if it takes no time."""
        self._db.execute(
            'UPDATE objects SET status = ?, status_reason = ?, pending = ?,'
            ' done_at = ?, failure = ?, updated_at = ? WHERE id = ?',
            (status, '', pending, now + wait_secs, failure, _now_iso(), object_id))
        if wait_secs == 0:
            self._settle(now, quiet=object_id)
        self._due(wait_secs)

    # --- engine-facing actions --------------------------------------------

    def create(self, name, type, properties=None, metadata=None, wait_secs=0, fail=False,
               caller=None):
        """Start building an object; ACTIVE (or ERROR) after ``wait_secs``.

        ``caller`` (here and in the other engine-facing actions): who asked,
        a JSON-serialisable dict, for the call log."""
        name = _check_str(name, 'name')
        type = _check_str(type, 'type')
        properties_json = _json_object(properties, 'properties')
        metadata_json = _json_object(metadata, 'metadata')
        metadata = metadata or {}
        wait_secs = _check_wait(wait_secs)
        failure = 'Create failed (simulated)' if _check_fail(fail) else None
        object_id = str(uuid.uuid4())
        with self._transaction():
            now = timeutils.now()
            self._settle(now)
            stamp = _now_iso()
            # Inserted with its action under way (as _begin would start it).
            self._db.execute(
                'INSERT INTO objects (id, name, type, status, status_reason,'
                ' properties, metadata, stack_id, resource_name, version,'
                ' created_at, updated_at, pending, done_at, failure)'
                " VALUES (?, ?, ?, ?, '', ?, ?, ?, ?, 1, ?, ?, 'CREATE', ?, ?)",
                (object_id, name, type, BUILDING, properties_json, metadata_json,
                 _opt_str(metadata.get('stack_id')), _opt_str(metadata.get('resource_name')),
                 stamp, stamp, now + wait_secs, failure))
            if wait_secs == 0:
                self._settle(now, quiet=object_id)
            self._due(wait_secs)
            self._log(now, 'create', object_id, True, 1, properties_json, caller)
            return self._fetch(object_id)

    def update(self, object_id, properties, wait_secs=0, fail=False, caller=None):
        """Replace the properties; BUILDING until done, then ACTIVE or ERROR.

        An update supersedes an unfinished create or update (its timer
        restarts); an object being deleted cannot be updated.
        """
        properties_json = _json_object(properties, 'properties')
        wait_secs = _check_wait(wait_secs)
        failure = 'Update failed (simulated)' if _check_fail(fail) else None
        with self._transaction():
            now = timeutils.now()
            self._settle(now)
            if self._fetch(object_id)['status'] == DELETING:
                raise CloudConflict(f'Object {object_id} is being deleted')
            self._db.execute(
                'UPDATE objects SET properties = ?, version = version + 1 WHERE id = ?',
                (properties_json, object_id))
            self._begin(now, wait_secs, BUILDING, 'UPDATE', failure, object_id)
            obj = self._fetch(object_id)
            self._log(now, 'update', object_id, True, obj['version'], properties_json, caller)
            return obj

    def delete(self, object_id, wait_secs=0, caller=None):
        """Start deleting; returns the DELETING object, or None once it is gone.

        Deleting an object already being deleted keeps the original timer, so
        a delete delivered twice does not postpone the end.
        """
        wait_secs = _check_wait(wait_secs)
        with self._transaction():
            now = timeutils.now()
            self._settle(now)
            obj = self._fetch(object_id)
            began = obj['status'] != DELETING
            self._log(now, 'delete', object_id, began, obj['version'], None, caller)
            if began:
                self._begin(now, wait_secs, DELETING, 'DELETE', None, object_id)
            elif wait_secs == 0:
                self._db.execute('DELETE FROM objects WHERE id = ?', (object_id,))
            try:
                return self._fetch(object_id)
            except CloudNotFound:
                return None

    def power(self, object_id, action, wait_secs=0, fail=False, caller=None):
        """Start a SUSPEND (ACTIVE to SUSPENDED) or RESUME (back again);
        BUILDING until done, or ERROR if it fails.

        Asking again while the action is under way, or once the object is
        already there, changes nothing: a redelivered step must not fail.
        """
        if action not in POWER_ACTIONS:
            raise CloudBadRequest(f'Unknown action {action!r}')
        source, target = POWER_ACTIONS[action]
        wait_secs = _check_wait(wait_secs)
        failure = f'{action.title()} failed (simulated)' if _check_fail(fail) else None
        with self._transaction():
            now = timeutils.now()
            self._settle(now)
            obj = self._fetch(object_id)
            (pending,) = self._db.execute('SELECT pending FROM objects WHERE id = ?',
                                          (object_id,)).fetchone()
            if obj['status'] == target or pending == action:
                self._log(now, action.lower(), object_id, False, obj['version'], None, caller)
                return obj
            if obj['status'] not in (source, ERROR):   # a failed action may be retried
                raise CloudConflict(f'Object {object_id} is {obj["status"]} and cannot '
                                    f'{action.lower()}')
            self._log(now, action.lower(), object_id, True, obj['version'], None, caller)
            self._begin(now, wait_secs, BUILDING, action, failure, object_id)
            return self._fetch(object_id)

    def snapshot(self, object_id, label=''):
        """Keep a copy of the object as it is now: the object's one snapshot
        with that ``label`` (an existing one is returned, even once the
        object is gone, so asking again makes no second copy)."""
        label = '' if not label else _check_str(label, 'label')
        with self._transaction():
            self._settle(timeutils.now())
            found = self._db.execute('SELECT id, object, created_at FROM snapshots'
                                     ' WHERE object_id = ? AND label = ?',
                                     (object_id, label)).fetchone()
            if found is None:
                obj = self._fetch(object_id)
                found = (str(uuid.uuid4()), json.dumps(obj), _now_iso())
                self._db.execute('INSERT INTO snapshots (id, object_id, label, object,'
                                 ' created_at) VALUES (?, ?, ?, ?, ?)',
                                 (found[0], object_id, label) + found[1:])
        return {'id': found[0], 'object': json.loads(found[1]), 'created_at': found[2]}

    def delete_snapshot(self, snapshot_id):
        """Forget a snapshot; CloudNotFound if there is none by that id."""
        with self._transaction():
            gone = self._db.execute('DELETE FROM snapshots WHERE id = ?', (snapshot_id,))
            if gone.rowcount != 1:
                raise CloudNotFound(f'Snapshot {snapshot_id} not found')

    def list_snapshots(self):
        with self._transaction():
            rows = self._db.execute('SELECT id, object, created_at FROM snapshots'
                                    ' ORDER BY seq').fetchall()
        return [{'id': r[0], 'object': json.loads(r[1]), 'created_at': r[2]} for r in rows]

    def _log(self, now, call, object_id, acted, version, properties_json, caller):
        if self.log_calls and caller is not None:
            self._db.execute(
                'INSERT INTO calls (at, call, object_id, acted, object_version,'
                ' properties, caller) VALUES (?, ?, ?, ?, ?, ?, ?)',
                (now, call, object_id, int(acted), version, properties_json,
                 json.dumps(caller)))

    def list_calls(self, after=0):
        """The call log past sequence number ``after``, oldest first: each
        call with ``seq``, ``at`` (seconds since the epoch), ``call``
        (create, update, delete, suspend, resume), ``object_id``, ``acted``
        (it began an action; a delete of an object already being deleted
        did not), ``object_version`` (after a create or update, before a
        delete), ``properties`` (a create's or update's) and ``caller``."""
        with self._transaction():
            rows = self._db.execute(
                'SELECT seq, at, call, object_id, acted, object_version, properties,'
                ' caller FROM calls WHERE seq > ? ORDER BY seq', (after,)).fetchall()
        return [{'seq': r[0], 'at': r[1], 'call': r[2], 'object_id': r[3],
                 'acted': bool(r[4]), 'object_version': r[5],
                 'properties': None if r[6] is None else json.loads(r[6]),
                 'caller': json.loads(r[7])} for r in rows]

    # --- reads ------------------------------------------------------------

    def get(self, object_id):
        with self._transaction():
            self._settle(timeutils.now())
            return self._fetch(object_id)

    def list(self, stack_id=None, resource_name=None):
        """Objects in creation order, optionally those of one stack/resource."""
        clauses, params = [], []
        if stack_id is not None:
            clauses.append('stack_id = ?')
            params.append(stack_id)
        if resource_name is not None:
            clauses.append('resource_name = ?')
            params.append(resource_name)
        where = ' WHERE ' + ' AND '.join(clauses) if clauses else ''
        with self._transaction():
            self._settle(timeutils.now())
            rows = self._db.execute(
                f'SELECT {_COLUMNS} FROM objects{where} ORDER BY seq', params).fetchall()
        return [_to_dict(row) for row in rows]

    def get_many(self, ids):
        """Batch status: ``{id: object or None}`` for every id asked for."""
        ids = list(dict.fromkeys(ids))
        found = dict.fromkeys(ids)
        with self._transaction():
            self._settle(timeutils.now())
            for start in range(0, len(ids), _MAX_PARAMS):
                chunk = ids[start:start + _MAX_PARAMS]
                marks = ', '.join('?' * len(chunk))
                for row in self._db.execute(
                        f'SELECT {_COLUMNS} FROM objects WHERE id IN ({marks})', chunk):
                    found[row[0]] = _to_dict(row)
        return found

    def changes(self, token=None):
        """(a token for now, ids of the objects changed since ``token``, or
        None when that cannot be said: see change_log)."""
        with self._transaction():
            self._settle(timeutils.now())
            return change_log.since(self._db, token)

    # --- out-of-band ------------------------------------------------------

    def patch(self, object_id, properties):
        """Someone edits the object behind the engine's back (drift).

        Merges ``properties`` into the current ones, a None value removing
        the key; bumps the version; leaves the status alone.
        """
        _json_object(properties, 'properties')
        changes = properties or {}
        with self._transaction():
            self._settle(timeutils.now())
            current = self._fetch(object_id)['properties']
            for key, value in changes.items():
                if value is None:
                    current.pop(key, None)
                else:
                    current[key] = value
            self._db.execute(
                'UPDATE objects SET properties = ?, version = version + 1,'
                ' updated_at = ? WHERE id = ?',
                (json.dumps(current), _now_iso(), object_id))
            return self._fetch(object_id)

    def finish(self, object_id):
        """The object's pending action ends now, as if its time had come.

        How a test (or a demo) ends a slow action exactly when it chooses,
        instead of guessing how long the action should take. Returns the
        object, or None when a delete finished.
        """
        with self._transaction():
            now = timeutils.now()
            self._settle(now)
            self._fetch(object_id)
            self._db.execute('UPDATE objects SET done_at = ? WHERE id = ?'
                             ' AND pending IS NOT NULL', (now, object_id))
            self._settle(now)
            try:
                return self._fetch(object_id)
            except CloudNotFound:
                return None


def _opt_str(value):
    return None if value is None else str(value)
