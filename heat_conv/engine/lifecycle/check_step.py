"""The step of a node that acts on its resource as it stands: stack check,
suspend, resume, snapshot (state_action says which node acts, and how);
the other node of the pair passes through.

In a check, as in Heat, a resource whose dependency's check failed is not
checked (it keeps its state, and tells its own dependents the same); the
checks independent of the failure go on.
"""
from heat_conv.engine.core import step as step_mod
from heat_conv.engine.lifecycle import state_action

MODES = state_action.MODES


def run(row, step, mode, inputs=()):
    """``inputs``: what the node's predecessors sent (the rows they stand for)."""
    action = state_action.action_for(mode, step, row)
    if action is None:
        step_mod.finish(row, step)
    elif mode == state_action.Mode.CHECK and (
            any(i.cancelled for i in inputs)
            or state_action.never_reached(row, action, inputs)):
        step_mod.finish(row, step, cancelled=True)
    elif (result := state_action.run(row, step, action)) is not None:
        step_mod.continue_traversal(result, step)
