"""Read the database's clock, not the host's.

Times that one process writes and another compares (when a traversal
began, when a row last changed, when a wait ends, an observer's lease)
must come from one clock, or a host whose clock runs ahead fails every
stack past its timeout and restarts traversals it takes for stalled, and
one that runs behind never does. The one clock every process shares is the
database server's. A process that ``follow``s it keeps an offset to it,
measured by ``measure`` (one statement: its heartbeat calls it), and
timeutils then answers in the database's time everywhere in the process.
Durations a process measures on its own (liveness) are unaffected: they
only subtract two readings of the same clock.

MySQL/MariaDB and PostgreSQL; on SQLite the database is a file on the same
host, with the host's clock.
"""
import logging

from heat_conv.common import timeutils
from heat_conv.db import session as db_session

LOG = logging.getLogger(__name__)

# An offset this large is worth a line in the log: the host's clock is off.
_WORTH_SAYING = 1.0
# The server's clock now, in seconds since the epoch (PostgreSQL's now() is
# the transaction's start).
_NOW = {'mysql': 'SELECT UNIX_TIMESTAMP(NOW(6))',
        'postgresql': 'SELECT EXTRACT(EPOCH FROM clock_timestamp())'}


def follow():
    """Make timeutils read the database's clock from now on (at each
    ``measure``); returns the clock. Entry points call it once."""
    current = timeutils.clock()
    if isinstance(current, timeutils.OffsetClock):
        return current
    clock = timeutils.OffsetClock(current)
    timeutils.set_clock(clock)
    return clock


def measure():
    """Measure the offset of the database's clock to this host's (a round
    trip; the reading taken half-way); None when not followed or on SQLite."""
    clock = timeutils.clock()
    if not isinstance(clock, timeutils.OffsetClock):
        return None
    with db_session.reading() as conn:
        query = _NOW.get(conn.dialect.name)
        if query is None:
            return None
        before = clock.base.time()
        (server,) = conn.exec_driver_sql(query).one()
        after = clock.base.time()
    offset = float(server) - (before + after) / 2
    if abs(offset) >= _WORTH_SAYING and abs(offset - clock.offset) >= _WORTH_SAYING:
        LOG.warning('this host\'s clock is %.1f s %s the database\'s; heat-conv '
                    'uses the database\'s', abs(offset),
                    'behind' if offset > 0 else 'ahead of')
    clock.offset = offset
    return offset
