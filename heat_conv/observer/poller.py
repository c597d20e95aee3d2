"""Watch pending cloud actions and report the ones that settled.

One cloud call per batch of resources, never one per resource.
"""
import logging

from heat_conv.cloud import client as cloud_client
from heat_conv.db import api as db_api
from heat_conv.engine import resource_action
from heat_conv.engine import rpc

LOG = logging.getLogger(__name__)


def poll_pending(cloud=None, batch_size=500, stack_ids=None):
    """One pass over pending actions; returns how many settled."""
    cloud = cloud or cloud_client.get_client()
    rows = db_api.resources_waiting(stack_ids=stack_ids)
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
        for row in batch:
            obj = objects.get(row.physical_resource_id)
            plugin = resource_action.plugin_for(row, cloud=cloud)
            if plugin.progress(row.action, obj) is None:
                continue
            settled += 1
            rpc.cast('action_complete', resource_id=row.id,
                     atomic_key=row.atomic_key, cloud_object=obj)
    return settled
