"""This process's engine id: the name its locks and heartbeats carry."""
import uuid

_ENGINE_ID = str(uuid.uuid4())


def engine_id():
    return _ENGINE_ID


def set_engine_id(value):
    """Tests that simulate several engines in one process switch identities."""
    global _ENGINE_ID
    _ENGINE_ID = value
