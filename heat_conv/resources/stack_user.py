"""A resource's own stack user: the Keystone user (and EC2 keypair) that
something outside the stack (a server's agent, a boot script) acts with
on that one resource, as Heat's StackUser resources have.

The user lives in the stack's project of the stack user domain
(heat_conv.clients.stack_users), made once per stack; its name says whose
it is (stack, resource, short id), so a create interrupted after Keystone
made it finds it again. What is made is kept in the plugin's data:
``stack_user_id``, ``password``, ``stack_user_project_id``, ``tenant``
and, with a keypair, ``access_key`` and ``secret_key``.
"""
import uuid

from heat_conv.clients import stack_users
from heat_conv.db import api as db_api

NO_STACK_USER_DOMAIN = ('a stack user domain: set stack_user_domain_id (or '
                        'stack_user_domain_name), stack_domain_admin and '
                        'stack_domain_admin_password')


def user_name(stack_name, resource_name, resource_id):
    """Heat's physical name for a resource's user: stack, resource, short
    id, the stack's name cut to fit Keystone's 64 characters."""
    suffix = f'{resource_name}-{uuid.UUID(resource_id).hex[:12]}'
    room = stack_users.MAX_NAME - len(suffix) - 1
    return f'{stack_name[:max(room, 0)]}-{suffix}'[-stack_users.MAX_NAME:]


def stack_of(plugin):
    # The engine gives a create its stack; other actions read it.
    return plugin.stack or db_api.stack_get(plugin.stack_id)


def ensure(plugin, keypair=False):
    """The plugin's user (and keypair), made if it has none yet; returns the
    stack the user serves."""
    stack = stack_of(plugin)
    project_id = stack.stack_user_project_id or _stack_project(stack.id, stack.tenant)
    password = plugin.data.get('password') or uuid.uuid4().hex
    name = user_name(stack.name, plugin.name, plugin.resource_id)
    user_id = stack_users.create_user(name, project_id, password)
    plugin.data.update(password=password, stack_user_id=user_id,
                       stack_user_project_id=project_id, tenant=stack.tenant)
    if keypair and not plugin.data.get('access_key'):
        access, secret = stack_users.create_ec2_keypair(user_id, project_id)
        plugin.data.update(access_key=access, secret_key=secret)
    return stack


def _stack_project(stack_id, tenant):
    """The stack's project in the stack user domain, made once per stack
    (resources of one stack may race to make it: its name is the stack's,
    so they find the same one)."""
    project_id = stack_users.ensure_project(tenant, stack_id)
    db_api.stack_update(stack_id, {'stack_user_project_id': project_id},
                        expected={'stack_user_project_id': None})
    return project_id


def release(plugin, made_by_name=False):
    """Delete the plugin's user (its keypairs go with it). ``made_by_name``:
    look for a user whose id was never stored (its engine died after
    Keystone made it)."""
    user_id = plugin.data.get('stack_user_id')
    if not user_id and made_by_name:
        user_id = _unrecorded_user(plugin)
    if user_id:
        stack_users.delete_user(user_id)
    for key in ('stack_user_id', 'password', 'access_key', 'secret_key'):
        plugin.data.pop(key, None)


def _unrecorded_user(plugin):
    if not stack_users.configured() or not plugin.resource_id:
        return None
    stack = plugin.stack or db_api.stack_get(plugin.stack_id)
    if stack is None:
        return None
    return stack_users.find_user(user_name(stack.name, plugin.name, plugin.resource_id))
