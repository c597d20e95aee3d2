"""Which stack a URL means, for the caller's tenant.

Another tenant's stack is indistinguishable from a missing one: every
query is scoped to the caller's project.
"""
from oslo_utils import uuidutils

from heat_conv.common import exception
from heat_conv.db import api as db_api


def find(ctx, name_or_id):
    """The stack a name-only path means: by id when it looks like one, else by name.

    By id, a deleted stack is still found (so ``stack show <id>`` reports
    DELETE_COMPLETE); by name only live stacks are, since names are reused.
    """
    if uuidutils.is_uuid_like(name_or_id):
        try:
            return db_api.stack_get(name_or_id, tenant=ctx.project_id, show_deleted=True)
        except exception.StackNotFound:
            pass
    return db_api.stack_get_by_name(ctx.project_id, name_or_id)


def identified(ctx, stack_name, stack_id, show_deleted=True):
    """The stack at a canonical ``{stack_name}/{stack_id}`` path.

    The name must match too: a stale name with a valid id is a wrong address.
    """
    try:
        stack = db_api.stack_get(stack_id, tenant=ctx.project_id,
                                 show_deleted=show_deleted)
    except exception.StackNotFound:
        raise exception.StackNotFound(f'{stack_name}/{stack_id}') from None
    if stack.name != stack_name:
        raise exception.StackNotFound(f'{stack_name}/{stack_id}')
    return stack
