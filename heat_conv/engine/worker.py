"""The engine's RPC endpoint: every message a worker handles."""
import logging

import oslo_messaging

from heat_conv.db import api as db_api
from heat_conv.engine import check_resource
from heat_conv.engine import resource_action
from heat_conv.engine import traversal

LOG = logging.getLogger(__name__)


class EngineEndpoint:
    target = oslo_messaging.Target(version='1.0')

    @oslo_messaging.expose
    def converge(self, ctxt, stack_id, traversal_id):
        LOG.debug('converge stack %s traversal %s', stack_id, traversal_id)
        traversal.converge(stack_id, traversal_id)

    @oslo_messaging.expose
    def check_resource(self, ctxt, stack_id, traversal_id, entity_id, is_update,
                       definition, inputs):
        LOG.debug('check_resource %s/%s traversal %s', entity_id,
                  'update' if is_update else 'cleanup', traversal_id)
        check_resource.check_resource(stack_id, traversal_id, entity_id, is_update,
                                      definition, inputs)

    @oslo_messaging.expose
    def action_complete(self, ctxt, resource_id, atomic_key, cloud_object):
        LOG.debug('action_complete resource %s key %s', resource_id, atomic_key)
        action_complete(resource_id, atomic_key, cloud_object)


def action_complete(resource_id, atomic_key, cloud_object):
    """The observer saw a pending action's cloud object settle."""
    row = db_api.resource_get(resource_id)
    if (row.atomic_key != atomic_key or row.status != 'IN_PROGRESS'
            or row.action_started_at is None):
        return   # already handled (a duplicate notification) or superseded
    plugin = resource_action.plugin_for(row)
    outcome = plugin.progress(row.action, cloud_object)
    if outcome is None:
        return
    step = resource_action.Step(row.stack_id, row.traversal_id,
                                (row.node_id, row.node_is_update))
    result = resource_action.settle(row, step, row.action, plugin, outcome)
    check_resource.after_action(result, step)
