"""What every query module shares: transactions, retries, Core tables."""
import functools
import types

from oslo_db import api as oslo_db_api

from heat_conv.db import models
from heat_conv.db import scope as db_scope
from heat_conv.db import session as db_session

transaction = db_session.transaction
connection = db_session.connection
reading = db_session.reading
before_writes = db_session.before_writes

# Core tables for the hot path: plain statements skip the ORM's bulk
# machinery, which costs more than the statements themselves.
RESOURCE = models.Resource.__table__
STACK = models.Stack.__table__
SYNC_POINT = models.SyncPoint.__table__
SYNC_INPUT = models.SyncInput.__table__
EVENT = models.Event.__table__

_retrying = oslo_db_api.wrap_db_retry(
    max_retries=10, retry_on_deadlock=True, inc_retry_interval=True,
    retry_interval=0.05, max_retry_interval=1)


def retry_on_deadlock(func):
    """Run ``func`` again when its transaction deadlocks; inside
    scope.atomically the whole scope's work is what runs again."""
    retried = _retrying(func)

    @functools.wraps(func)
    def call(*args, **kwargs):
        if db_scope.current() is not None:
            return func(*args, **kwargs)
        return retried(*args, **kwargs)
    return call


def execute(session, statement):
    """Run a bulk UPDATE/DELETE without the ORM's session synchronisation,
    which on MySQL costs an extra SELECT per statement; callers never keep
    ORM objects across such writes."""
    return session.execute(statement,
                           execution_options={'synchronize_session': False})


# Callers get plain values or ORM objects detached from their session:
# select-and-detach and insert-and-detach are these helpers, everywhere.

def rows(query):
    """Every ORM object ``query`` selects, detached from its session."""
    with transaction() as session:
        found = list(session.scalars(query))
        for row in found:
            session.expunge(row)
        return found


def first(query):
    """The first ORM object ``query`` selects (detached), or None."""
    with transaction() as session:
        row = session.scalars(query).first()
        if row is not None:
            session.expunge(row)
        return row


def one(query, not_found):
    """The first ORM object ``query`` selects (detached); raises
    ``not_found`` (an exception) when there is none."""
    row = first(query)
    if row is None:
        raise not_found
    return row


def added(row):
    """Insert the new ORM object ``row``; return it detached, with its defaults."""
    with transaction() as session:
        session.add(row)
        session.flush()
        session.expunge(row)
        return row


# The hot path reads rows with prebuilt Core statements: a row comes back
# as a plain record with one attribute per column, which costs a fraction
# of loading an ORM object (and, like a detached one, never lazy-loads).

class Record(types.SimpleNamespace):
    """A row read with Core: one attribute per column."""


def record(row):
    return Record(**row._mapping)


def records(result):
    return [Record(**row._mapping) for row in result]
