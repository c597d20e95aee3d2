"""Settle latency: from the cloud settling an object to its resource's end.

The simulated cloud stamps each settle (the moment the action's time
came); the observer's report carries the stamp to the engine, which
records it on the resource row (``settled_at``) in the write that ends
the action (``updated_at``). The difference is how long heat-conv took to
notice the settle and act on it: the notification, the observer's look,
its report, the engine's step. The API shows times to the second only, so
the benchmark reads the rows in the database of a topology it started;
an external endpoint's are not visible.
"""
import datetime
import sqlite3

# Percentiles reported, as field suffixes.
PERCENTILES = (50, 99)


class Unavailable:
    """No database to read: ``reason`` says why."""

    def __init__(self, reason):
        self.reason = reason

    def measure(self, stack_id, since):
        return None


def percentile(values, pct):
    """The ``pct``th percentile of ``values`` (nearest rank)."""
    ordered = sorted(values)
    rank = max(1, -(-len(ordered) * pct // 100))   # ceil, at least the first
    return ordered[min(len(ordered), rank) - 1]


def _as_datetime(value):
    if isinstance(value, datetime.datetime):
        return value
    return datetime.datetime.fromisoformat(value)


def summary(pairs):
    """``{'settles': n, 'settle_p50_ms': .., 'settle_p99_ms': .., 'settle_max_ms': ..}``
    of (settled_at, ended_at) pairs, or {'settles': 0}."""
    latencies = [(_as_datetime(ended) - _as_datetime(settled)).total_seconds() * 1000
                 for settled, ended in pairs]
    if not latencies:
        return {'settles': 0}
    out = {'settles': len(latencies)}
    for pct in PERCENTILES:
        out[f'settle_p{pct}_ms'] = round(percentile(latencies, pct), 1)
    out['settle_max_ms'] = round(max(latencies), 1)
    return out


class _Rows:
    """Reads the (settled_at, updated_at) of a stack's rows that settled
    since a moment (a phase's start)."""

    reason = None

    def measure(self, stack_id, since):
        """The summary for ``stack_id``'s rows settled at or after ``since``
        (seconds since the epoch)."""
        moment = datetime.datetime.fromtimestamp(
            since, tz=datetime.timezone.utc).replace(tzinfo=None)
        return summary(self._rows(stack_id, moment))


def _sql(table, mark):
    return (f'SELECT settled_at, updated_at FROM {table} WHERE stack_id = {mark} '
            f'AND settled_at IS NOT NULL AND settled_at >= {mark}')


class SQLiteRows(_Rows):
    """The embedded topology's SQLite file, read-only."""

    def __init__(self, path):
        self.path = path

    def _rows(self, stack_id, moment):
        db = sqlite3.connect(f'file:{self.path}?mode=ro', uri=True, timeout=30)
        try:
            # SQLite keeps SQLAlchemy's DATETIME as text that sorts as time.
            return db.execute(_sql('resource', '?'),
                              (stack_id, moment.isoformat(sep=' '))).fetchall()
        finally:
            db.close()


class ServerRows(_Rows):
    """The distributed topology's database (MariaDB or PostgreSQL), through
    a new connection of the benchmark's admin account (``connect()``) that
    reads ``table``."""

    def __init__(self, connect, table):
        self.connect = connect
        self.table = table

    def _rows(self, stack_id, moment):
        with self.connect() as conn, conn.cursor() as cur:
            cur.execute(_sql(self.table, '%s'), (stack_id, moment))
            return cur.fetchall()
