"""Ping a pooled connection only when it has been idle a while.

oslo.db's engines ping the server on every checkout (``pool_pre_ping``),
a round trip per transaction. A connection given back a moment ago is
almost always still good, and when it is not (the server restarted in
that moment) its first statement fails as a disconnect: SQLAlchemy
invalidates it and the caller sees oslo.db's DBConnectionError, which the
engine already treats as transient (it delivers the step again). So only
a connection idle longer than IDLE_SECS is pinged before use; a failed
ping makes the pool replace it, as the pre-ping did.
"""
import time

import sqlalchemy as sa

IDLE_SECS = 2.0
_LAST_USED = 'heat_conv_last_used'


def when_idle(engine):
    pool = engine.pool
    if engine.dialect.name == 'sqlite':
        pool._pre_ping = False   # a file on this host: nothing to lose
        return
    pool._pre_ping = False
    dialect = engine.dialect

    @sa.event.listens_for(pool, 'checkout')
    def _ping_if_idle(dbapi_conn, record, proxy):
        last = record.info.get(_LAST_USED)
        if last is not None and time.monotonic() - last < IDLE_SECS:
            return
        try:
            alive = dialect.do_ping(dbapi_conn)
        except Exception as exc:
            if not dialect.is_disconnect(exc, dbapi_conn, None):
                raise
            alive = False
        if not alive:
            # The pool closes this one and checks out a new connection.
            raise sa.exc.DisconnectionError('the idle connection is gone')

    @sa.event.listens_for(pool, 'checkin')
    def _note_use(dbapi_conn, record):
        record.info[_LAST_USED] = time.monotonic()
