"""Which engine and observer processes are alive, as one process sees it.

Every engine and observer process writes a heartbeat row (``service``)
every ``report_interval`` seconds. A process is dead when it said so (a
stopping process marks its row deleted) or when its heartbeat has not
moved for MISSED_BEATS of its report intervals.

"Has not moved" is timed by the watching process's own clock, from the
moment it first saw the heartbeat's current value: the timestamp itself is
only compared with the previous value, never with this host's time, so
hosts whose clocks disagree never take each other for dead. The price is
that a watcher that has just started (or just lost the database: its view
is then reset) judges nobody for MISSED_BEATS intervals.
"""
import dataclasses

from heat_conv.common import timeutils

MISSED_BEATS = 3
ENGINE = 'heat-conv-engine'
OBSERVER = 'heat-conv-observer'

# A heartbeat row's state, judged once (``state``).
UP, DOWN, STOPPED = 'up', 'down', 'stopped'


def state(row, now):
    """Judge a heartbeat row at one moment, for one-shot readers (the
    manage and status commands), which cannot watch it move: ``now`` must
    be on the database's clock, the one heartbeats are written with (a
    process that follows it, db.clock). STOPPED: the process said it
    stopped or was taken for dead; DOWN: it missed MISSED_BEATS beats."""
    if row.deleted_at is not None:
        return STOPPED
    beat = row.updated_at or row.created_at
    silent = (now - beat).total_seconds()
    return DOWN if silent > MISSED_BEATS * max(1, row.report_interval) else UP


@dataclasses.dataclass
class View:
    """One look at the heartbeat rows. ``newly_dead``: rows not marked
    deleted whose heartbeat stopped (someone must take over their work);
    ``dead``: ids of every dead process, marked or not."""
    live: dict                      # binary -> set of ids
    dead: set
    newly_dead: list
    rows: dict                      # id -> row

    def live_ids(self, binary):
        return self.live.get(binary, set())


class Watch:
    """Remembers when each heartbeat last moved. ``me``: this process's own
    id, which is alive for as long as it is asking."""

    def __init__(self):
        self._seen = {}   # id -> (heartbeat value, this clock's time it was first seen)

    def forget(self):
        """Start timing afresh (this process was not watching: its look
        failed, so others' silence may have been the database's)."""
        self._seen = {}

    def look(self, rows, me=None):
        now = timeutils.now()
        seen, live, dead, newly_dead = {}, {}, set(), []
        for row in rows:
            beat = row.updated_at or row.created_at
            before = self._seen.get(row.id)
            since = before[1] if before is not None and before[0] == beat else now
            seen[row.id] = (beat, since)
            if row.id == me:
                live.setdefault(row.binary, set()).add(row.id)
            elif row.deleted_at is not None:
                dead.add(row.id)
            elif now - since > MISSED_BEATS * max(1, row.report_interval):
                dead.add(row.id)
                newly_dead.append(row)
            else:
                live.setdefault(row.binary, set()).add(row.id)
        self._seen = seen
        return View(live, dead, newly_dead, {row.id: row for row in rows})

    def silent_for(self, service_id):
        """Seconds since the heartbeat of ``service_id`` last moved, as seen here."""
        entry = self._seen.get(service_id)
        return 0.0 if entry is None else timeutils.now() - entry[1]
