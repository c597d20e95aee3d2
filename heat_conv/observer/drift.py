"""Compare every observed resource with reality, in batches.

One cloud call per batch of resources, never one per resource (for a
real cloud, per service and project: see reality). A failed
look decides nothing: the resource keeps its last drift status until a
later pass sees reality. A change of drift status writes an event; an
unchanged finding writes nothing, so stacks at rest cost a pass its reads
(one of the rows, the cloud's lists) and no write, and a change is found
by the next pass wherever it is, whichever observer holds the stack.
"""
import dataclasses
import logging

from heat_conv.cloud import client as cloud_client
from heat_conv.cloud import retry
from heat_conv.common import events
from heat_conv.common.status import DRIFTED
from heat_conv.common.status import Action
from heat_conv.common.status import Drift
from heat_conv.db import api as db_api
from heat_conv.observer import reality
from heat_conv.plugin_interface import registry

LOG = logging.getLogger(__name__)

@dataclasses.dataclass
class Pass:
    resources: int = 0
    cloud_calls: int = 0
    failed_calls: int = 0
    # Groups of real-cloud resources (a project's objects of one service)
    # that could not be asked: they decide nothing, and do not back the
    # observer off (one project's broken trust must not slow the others).
    failed_groups: int = 0
    changed: int = 0
    drifted_stacks: set = dataclasses.field(default_factory=set)


def observe(stack_ids, cloud=None, batch_size=500, connection_for=None, memory=None):
    """One drift pass over the observed resources of ``stack_ids``.

    ``connection_for(stack_id)``: the real cloud's connection for a stack
    (default: its trust's, heat_conv.clients). ``memory``: a DriftMemory
    kept from pass to pass, so that only what may have changed is compared."""
    def get_cloud():
        nonlocal cloud
        cloud = cloud or cloud_client.get_client()
        return cloud
    rows = _read(stack_ids) if memory is None else memory.rows(stack_ids, _read, get_cloud)
    result = Pass(resources=len(rows))
    simulated, groups = reality.split(rows)
    changes = []
    if simulated:
        get_cloud()
    for start in range(0, len(simulated), batch_size):
        batch = simulated[start:start + batch_size]
        result.cloud_calls += 1
        try:
            objects = retry.call(cloud.get_many,
                                 [r.physical_resource_id for r in batch], attempts=3)
        except cloud_client.CloudError as exc:
            result.failed_calls += 1
            LOG.warning('observer: cloud unreachable for %d resources: %s',
                        len(batch), exc)
            continue
        _compare(batch, objects, cloud, result, changes)
    for group in groups:
        try:
            connection, objects, calls = reality.look(group, connection_for, batch_size)
        except reality.Unaskable as exc:
            result.cloud_calls += 1
            result.failed_groups += 1
            LOG.warning('observer: could not ask about %d resource(s) of %s for '
                        'drift: %s', len(group.rows), group.names(), exc)
            continue
        result.cloud_calls += calls
        _compare(group.rows, objects, connection, result, changes)
    written = []
    result.changed = db_api.resources_record_drift(changes, written)
    if memory is not None:
        memory.remember({row.id for row in simulated}, written, changes)
        result.drifted_stacks |= memory.drifted_stacks
    return result


def _read(stack_ids):
    return [r for r in db_api.resources_observable(stack_ids) if _observed_type(r)]


def _compare(rows, objects, cloud, result, changes):
    for row in rows:
        plugin = registry.plugin_for(row, cloud=cloud)
        status, detail = plugin.drift(row.properties_data or {},
                                      objects.get(row.physical_resource_id))
        if status in DRIFTED:
            result.drifted_stacks.add(row.stack_id)
        if status != row.drift_status or detail != row.drift_detail:
            changes.append((row, status, detail, _event(row, status, detail)))


def _observed_type(row):
    try:
        return registry.get(row.type, nested_template=row.nested_template).observed
    except Exception:   # a type removed since the row was made: nothing to see
        return False


def _event(row, status, detail):
    if status == Drift.DELETED:
        reason = 'Deleted outside heat-conv'
    elif status == Drift.MODIFIED:
        reason = 'Modified outside heat-conv: ' + '; '.join(
            f'{key} expected {change["expected"]!r}, found {change["actual"]!r}'
            for key, change in detail.items())
    else:
        reason = 'In sync with the template'
    return events.for_resource(row, Action.DRIFT, status, reason)
