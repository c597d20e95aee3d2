"""Which stack a URL means, for the caller's tenant.

Another tenant's stack is indistinguishable from a missing one: every
query is scoped to the caller's project, but, with Keystone auth, an
administrator's by a stack's id (its canonical path, or the id alone),
which finds the stack of any project, as Heat's does. A stack user (a server's agent,
heat_conv.clients.stack_users) is scoped to its stack's project in the
stack user domain, so at a stack's canonical path it finds the stack
whose ``stack_user_project_id`` is that project, as in Heat; what it may
do there (read metadata, signal) is the policy's to say.
"""
import re
from urllib import parse

from oslo_utils import uuidutils

from heat_conv.api import auth
from heat_conv.common import config
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
            stack = _of_any_project(ctx, name_or_id, show_deleted=True)
            if stack is not None:
                return stack
    return db_api.stack_get_by_name(ctx.project_id, name_or_id)


def identified(ctx, stack_name, stack_id, show_deleted=True):
    """The stack at a canonical ``{stack_name}/{stack_id}`` path.

    The name must match too: a stale name with a valid id is a wrong address.
    """
    try:
        stack = db_api.stack_get(stack_id, tenant=ctx.project_id,
                                 show_deleted=show_deleted)
    except exception.StackNotFound:
        stack = (_of_any_project(ctx, stack_id, show_deleted)
                 or _of_stack_user(ctx, stack_id, show_deleted))
        if stack is None:
            raise exception.StackNotFound(f'{stack_name}/{stack_id}') from None
    if stack.name != stack_name:
        raise exception.StackNotFound(f'{stack_name}/{stack_id}')
    ctx.stacks_read[stack.id] = stack
    return stack


def _of_any_project(ctx, stack_id, show_deleted):
    """For an administrator (the context_is_admin rule), the stack of any
    project at its canonical path, as in Heat: an admin acts on a member's
    stack by its name and id under the admin's own project URL."""
    # Under noauth every caller names its project in the URL and the
    # default user is an admin: reaching across projects there would undo
    # the isolation of every project for everyone.
    if not ctx.is_admin or config.CONF.api.auth_strategy != auth.KEYSTONE:
        return None
    try:
        return db_api.stack_get(stack_id, show_deleted=show_deleted)
    except exception.StackNotFound:
        return None


def _of_stack_user(ctx, stack_id, show_deleted):
    """The stack whose stack user project ``ctx`` is scoped to, or None.
    Only heat-conv makes projects in the stack user domain, and only for
    stack users."""
    try:
        stack = db_api.stack_get(stack_id, show_deleted=show_deleted)
    except exception.StackNotFound:
        return None
    if not stack.stack_user_project_id or stack.stack_user_project_id != ctx.project_id:
        return None
    return stack


# Heat's stack ARN: arn:openstack:heat::TENANT:stacks/NAME/ID, perhaps
# followed by a path within the stack (``/resources/x``). It is what
# get_resource of a template resource returns, so clients address stacks by it.
_ARN = re.compile(r'^arn:openstack:heat:[^:]*:([^:]*):stacks/([^/]+)(?:/([^/]+))?(/.*)?$')


def from_arn(ctx, arn):
    """(the stack, the rest of the path) an ARN path means."""
    match = _ARN.match(arn)
    if match is None:
        raise exception.StackNotFound(arn)
    tenant, name, stack_id, rest = (parse.unquote(match[1]), parse.unquote(match[2]),
                                    match[3], match[4] or '')
    if tenant != ctx.project_id:
        raise exception.StackNotFound(arn)
    stack = identified(ctx, name, stack_id) if stack_id else find(ctx, name)
    return stack, rest
