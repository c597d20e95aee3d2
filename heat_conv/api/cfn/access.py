"""What a CFN API request's signer may reach: the stack and resource its
path or query names, when the signer is that resource's stack user (the
keypair heat-conv made for it) or a user of the stack's own project.

A keypair handed to a guest therefore reaches one resource of one stack,
as Heat's ``access_allowed`` does for a stack user. The keys of an
AWS::IAM::User (its AWS::IAM::AccessKey resources) reach what the user's
Policies allow, as in Heat: the resources every OS::Heat::AccessPolicy it
names lists (every resource of the stack when it names none).
"""
import uuid

from heat_conv.api import auth
from heat_conv.common import context
from heat_conv.common import exception
from heat_conv.db import api as db_api
from heat_conv.stacks import resource_rows

IAM_USER = 'AWS::IAM::User'
ACCESS_POLICY = 'OS::Heat::AccessPolicy'


def _is_uuid(text):
    try:
        uuid.UUID(text)
    except ValueError:
        return False
    return True


def stack_named(signer, stack_name, stack_id=None):
    """The stack ``stack_name`` (a name, an id or ``name/id``) the signer's
    project owns or is the stack user project of; StackNotFound if none."""
    if stack_id is None and '/' in stack_name:
        stack_name, stack_id = stack_name.split('/', 1)
    if stack_id is None and _is_uuid(stack_name):
        stack_id, stack_name = stack_name, None
    if stack_id is not None:
        stack = db_api.stack_get(stack_id, show_deleted=False)
        if stack_name is not None and stack.name != stack_name:
            raise exception.StackNotFound(f'{stack_name}/{stack_id}')
    else:
        found = (db_api.stack_list(filters={'name': stack_name,
                                            'stack_user_project_id': signer.project_id},
                                   show_nested=True, limit=1)
                 or db_api.stack_list(tenant=signer.project_id,
                                      filters={'name': stack_name}, limit=1))
        if not found:
            raise exception.StackNotFound(stack_name)
        stack = found[0]
    if signer.project_id not in (stack.tenant, stack.stack_user_project_id):
        raise exception.StackNotFound(stack_name or stack_id)
    return stack


def resource_of(signer, stack, resource_name):
    """The shown row of ``resource_name``, if the signer may reach it."""
    rows = db_api.resources_of_stack(stack.id, names=[resource_name])
    row = resource_rows.shown(rows).get(resource_name)
    if row is None:
        raise exception.ResourceNotFound(resource_name, stack.name)
    if signer.project_id != stack.tenant:
        owner = (row.rsrc_data or {}).get('stack_user_id')
        if (owner is None or owner != signer.user_id) and not iam_allows(
                stack, signer.user_id, resource_name):
            raise exception.Forbidden(f'The signer may not reach resource '
                                      f'{resource_name}')
    return row


def iam_allows(stack, user_id, resource_name):
    """Whether ``user_id`` is an AWS::IAM::User of ``stack`` whose Policies
    allow ``resource_name`` (Heat's User.access_allowed)."""
    rows = resource_rows.shown(db_api.resources_of_stack(stack.id))
    users = [row for row in rows.values() if row.type == IAM_USER
             and (row.rsrc_data or {}).get('stack_user_id') == user_id]
    if not users:
        return False
    for policy in (users[0].properties_data or {}).get('Policies') or ():
        if not isinstance(policy, str):
            continue   # an embedded IAM policy, which Heat ignores too
        found = rows.get(policy)
        if found is None or found.type != ACCESS_POLICY or resource_name not in (
                (found.properties_data or {}).get('AllowedResources') or ()):
            return False
    return True


def context_for(signer, stack, request_id=None):
    """The context a signal is sent in: the stack's project, as the signer."""
    return context.RequestContext(project_id=stack.tenant, user_id=signer.user_id,
                                  roles=list(signer.roles) or [auth.STACK_USER_ROLE],
                                  request_id=request_id)
