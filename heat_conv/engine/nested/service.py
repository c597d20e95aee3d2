"""Nested stacks as the core and the other features reach them: the
child stack of a stack-backed row (core.extensions.ChildStacks)."""
from heat_conv.engine.nested import child_actions
from heat_conv.engine.nested import nested
from heat_conv.engine.nested import parent_link

start = nested.start
resumed = nested.resumed
adopt = nested.adopt
check = nested.check
converge_child = nested.converge_child
state_action = child_actions.start
stack_ended = parent_link.notify
resend_lost = parent_link.resend_lost
