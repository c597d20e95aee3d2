"""Which project an operation on a stack reads it in.

The caller's own, but for a stack the API already found for the request
at its canonical path (``ctx.stacks_read``, heat_conv.api.stack_lookup):
there an administrator may have found another project's stack, as in
Heat, and the operation acts on that stack, in that stack's project.
"""
from heat_conv.db import api as db_api


def tenant_of(ctx, stack_id):
    """The project to scope ``stack_id``'s reads to for ``ctx``."""
    read = getattr(ctx, 'stacks_read', {}).get(stack_id)
    return read.tenant if read is not None else ctx.project_id


def live_stack(ctx, stack_id):
    """The stack ``ctx`` acts on, read afresh (StackNotFound if gone)."""
    return db_api.stack_get(stack_id, tenant=tenant_of(ctx, stack_id), show_deleted=False)
