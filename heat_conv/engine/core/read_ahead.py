"""The first reads of a batch's steps, made together.

Each step starts with one read of its row: a step that starts, with the
stack's current traversal and its node (db_api.resource_and_traversal); a
step that resumes when its action ended, with its node's successors
(db_api.resource_with_node). For the steps of a batch (a traversal's
leaves, the ends the observer saw in one pass; 8 to a message) those reads
are made ahead, in one statement for each kind, and each step takes its
own from here. A row that another worker changes in between is caught by
the compare-and-swap every write makes, exactly as if the step had read
it itself a moment earlier. A result is taken once: a step run again (a
deadlock, a redelivery) reads afresh.
"""
import threading

from heat_conv.common import exception
from heat_conv.db import api as db_api

_local = threading.local()
_MISSING = object()


def read(checks=(), ends=()):
    """Read ahead for the messages.CheckResource of ``checks`` and the
    messages.ActionComplete of ``ends``."""
    found = {}
    groups = {}
    for msg in checks:
        groups.setdefault((msg.traversal_id, msg.is_update), set()).add(msg.entity_id)
    for (traversal_id, is_update), ids in groups.items():
        rows = db_api.resources_and_traversal(ids, traversal_id, is_update)
        for entity_id in ids:
            found['start', entity_id, traversal_id, is_update] = rows.get(entity_id, _MISSING)
    ids = {msg.resource_id for msg in ends}
    if ids:
        rows = db_api.resources_with_nodes(ids)
        for resource_id in ids:
            found['resume', resource_id] = rows.get(resource_id, _MISSING)
    _local.found = found


def resource_and_traversal(entity_id, traversal_id, is_update):
    """db_api.resource_and_traversal, from what was read ahead if it was."""
    return _take(('start', entity_id, traversal_id, is_update), entity_id,
                 db_api.resource_and_traversal)


def resource_with_node(resource_id):
    """db_api.resource_with_node, from what was read ahead if it was."""
    return _take(('resume', resource_id), resource_id, db_api.resource_with_node)


def row_of(msg):
    """The row read ahead for ``msg`` (a CheckResource or ActionComplete),
    left for its step to take; None if none was."""
    found = getattr(_local, 'found', None) or {}
    if hasattr(msg, 'entity_id'):
        key = ('start', msg.entity_id, msg.traversal_id, msg.is_update)
    else:
        key = ('resume', msg.resource_id)
    result = found.get(key)
    return None if result is None or result is _MISSING else result[0]


def shared():
    """What this thread read ahead, for other threads that run some of its
    batch's steps (``sharing``): each step takes its own result once."""
    return getattr(_local, 'found', None)


def sharing(found):
    """Make ``found`` (``shared()`` of another thread) this thread's."""
    _local.found = found


def _take(key, resource_id, read_now):
    found = getattr(_local, 'found', None) or {}
    result = found.pop(key, None)
    if result is None:
        return read_now(*key[1:])
    if result is _MISSING:
        raise exception.NotFound(f'Resource {resource_id} not found')
    return result


def forget():
    """Drop what was read ahead and not taken (the handler is done)."""
    _local.found = None
