"""Re-drive work that nobody will finish otherwise.

Messages may be lost and processes may die. The reaper makes sure no stack
stays IN_PROGRESS forever: a stack past its timeout fails; a traversal that
made no progress for a while is restarted. Convergence is idempotent, so
restarting a traversal onto the same target redoes only what is not done.
"""
import datetime
import logging

from heat_conv.common import config
from heat_conv.common import timeutils
from heat_conv.db import api as db_api
from heat_conv.engine import stack_state

CONF = config.CONF
LOG = logging.getLogger(__name__)


def run_once():
    now = timeutils.utcnow()
    dead = _dead_engines(now)
    for stack in db_api.stacks_in_progress():
        if _timed_out(stack, now):
            LOG.warning('stack %s timed out', stack.id)
            stack_state.fail(stack.id, stack.current_traversal,
                             f'Stack {stack.action} timed out')
            continue
        if _stalled(stack, now, dead):
            LOG.warning('stack %s made no progress; restarting its traversal', stack.id)
            restart(stack)


def restart(stack):
    """Supersede a stalled traversal with a fresh one to the same target."""
    db_api.resources_unlock_dead(stack.id, _dead_engines(timeutils.utcnow()))
    return stack_state.begin(stack, stack.action, stack.raw_template_id,
                             reason=stack.status_reason)


def _timed_out(stack, now):
    if not stack.timeout or stack.traversal_started_at is None:
        return False
    return now > stack.traversal_started_at + datetime.timedelta(minutes=stack.timeout)


def _dead_engines(now):
    limit = now - datetime.timedelta(seconds=CONF.engine.service_down_time)
    return {s.id for s in db_api.service_list()
            if s.deleted_at is not None or (s.updated_at or s.created_at) < limit}


def _stalled(stack, now, dead_engines):
    """No resource or stack change for service_down_time, and nobody working."""
    limit = now - datetime.timedelta(seconds=CONF.engine.service_down_time)
    last = db_api.stack_last_activity(stack.id)
    if last is not None and last > limit:
        return False
    busy = db_api.resources_locked(stack.id)
    return all(r.engine_id in dead_engines and r.action_started_at is None
               for r in busy)
