"""An operator's last resort for a stack stuck IN_PROGRESS: make it FAILED
(Heat's ``heat-manage reset_stack_status``).

The reaper re-drives a dead engine's work, so a stack should never stay
IN_PROGRESS; this is for when it does anyway. The reset is safe with
respect to the traversal: it first moves the stack onto a new traversal id
(the compare-and-swap a cancel writes), so every message of the stuck
traversal still on its way is dropped, and the reaper no longer re-drives
it; then the stack's resources IN_PROGRESS become FAILED and lose their
locks. A resource a live engine is acting on in its own step refuses the
reset: that engine is working, not stuck. Nested stacks in progress are
reset with their parent. The user then updates (or deletes) the stack, as
after any failure.
"""
import dataclasses
import logging

from heat_conv.common import exception
from heat_conv.common import liveness
from heat_conv.common import timeutils
from heat_conv.common.status import Status
from heat_conv.db import api as db_api
from heat_conv.engine.core import stack_state

LOG = logging.getLogger(__name__)

STACK_REASON = 'Stack status manually reset'
RESOURCE_REASON = 'Resource status manually reset'


class Refused(Exception):
    """The stack cannot be reset now; the message says why."""


@dataclasses.dataclass
class Reset:
    stacks: list = dataclasses.field(default_factory=list)   # ids, parent first
    resources: int = 0


def live_engines():
    """Ids of the engines alive now, judged by their last heartbeat on the
    database's clock (the caller follows it, db.clock)."""
    now = timeutils.utcnow()
    return {row.id for row in db_api.service_list()
            if row.binary == liveness.ENGINE and liveness.state(row, now) == liveness.UP}


def reset_stack_status(stack_id):
    """Reset ``stack_id`` and its nested stacks IN_PROGRESS to FAILED.
    Returns a Reset (empty when the stack was not IN_PROGRESS); raises
    Refused (nothing changed) while a live engine acts on one of them."""
    try:
        stack = db_api.stack_get(stack_id)
    except exception.StackNotFound:
        raise Refused(f'no stack {stack_id}') from None
    live = live_engines()
    tree = list(_in_progress_tree(stack))
    for member in tree:
        held = db_api.resources_held_by(member.id, live)
        if held:
            raise Refused(
                f'stack {member.id} is not stuck: ' + ', '.join(
                    f'engine {engine} (alive) is acting on resource {name}'
                    for name, engine in held))
    done = Reset()
    for member in tree:
        if stack_state.stop(member, STACK_REASON):
            done.stacks.append(member.id)
        # Even when another writer moved the stack on first, its rows of
        # the stuck traversal must not stay locked IN_PROGRESS.
        done.resources += db_api.resources_reset_in_progress(
            member.id, RESOURCE_REASON, live)
    LOG.warning('stack %s reset to FAILED by an operator: %d stack(s), %d resource(s)',
                stack_id, len(done.stacks), done.resources)
    return done


def _in_progress_tree(stack):
    if stack.status != Status.IN_PROGRESS or stack.deleted_at is not None:
        return
    yield stack
    for child in db_api.stack_children(stack.id):
        yield from _in_progress_tree(child)
