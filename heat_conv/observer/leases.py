"""Which stacks this observer process watches.

Stacks are shared out among the live observers (those with a recent
heartbeat): each holds leases on its fair share, renews them every pass and
takes over the stacks of observers whose leases expired.
"""
import datetime
import math

from heat_conv.common import config
from heat_conv.common import timeutils
from heat_conv.db import api as db_api
from heat_conv.engine.core import messages
from heat_conv.observer import options  # noqa: F401  (registers [observer])

CONF = config.CONF
BINARY = 'heat-conv-observer'


def heartbeat_interval():
    """Seconds between an observer's heartbeats (and lease renewals):
    three per lease, so one late beat never loses a lease."""
    return CONF.observer.lease_secs / 3


def heartbeat(observer_id):
    db_api.measure_clock()
    db_api.service_heartbeat(observer_id, CONF.host, BINARY, None,
                             max(1, round(heartbeat_interval())),
                             rpc_version=messages.VERSION)


def my_stacks(observer_id):
    """Beat, then hold and return this observer's share of the stacks."""
    heartbeat(observer_id)
    live = _live_observers()
    stacks = len(db_api.stacks_observable())
    share = max(1, math.ceil(stacks / max(1, live)))
    return db_api.observer_leases(observer_id, CONF.observer.lease_secs, share)


def release(observer_id):
    db_api.observer_release(observer_id)
    db_api.service_delete(observer_id)


def _live_observers():
    limit = timeutils.utcnow() - datetime.timedelta(seconds=CONF.observer.lease_secs)
    return sum(1 for s in db_api.service_list()
               if s.binary == BINARY and s.deleted_at is None
               and (s.updated_at or s.created_at) > limit)
