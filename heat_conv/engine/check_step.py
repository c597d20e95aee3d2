"""A stack check's step: ask reality, record CHECK_COMPLETE or CHECK_FAILED."""
from heat_conv.common.status import Action
from heat_conv.engine import resource_action
from heat_conv.engine import step as step_mod
from heat_conv.resources import registry


def check(row, step):
    if resource_action.lock(row, step, Action.CHECK) is None:
        return
    plugin = registry.plugin_for(row)
    outcome = plugin.check()
    step_mod.continue_traversal(resource_action.settle(
        row, step, Action.CHECK, plugin, outcome, started=True), step, plugin)
