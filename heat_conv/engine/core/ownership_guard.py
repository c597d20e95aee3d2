"""An engine that may have been taken for dead stops acting on the cloud.

Other engines take a silent engine's rows over once its heartbeat has not
moved for liveness.MISSED_BEATS intervals, counted from when they saw it
move. An engine that was paused or cut off from the database does not know
that until its next heartbeat says it was marked dead; meanwhile a thread
of it may be about to call the cloud for a row another engine already
re-ran: a second create, a stale update. So before every cloud call made
for a row (acting_for.check), this guard lets the call go only while the
engine's own last successful heartbeat is recent enough that nobody can
have taken it for dead yet; otherwise the call waits for the next
heartbeat, and if that says the engine was marked dead after the action
began, the call is not made (OwnershipLost): the row is another engine's.

It guards nothing until the engine's heartbeat starts (``beat``), so code
run outside an engine server is unaffected.
"""
import threading
import time

from heat_conv.common import acting_for
from heat_conv.common import liveness

_lock = threading.Lock()
_last_beat = None    # time.monotonic() of the last successful heartbeat
_safe_for = None     # seconds after it during which nobody can take us for dead
_epoch = 0           # how many times this engine learned it was marked dead

_WAIT = 0.1

# Per thread: the epoch when its last lock was asked for.
_locking = threading.local()


def beat(interval, marked):
    """A heartbeat was written; ``marked``: it found the engine marked dead."""
    global _last_beat, _safe_for, _epoch
    with _lock:
        if marked is not None:
            _epoch += 1
        _last_beat = time.monotonic()
        # One interval short of the others' verdict, for the time a beat
        # takes to be written and seen.
        _safe_for = (liveness.MISSED_BEATS - 1) * interval
    acting_for.set_guard(guard)


def epoch():
    with _lock:
        return _epoch


def locking():
    """Called right before a row lock is asked for: an action under that
    lock belongs to the epoch of now, even if the lock's answer only
    arrives after the engine learned it was taken for dead (a partition
    holds the answer back)."""
    _locking.epoch = epoch()


def lock_epoch():
    """The epoch of the calling thread's last lock (``locking``)."""
    return getattr(_locking, 'epoch', None)


def guard(acting):
    while True:
        with _lock:
            if acting.epoch is not None and acting.epoch != _epoch:
                raise acting_for.OwnershipLost(
                    f'engine {acting.engine_id} was taken for dead while acting for '
                    f'resource {acting.resource_id}; another engine owns it now')
            if _last_beat is None or time.monotonic() - _last_beat < _safe_for:
                return
        time.sleep(_WAIT)


def reset():
    """Forget every heartbeat (tests)."""
    global _last_beat, _safe_for, _epoch
    with _lock:
        _last_beat, _safe_for, _epoch = None, None, 0
    acting_for.set_guard(None)
