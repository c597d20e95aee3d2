"""This process's engine id: the name its locks and heartbeats carry.

Every engine worker process is an engine of its own, with its own id and
heartbeat: ``heat-conv-engine`` forks its workers, so each takes a new id
when it starts (``begin``), never one inherited from the parent. A dead
worker's locks are then the reaper's to free even while its siblings live.
"""
import threading
import uuid

_lock = threading.Lock()
_engine_id = None


def engine_id():
    global _engine_id
    with _lock:
        if _engine_id is None:
            _engine_id = str(uuid.uuid4())
        return _engine_id


def begin():
    """Start as a new engine (in the worker process, after the fork)."""
    set_engine_id(str(uuid.uuid4()))
    return engine_id()


def set_engine_id(value):
    """Tests that simulate several engines in one process switch identities."""
    global _engine_id
    with _lock:
        _engine_id = value
