"""Console entry points. Each calls ``prepare()`` before anything else,
and ``started()`` once it has imported and configured what it runs."""
import gc
import sys
import warnings


def prepare():
    """Select oslo.service's threading backend, before anything imports
    oslo.messaging (which would otherwise pick eventlet), and silence the
    deprecation notice futurist prints merely because eventlet is installed
    (oslo.service depends on it; heat-conv never uses it)."""
    warnings.filterwarnings('ignore', message=r'\s*Eventlet is deprecated')
    from oslo_service import backend
    backend.init_backend(backend.BackendType.THREADING)


# Container allocations between two youngest-generation collections
# (Python's default is 700).
GC_YOUNG_THRESHOLD = 10000


def started():
    """Keep the garbage collector out of the way of stack operations.

    Modules, configuration and SQLAlchemy's metadata live as long as the
    process, yet every full collection walked them all again: about 150,000
    objects, ~90 ms of CPU, and a 1,000-resource stack operation set off one
    to three such collections. Frozen (before an engine forks its workers,
    which then share those pages), they cost nothing. An operation that
    builds a big stack's graph also allocates far more than 700 objects
    that outlive it: collecting the youngest generation that often cost
    another ~10 % of its CPU.
    """
    gc.collect()
    gc.freeze()
    gc.set_threshold(GC_YOUNG_THRESHOLD, *gc.get_threshold()[1:])


def database_refused(prog):
    """Check the kind and version of the database server of ``[database]
    connection``; if heat-conv does not support it, say so in one line and
    return the exit code (else None). A server that cannot be reached now
    is left for the process to meet as it would without this check."""
    import sqlalchemy
    from oslo_db import exception as db_exception
    from oslo_log import log as logging

    from heat_conv.db import servers
    from heat_conv.db import session
    engine = session.get_engine()
    try:
        kind, version = servers.check(engine)
    except servers.Unsupported as exc:
        print(f'{prog}: {exc}', file=sys.stderr, flush=True)
        return 1
    except (db_exception.DBError, sqlalchemy.exc.OperationalError) as exc:
        logging.getLogger(__name__).warning(
            'could not check the database server now: %s', exc)
        return None
    finally:
        # No connection stays pooled: an engine forks its workers next, and
        # a connection they all inherited would be one socket shared.
        engine.dispose()
    logging.getLogger(__name__).debug('database server: %s %s', kind, version)
    return None


def pin_refused(prog):
    """Check ``[upgrade_levels] engine`` names a version this release can
    send (``auto`` is read from the engines' heartbeats at the first cast);
    if not, say so in one line and return the exit code (else None)."""
    from heat_conv.common import config
    from heat_conv.engine.core import rpc_versions
    pin = config.CONF.upgrade_levels.engine
    if not pin or pin.strip() == rpc_versions.AUTO:
        return None
    try:
        rpc_versions.resolve(pin)
    except rpc_versions.BadPin as exc:
        print(f'{prog}: {exc}', file=sys.stderr, flush=True)
        return 1
    return None
