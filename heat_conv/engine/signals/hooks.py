"""Breakpoints: a step pauses before its action while a hook is set, or
after it (post-*) before telling its successors.

The environment sets hooks on resources by name or glob; the traversal
writes the one that applies into the node's definition (``pre-create`` in
a stack create, ``pre-update`` in an update, ``pre-delete`` in a delete).
The paused step keeps the row (its lock, ``paused_on``) and ends: no
thread waits. A user's ``{"unset_hook": HOOK}`` signal casts
``hook_cleared``, which releases the row, marks the hook cleared for this
traversal and starts the node again. A new operation releases rows paused
by the one it supersedes (``release_superseded``).
"""
from heat_conv.common import events
from heat_conv.common import exception
from heat_conv.common.status import Action
from heat_conv.db import api as db_api
from heat_conv.engine.core import decision
from heat_conv.engine.core import identity
from heat_conv.engine.core import resource_action
from heat_conv.engine.core import sync_point

# The hook of each kind of operation (the stack's action), and the resource
# action it stops before (pre-*) or after (post-*).
HOOK_OF_OPERATION = {Action.CREATE: 'pre-create', Action.UPDATE: 'pre-update',
                     Action.DELETE: 'pre-delete'}
# (post-delete is refused by the environment: a deleted row is gone when
# its delete ends.)
POST_HOOK_OF_OPERATION = {Action.CREATE: 'post-create', Action.UPDATE: 'post-update'}
ACTION_OF_HOOK = {'pre-create': Action.CREATE, 'pre-update': Action.UPDATE,
                  'pre-delete': Action.DELETE, 'post-create': Action.CREATE,
                  'post-update': Action.UPDATE}
# ``paused_on`` of a row whose action will stop at a post-* hook when it
# ends: the lock's write arms it, so a step resumed by an event knows too.
ARMED = '+'

# What a step's decision does, as the hooks see it: a replacement is an
# update, and so is leaving a resource as it is (Heat stops at pre-update
# before it asks whether the resource changes).
ACTION_OF_CHANGE = {decision.Change.CREATE: Action.CREATE,
                    decision.Change.UPDATE: Action.UPDATE,
                    decision.Change.REPLACE: Action.UPDATE,
                    decision.Change.NONE: Action.UPDATE}


def for_node(operation, hooks_set):
    """The hook a node of an ``operation`` (stack action) stops at, if set."""
    hook = HOOK_OF_OPERATION.get(operation)
    return hook if hook in hooks_set else None


def post_for_node(operation, hooks_set):
    """The post-* hook a node of an ``operation`` stops at after its action."""
    hook = POST_HOOK_OF_OPERATION.get(operation)
    return hook if hook in hooks_set else None


def armed(post_hook, action):
    """``paused_on`` for a row locked for ``action``: armed for the node's
    post-* hook if it follows that action (a replacement's create in an
    update is not a create of the stack's: Heat stops it at none)."""
    if post_hook is not None and ACTION_OF_HOOK[post_hook] == action:
        return ARMED + post_hook
    return None


def pause_after(row):
    """The action of ``row`` has just completed (the step released it):
    pause before telling its successors, if armed. True when the step must
    end here."""
    if not (row.paused_on or '').startswith(ARMED):
        return False
    hook = row.paused_on[len(ARMED):]
    reason = paused_reason(hook)
    # Lost: someone else took the row, and the step is theirs.
    resource_action.write(row, {'engine_id': identity.engine_id(), 'paused_on': hook,
                                'status_reason': reason}, engine_id=None,
                          events=[events.for_resource(row, row.action, row.status,
                                                      reason)])
    return True


def paused_reason(hook):
    return f'{ACTION_OF_HOOK[hook]} paused until Hook {hook} is cleared'


def cleared_reason(hook):
    return f'Hook {hook} is cleared'


def _cleared_mark(hook, traversal_id):
    return f'{hook} {traversal_id}'


def pause(row, step, hook, action):
    """Before ``action``: pause the step if ``hook`` stops it and was not
    cleared in this traversal. True when the step must end here."""
    if hook is None or ACTION_OF_HOOK.get(hook) != action:
        return False
    if row.hook_cleared == _cleared_mark(hook, step.traversal_id):
        return False
    reason = paused_reason(hook)
    # The row's traversal stays that of its last action: it says whether
    # the node has run in this traversal. The pause is the current one's.
    values = {'engine_id': identity.engine_id(), 'paused_on': hook,
              'status_reason': reason}
    # Lost: someone else took the row, and the step is theirs.
    resource_action.write(row, values, engine_id=None,
                          events=[events.for_resource(row, row.action, row.status, reason)])
    return True


def guard(row, step, definition, change):
    """The guard before a step's action (``change``: the decision's, None
    for a delete): pause if the node's hook stops that action."""
    action = Action.DELETE if change is None else ACTION_OF_CHANGE.get(change)
    return pause(row, step, definition.hook, action)


def breakpoints(operation, hooks_set):
    """The (pre, post) hooks a node of ``operation`` stops at."""
    return for_node(operation, hooks_set), post_for_node(operation, hooks_set)


def hook_cleared(msg):
    """A user cleared the hook a row is paused on (messages.HookCleared)."""
    try:
        row = db_api.resource_get(msg.resource_id)
    except exception.NotFound:
        return
    if row.atomic_key != msg.atomic_key or row.paused_on != msg.hook:
        return   # a duplicate, or the pause was released by a new operation
    # A new operation releases the pauses of the one it supersedes, so the
    # pause is the current traversal's.
    current = db_api.stack_get(row.stack_id).current_traversal
    values = {'engine_id': None, 'paused_on': None, 'status_reason': cleared_reason(msg.hook),
              'hook_cleared': _cleared_mark(msg.hook, current)}
    event = events.for_resource(row, row.action, row.status, cleared_reason(msg.hook))
    if resource_action.write(row, values, events=[event]):
        # pre-delete pauses a cleanup node; the others, an update node
        sync_point.retrigger(row.stack_id, current, row.id,
                             kinds=(ACTION_OF_HOOK[msg.hook] != Action.DELETE,))


def release_superseded(rows):
    """Release the rows of a stack paused by the traversal a new one
    supersedes, so that the new one's steps can act on them."""
    for row in rows:
        if row.paused_on in ACTION_OF_HOOK:   # paused (not only armed)
            reason = f'{cleared_reason(row.paused_on)}: the stack operation was superseded'
            resource_action.write(row, {'engine_id': None, 'paused_on': None,
                                        'status_reason': reason},
                                  events=[events.for_resource(row, row.action, row.status,
                                                              reason)])
