"""The engine's front door: every operation another process may ask of it.

The API and the CLI reach the engine only through this module. Each
operation runs in the caller's process: it validates, stores what it was
asked and casts to the engine workers (``rpc``); it never waits for them.
The observer only casts reports (``core.messages`` through ``core.rpc``).
"""
from heat_conv.engine import features  # noqa: F401 (the features' extensions)
from heat_conv.engine.core import decision
from heat_conv.engine.core import messages
from heat_conv.engine.core import stack_operations
from heat_conv.engine.lifecycle import snapshot_deletion
from heat_conv.engine.lifecycle import snapshots
from heat_conv.engine.lifecycle import stack_abandon
from heat_conv.engine.lifecycle import stack_adopt
from heat_conv.engine.lifecycle import stack_lifecycle
from heat_conv.engine.recovery import status_reset
from heat_conv.engine.signals import signal_operations

# Stacks: create, update (and its rollback target, patched inputs), delete,
# cancel, check, validate, a resource marked unhealthy.
create_stack = stack_operations.create_stack
update_stack = stack_operations.update_stack
patch_inputs = stack_operations.patch_inputs
delete_stack = snapshot_deletion.delete_stack   # its snapshots first, as in Heat
cancel_update = stack_operations.cancel_update
check_stack = stack_operations.check_stack
validate_template = stack_operations.validate_template
mark_resource_health = stack_operations.mark_resource_health

# Lifecycle: suspend, resume; export, abandon, adopt; snapshots.
suspend_stack = stack_lifecycle.suspend_stack
resume_stack = stack_lifecycle.resume_stack
export_stack = stack_abandon.export_stack
abandon_stack = stack_abandon.abandon_stack
parse_adopt_data = stack_adopt.parse
adopt_stack = stack_adopt.adopt_stack
create_snapshot = snapshots.create_snapshot
list_snapshots = snapshots.list_snapshots
show_snapshot = snapshots.show_snapshot
delete_snapshot = snapshots.delete_snapshot
restore_snapshot = snapshots.restore_snapshot

# Signals: a resource's signal (a hook cleared, a wait condition, a
# scaling policy), its metadata, a software deployment's status.
signal = signal_operations.signal
metadata = signal_operations.metadata
deployment_updated = signal_operations.deployment_updated

# Operators: a stack stuck IN_PROGRESS made FAILED (heat-conv-manage).
reset_stack_status = status_reset.reset_stack_status
ResetRefused = status_reset.Refused

# What an update preview shares with the steps: the decision table, and a
# resource's definition as a step sees it.
Change = decision.Change
change_for = decision.change_for
Definition = messages.Definition
