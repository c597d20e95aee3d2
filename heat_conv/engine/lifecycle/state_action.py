"""Actions on a resource as it stands, not converging it onto a template:
stack check, suspend, resume and snapshot.

Each is a traversal like any other. Suspend runs on the cleanup nodes, so
a resource is suspended only after everything that depends on it (reverse
dependency order, as Heat's convergence engine does); check, resume and
snapshot run on the update nodes, in dependency order. The node that does
not act passes straight through. A stack-backed resource's check is its
child stack's (nested); it suspends and resumes its child stack
(child_actions).
"""
from heat_conv.common import exception
from heat_conv.common.status import Action
from heat_conv.common.status import Status
from heat_conv.db import api as db_api
from heat_conv.engine.core import extensions
from heat_conv.engine.core import messages
from heat_conv.engine.core import resource_action
from heat_conv.plugin_interface import base
from heat_conv.plugin_interface import registry

Mode = messages.Mode

MODES = (Mode.CHECK, Mode.SUSPEND, Mode.RESUME, Mode.SNAPSHOT)

# The resource states a resume may start from (Heat's rule).
_RESUMABLE = {(Action.SUSPEND, Status.COMPLETE), (Action.RESUME, Status.FAILED),
              (Action.RESUME, Status.COMPLETE)}


def action_for(mode, step, row):
    """The action ``step``'s node takes on ``row`` in ``mode``, or None when
    it passes through (or already acted: a redelivered message)."""
    if row.action in (Action.INIT, Action.DELETE) and mode != Mode.CHECK:
        return None   # never built, or gone: nothing to suspend or resume
    is_update = step.node[1]
    if mode == Mode.SUSPEND and not is_update:
        action = Action.SUSPEND
    elif mode in (Mode.CHECK, Mode.RESUME, Mode.SNAPSHOT) and is_update:
        action = Action(mode.upper())
    else:
        return None
    if (row.traversal_id == step.traversal_id and row.action == action
            and row.status == Status.COMPLETE):
        return None
    return action


def never_reached(row, action, inputs):
    """In a stack check, whether a never-built resource stays as it is
    (INIT_COMPLETE, as Heat leaves it): a resource it needs failed its
    check or was itself never built, so in Heat the check never reaches
    it. Any other never-built resource fails its check."""
    if action != Action.CHECK or row.action != Action.INIT:
        return False
    for got in inputs or ():
        try:
            needed = db_api.resource_get(got.row)
        except exception.NotFound:
            continue
        if needed.action == Action.INIT or (needed.action, needed.status) == (
                Action.CHECK, Status.FAILED):
            return True
    return False


def invalid_state(row, action):
    """Heat's reason for refusing ``action`` in the row's state, or None."""
    state = (row.action, row.status)
    if action == Action.SUSPEND:
        # A failed suspend may be tried again; anything else must be settled.
        ok = row.action == Action.SUSPEND or row.status == Status.COMPLETE
    elif action == Action.RESUME:
        ok = state in _RESUMABLE
    else:
        return None
    if ok:
        return None
    return f"State ('{row.action}', '{row.status}') invalid for {action.lower()}"


def _not_created(row):
    return f'Can not check {row.name}, resource not created yet.' \
        if (row.action, row.status) == (Action.INIT, Status.COMPLETE) else None


def run(row, step, action):
    """Take the row and start ``action``; the step's Result, or None when
    another writer took the row first."""
    refused = invalid_state(row, action) or (action == Action.CHECK and _not_created(row))
    if resource_action.lock(row, step, action) is None:
        return None
    plugin = registry.plugin_for(row)
    if refused:
        outcome = base.Failed(refused)
    elif plugin.stack_backed and action == Action.CHECK:
        outcome = extensions.service(extensions.CHILD_STACKS).check(row)
    elif plugin.stack_backed and action in (Action.SUSPEND, Action.RESUME):
        outcome = extensions.service(extensions.CHILD_STACKS).state_action(row, action)
    else:
        outcome = {Action.CHECK: plugin.check, Action.SUSPEND: plugin.suspend,
                   Action.RESUME: plugin.resume, Action.SNAPSHOT: plugin.snapshot}[action]()
    return resource_action.settle(row, step, action, plugin, outcome, started=True)
