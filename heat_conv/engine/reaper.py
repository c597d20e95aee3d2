"""Re-drive work that nobody will finish otherwise.

Messages may be lost and processes may die. The reaper makes sure no stack
stays IN_PROGRESS forever and no cloud object leaks:

- a resource locked by a dead engine (no heartbeat for service_down_time)
  is released, after adopting any cloud object its create had already
  made, and its graph node is started again;
- a stack past its timeout fails;
- a traversal that made no progress for service_down_time with nobody
  working on it is restarted onto the same target. Convergence is
  idempotent, so that redoes only what is not done.
"""
import datetime
import logging

from oslo_config import cfg

from heat_conv.cloud import client as cloud_client
from heat_conv.common import config
from heat_conv.common import timeutils
from heat_conv.db import api as db_api
from heat_conv.engine import events
from heat_conv.engine import resource_action
from heat_conv.engine import stack_state
from heat_conv.engine import sync_point

CONF = config.CONF
LOG = logging.getLogger(__name__)

reaper_opts = [
    cfg.IntOpt('service_down_time', default=60, min=1,
               help='Seconds without a heartbeat after which an engine counts as '
                    'dead and the reaper takes over its resources; also how long '
                    'a traversal may show no progress before it is restarted.'),
    cfg.IntOpt('reaper_interval', default=30, min=1,
               help='Seconds between reaper passes (dead engines, stack timeouts, '
                    'stalled traversals).'),
]
CONF.register_opts(reaper_opts, group='engine')


def list_opts():
    return [('engine', reaper_opts)]


def run_once():
    now = timeutils.utcnow()
    dead = dead_engines(now)
    for stack in db_api.stacks_in_progress():
        if _timed_out(stack, now):
            LOG.warning('stack %s timed out', stack.id)
            waiting = _fail_waiting(stack)
            reason = f'Stack {stack.action} timed out after {stack.timeout} minutes'
            if waiting:
                reason += '; still waiting for the cloud: ' + ', '.join(waiting)
            stack_state.fail(stack.id, stack.current_traversal, reason)
            continue
        orphaned = [r for r in db_api.resources_locked(stack.id)
                    if r.engine_id in dead and r.action_started_at is None]
        for row in orphaned:
            release_orphan(row, stack.current_traversal)
        if not orphaned and _stalled(stack, now):
            LOG.warning('stack %s made no progress; restarting its traversal', stack.id)
            stack_state.begin(stack, stack.action, stack.raw_template_id,
                              reason=stack.status_reason,
                              extra={'observe_reality': stack.observe_reality})


def _fail_waiting(stack):
    """Fail the resources whose cloud action was never confirmed in time."""
    names = []
    for row in db_api.resources_waiting(stack_ids=[stack.id]):
        reason = (f'{row.action} was not confirmed by the cloud before the stack '
                  f'timeout ({stack.timeout} minutes)')
        if db_api.resource_cas(row.id, row.atomic_key, {
                'engine_id': None, 'action_started_at': None, 'status': 'FAILED',
                'status_reason': reason},
                events=[events.for_resource(row, row.action, 'FAILED', reason)]):
            names.append(row.name)
    return names


def release_orphan(row, current_traversal):
    """Free a row whose engine died mid-action and start its node again."""
    values = {'engine_id': None, 'status': 'FAILED',
              'status_reason': 'The engine acting on it stopped'}
    plugin = resource_action.plugin_for(row)
    if row.physical_resource_id is None and hasattr(plugin, 'find_orphan'):
        try:
            obj = plugin.find_orphan()
        except cloud_client.CloudError:
            return   # cannot tell whether the create happened; next pass
        if obj is not None:
            values['physical_resource_id'] = obj['id']
    if not db_api.resource_cas(row.id, row.atomic_key, values, engine_id=row.engine_id):
        return
    LOG.warning('released resource %s of stack %s from a dead engine',
                row.name, row.stack_id)
    sync_point.retrigger(row.stack_id, current_traversal, row.id)
    if row.node_id is not None and row.node_id != row.id:
        sync_point.retrigger(row.stack_id, current_traversal, row.node_id)


def dead_engines(now):
    limit = now - datetime.timedelta(seconds=CONF.engine.service_down_time)
    return {s.id for s in db_api.service_list()
            if s.deleted_at is not None or (s.updated_at or s.created_at) < limit}


def _timed_out(stack, now):
    if not stack.timeout or stack.traversal_started_at is None:
        return False
    return now > stack.traversal_started_at + datetime.timedelta(minutes=stack.timeout)


def _stalled(stack, now):
    """Nothing changed for service_down_time and nothing is in flight."""
    limit = now - datetime.timedelta(seconds=CONF.engine.service_down_time)
    last = db_api.stack_last_activity(stack.id)
    if last is not None and last > limit:
        return False
    return not db_api.resources_locked(stack.id)
