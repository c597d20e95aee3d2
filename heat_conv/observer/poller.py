"""Watch pending cloud actions and report the ones that settled.

One cloud call per batch of resources, never one per resource: for the
simulated cloud, per batch; for a real cloud, per service and project
(see reality).
"""
import logging

from heat_conv.cloud import client as cloud_client
from heat_conv.common import metrics
from heat_conv.common import timeutils
from heat_conv.db import api as db_api
from heat_conv.engine.core import messages
from heat_conv.engine.core import rpc
from heat_conv.observer import reality
from heat_conv.plugin_interface import base
from heat_conv.plugin_interface import registry

LOG = logging.getLogger(__name__)

# The longest wait before reporting an action again, in report_again_after.
AGAIN_AFTER_MOST = 8


class Reported:
    """The settled actions an observer has reported, so that each is
    reported once, and again only while its resource still waits
    ``again_after`` seconds later (the report may have been lost), then
    after twice as long, and so on up to ``AGAIN_AFTER_MOST`` times as long.

    Without it, every pass reported every settled action the engines had
    not yet taken in: a busy engine got a duplicate per pass per resource,
    each costing it a message and a read, which made it busier still. A
    report is rarely lost; an engine slow to take one in (a real cloud that
    answers its reads of the resource's attributes in seconds) is common,
    and each report again while it works doubles its work: hence the
    lengthening waits.
    """

    def __init__(self, again_after):
        self.again_after = again_after
        self._sent = {}   # resource id -> (atomic_key, when reported, times)

    def due(self, row, now):
        sent = self._sent.get(row.id)
        if sent is None or sent[0] != row.atomic_key:
            return True
        wait = self.again_after * min(2 ** (sent[2] - 1), AGAIN_AFTER_MOST)
        return now - sent[1] >= wait

    def sent(self, row, now):
        before = self._sent.get(row.id)
        times = before[2] + 1 if before is not None and before[0] == row.atomic_key else 1
        self._sent[row.id] = (row.atomic_key, now, times)

    def keep_only(self, rows):
        """Forget the resources that no longer wait."""
        waiting = {row.id for row in rows}
        self._sent = {key: value for key, value in self._sent.items() if key in waiting}


def poll_pending(cloud=None, batch_size=500, stack_ids=None, reported=None,
                 connection_for=None, only_ids=None):
    """One pass over pending actions; returns how many settled.

    ``reported`` (a Reported), if given, skips the actions this observer
    already reported and that are not yet due to be reported again.
    ``connection_for(stack_id)``: the connection to a real cloud that acts
    for a stack (default: its trust's, heat_conv.clients). ``only_ids``:
    physical ids notifications named: only those of them that wait are
    asked about (one call per group).
    """
    # A wait on signals (a wait condition) has nothing in the cloud to watch,
    # unless its answer is written there.
    rows = [r for r in db_api.resources_waiting(stack_ids=stack_ids,
                                                physical_ids=only_ids)
            if not _waits_on_signals(r.type) or _polled_while_waiting(r)]
    if only_ids is None:
        metrics.OBSERVER_PENDING.set(len(rows))
    now = timeutils.now()
    if reported is not None:
        if only_ids is None:
            reported.keep_only(rows)
        rows = [r for r in rows if reported.due(r, now)]
    simulated, groups = reality.split(rows)
    settled = 0
    if simulated:
        settled += _poll_simulated(cloud or cloud_client.get_client(), simulated,
                                   batch_size, reported, now)
    for group in groups:
        try:
            connection, objects, _ = reality.look(group, connection_for, batch_size)
        except reality.Unaskable as exc:
            # Nothing is decided on a failed look; the next pass asks again.
            LOG.warning('observer: could not ask about %d pending resource(s) of %s, '
                        'retrying next pass: %s', len(group.rows), group.names(), exc)
            continue
        settled += _report(group.rows, objects, connection, reported, now)
    return settled


def nudge_snapshot_deletes(stack_ids=None):
    """Cast ``delete_snapshots`` for each stack (of ``stack_ids``, if given)
    with a snapshot being deleted: an engine looks how the deletes of its
    cloud objects stand (a Cinder snapshot goes in the background).
    Returns how many stacks it cast for."""
    stacks = db_api.stacks_deleting_snapshots(stack_ids)
    for stack_id in stacks:
        try:
            rpc.cast(messages.DeleteSnapshots(stack_id))
        except rpc.NotInPinnedVersion as exc:
            # Engines of the previous release run: the deletes wait (their
            # snapshots stay DELETE_IN_PROGRESS) until the upgrade is done.
            LOG.warning('observer: snapshot deletes of %d stack(s) wait: %s',
                        len(stacks), exc)
            return 0
    return len(stacks)


def _poll_simulated(cloud, rows, batch_size, reported, now):
    settled = 0
    for start in range(0, len(rows), batch_size):
        batch = rows[start:start + batch_size]
        ids = [r.physical_resource_id for r in batch if r.physical_resource_id]
        try:
            objects = cloud.get_many(ids) if ids else {}
        except cloud_client.CloudError as exc:
            # Reality is unreachable for now; nothing is decided on a failed look.
            LOG.warning('observer: cloud status call failed, retrying next pass: %s',
                        exc)
            continue
        settled += _report(batch, objects, cloud, reported, now)
    return settled


def _report(rows, objects, cloud, reported, now):
    """Report the rows whose action ended, judged on ``objects``."""
    reports = []
    for row in rows:
        outcome = _progress(row, objects.get(row.physical_resource_id), cloud)
        if outcome is None:
            continue
        # The verdict travels, so the engine does not judge the object again;
        # and when the cloud says, the moment it settled (its latency is measured).
        reports.append((row, messages.ActionComplete(
            row.id, row.atomic_key, outcome,
            settled_at=_settled_at(objects.get(row.physical_resource_id)))))
    # Together: over RabbitMQ each publish waits for the broker's
    # confirmation, and many at once go out in parallel.
    rpc.cast_all(report for _, report in reports)
    if reported is not None:
        for row, _ in reports:
            reported.sent(row, now)
    return len(reports)


def _settled_at(cloud_object):
    """When the simulated cloud settled the object (a real cloud's objects
    do not say: None)."""
    if isinstance(cloud_object, dict):
        return cloud_object.get('settled_at')
    return None


def _waits_on_signals(type_name):
    try:
        return registry.get(type_name).waits_on_signals
    except Exception:   # a type removed since: judged below, as before
        return False


def _polled_while_waiting(row):
    try:
        return registry.get(row.type).polled_while_waiting(row.properties_data or {})
    except Exception:   # a type removed since: nothing to watch
        return False


def _progress(row, cloud_object, cloud):
    """How the row's pending action ended, or None while it goes on."""
    try:
        return registry.plugin_for(row, cloud=cloud).progress(row.action, cloud_object)
    except Exception as exc:   # a plugin bug ends the action failed, not the pass
        LOG.exception('judging the %s of resource %s failed', row.action, row.name)
        return base.Failed(f'{type(exc).__name__}: {exc}')
