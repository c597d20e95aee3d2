"""The step of a node that acts on its resource as it stands: stack check,
suspend, resume, snapshot (state_action says which node acts, and how); the other
node of the pair passes through."""
from heat_conv.engine import state_action
from heat_conv.engine import step as step_mod

MODES = state_action.MODES


def run(row, step, mode, inputs=()):
    """``inputs``: what the node's predecessors sent (the rows they stand for)."""
    action = state_action.action_for(mode, step, row)
    if action is not None and state_action.never_reached(row, action, inputs):
        action = None
    if action is None:
        step_mod.finish(row, step)
    elif (result := state_action.run(row, step, action)) is not None:
        step_mod.continue_traversal(result, step)
