"""The words for what a stack or resource is doing and how far it got.

Each member *is* its string (``enum.StrEnum``): it compares equal to what
the database holds, is stored and sent as that string, and formats as it,
so ``f'{action}_{status}'`` is still Heat's ``CREATE_COMPLETE``.
"""
import enum


class Action(enum.StrEnum):
    """What a stack or resource is doing (or last did)."""
    INIT = 'INIT'           # a resource row made for a traversal, not yet acted on
    CREATE = 'CREATE'
    UPDATE = 'UPDATE'
    DELETE = 'DELETE'
    ROLLBACK = 'ROLLBACK'   # stacks only
    CHECK = 'CHECK'
    SUSPEND = 'SUSPEND'
    RESUME = 'RESUME'
    ADOPT = 'ADOPT'
    RESTORE = 'RESTORE'     # stacks only: converging back onto a snapshot
    SNAPSHOT = 'SNAPSHOT'   # snapshots and their events
    DRIFT = 'DRIFT'         # events only: a resource's drift status changed


class Status(enum.StrEnum):
    """How far the action got."""
    IN_PROGRESS = 'IN_PROGRESS'
    COMPLETE = 'COMPLETE'
    FAILED = 'FAILED'


class Drift(enum.StrEnum):
    """How a resource's object in the cloud compares with its template."""
    IN_SYNC = 'IN_SYNC'
    MODIFIED = 'MODIFIED'
    DELETED = 'DELETED'
    NOT_CHECKED = 'NOT_CHECKED'


DRIFTED = (Drift.MODIFIED, Drift.DELETED)
