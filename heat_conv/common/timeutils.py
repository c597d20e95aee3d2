"""The one clock every component reads.

Production uses wall-clock time; deterministic tests install a FakeClock so
that "wait 30 seconds" in the simulated cloud or a stack timeout happens the
instant the test advances time.
"""
import datetime
import threading
import time


class SystemClock:
    def time(self):
        return time.time()


class FakeClock:
    def __init__(self, start=1_800_000_000.0):
        self._now = start
        self._lock = threading.Lock()

    def time(self):
        with self._lock:
            return self._now

    def advance(self, seconds):
        with self._lock:
            self._now += seconds


class OffsetClock:
    """Another clock plus an offset that someone keeps up to date: how a
    process reads the database's clock instead of its host's
    (heat_conv.db.clock)."""

    def __init__(self, base):
        self.base = base
        self.offset = 0.0

    def time(self):
        return self.base.time() + self.offset


_clock = SystemClock()


def set_clock(clock):
    """Install ``clock`` process-wide and return the previous one."""
    global _clock
    previous, _clock = _clock, clock
    return previous


def clock():
    """The clock installed process-wide."""
    return _clock


def now():
    """Seconds since the epoch, as a float."""
    return _clock.time()


def utcnow():
    """A naive UTC datetime, the form stored in the database."""
    return datetime.datetime.fromtimestamp(
        _clock.time(), tz=datetime.timezone.utc).replace(tzinfo=None)


def from_epoch(seconds):
    """Seconds since the epoch as the database's naive UTC datetime."""
    return datetime.datetime.fromtimestamp(
        seconds, tz=datetime.timezone.utc).replace(tzinfo=None)


def isotime(value):
    """Heat's timestamp format: ``2026-11-22T00:21:33Z``."""
    if value is None:
        return None
    return value.strftime('%Y-%m-%dT%H:%M:%SZ')
