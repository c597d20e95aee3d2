"""Compare every observed resource with reality, in batches.

One cloud call per batch of resources, never one per resource. A failed
look decides nothing: the resource keeps its last drift status until a
later pass sees reality. A change of drift status writes an event.
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
from heat_conv.resources import registry

LOG = logging.getLogger(__name__)

@dataclasses.dataclass
class Pass:
    resources: int = 0
    cloud_calls: int = 0
    failed_calls: int = 0
    changed: int = 0
    drifted_stacks: set = dataclasses.field(default_factory=set)


def observe(stack_ids, cloud=None, batch_size=500):
    """One drift pass over the observed resources of ``stack_ids``."""
    cloud = cloud or cloud_client.get_client()
    rows = [r for r in db_api.resources_observable(stack_ids) if _observed_type(r)]
    result = Pass(resources=len(rows))
    changes, unchanged = [], []
    for start in range(0, len(rows), batch_size):
        batch = rows[start:start + batch_size]
        result.cloud_calls += 1
        try:
            objects = retry.call(cloud.get_many,
                                 [r.physical_resource_id for r in batch], attempts=3)
        except cloud_client.CloudError as exc:
            result.failed_calls += 1
            LOG.warning('observer: cloud unreachable for %d resources: %s',
                        len(batch), exc)
            continue
        for row in batch:
            plugin = registry.plugin_for(row, cloud=cloud)
            status, detail = plugin.drift(row.properties_data or {},
                                          objects.get(row.physical_resource_id))
            if status in DRIFTED:
                result.drifted_stacks.add(row.stack_id)
            if status == row.drift_status and detail == row.drift_detail:
                unchanged.append(row.id)
            else:
                changes.append((row, status, detail, _event(row, status, detail)))
    result.changed = db_api.resources_record_drift(changes, unchanged)
    return result


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
