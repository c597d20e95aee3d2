"""Export and abandon: Heat's abandon document of a stack.

Export only reads. Abandon also forgets the stack and its child stacks,
leaving every cloud object in place; the document it returns is what
``adopt_stack_data`` takes to bring the objects back under a new stack
(stack_adopt). As in Heat, the entry of a stack-backed resource (a
template resource, OS::Heat::Stack, a group) is its child stack's own
document, so the tree comes back whole.
"""
import uuid

from heat_conv.clients import trusts
from heat_conv.common import events
from heat_conv.common import exception
from heat_conv.common import timeutils
from heat_conv.common.status import Action
from heat_conv.common.status import Status
from heat_conv.db import api as db_api
from heat_conv.engine.core import stack_notifications
from heat_conv.engine.core import stack_scope
from heat_conv.engine.lifecycle import lifecycle_options


def export_stack(ctx, stack_id):
    lifecycle_options.require_abandon()   # as in Heat: export is abandon's preview
    stack = stack_scope.live_stack(ctx, stack_id)
    return document(stack)


def abandon_stack(ctx, stack_id):
    """The stack's document; the stack is gone, its objects are not."""
    lifecycle_options.require_abandon()
    stack = stack_scope.live_stack(ctx, stack_id)
    tree = descendants(stack)
    for each in [stack, *tree]:
        if each.status == Status.IN_PROGRESS:
            # A step in flight would act on objects the document hands over.
            raise exception.ActionInProgress(each.name, each.action)
    doc = document(stack)
    reason = 'Stack ABANDON completed: its resources were left in place'
    values = {'action': Action.DELETE, 'status': Status.COMPLETE, 'status_reason': reason,
              'current_traversal': str(uuid.uuid4()), 'deleted_at': timeutils.utcnow(),
              'live_name': None, 'updated_at': timeutils.utcnow()}
    forgotten = events.for_stack(stack, Action.DELETE, Status.COMPLETE, reason)
    if not db_api.stack_forget(stack.id, stack.current_traversal, values,
                               events=[forgotten],
                               descendants=[child.id for child in tree]):
        raise exception.Conflict('The stack changed; try again')
    stack_notifications.recorded(stack, [forgotten])
    if stack.trust_id:
        trusts.delete(stack.trust_id)   # nothing acts for the stack any more
    return doc


def document(stack, properties=False, resources=True):
    """Heat's abandon document (``Stack.prepare_abandon``); with
    ``properties`` (a snapshot's), each resource's data has the properties
    it was converged onto and its plugin's own data (what its snapshot
    step made: the objects a snapshot delete deletes); without
    ``resources``, none."""
    raw = db_api.raw_template_get(stack.raw_template_id) if stack.raw_template_id \
        else None
    children = ({child.id: child for child in db_api.stack_children(stack.id)}
                if resources else {})
    return {
        'name': stack.name, 'id': stack.id, 'action': stack.action,
        'status': stack.status,
        'environment': _environment(raw),
        'files': (raw.files if raw else None) or {},
        'template': raw.template if raw else {},
        'resources': {row.name: document(children[row.physical_resource_id], properties)
                      if row.physical_resource_id in children else
                      _resource(row, properties) for row in _live_rows(stack.id)}
        if resources else {},
        'project_id': stack.tenant,
        'stack_user_project_id': getattr(stack, 'stack_user_project_id', None),
        'tags': stack.tags or None,
    }


def descendants(stack):
    """The live child stacks of ``stack`` at every depth, parents first."""
    found = []
    level = [stack]
    while level:
        level = [child for each in level for child in db_api.stack_children(each.id)]
        found.extend(level)
    return found


def _environment(raw):
    """The stored environment with the request's parameters in it, as
    Heat's user environment has them: an adopt or restore needs them."""
    if raw is None:
        return {}
    environment = dict(raw.environment or {})
    if raw.parameters:
        environment['parameters'] = dict(environment.get('parameters') or {},
                                         **raw.parameters)
    return environment


def _resource(row, properties):
    # resource_data is what Heat keeps per resource; heat-conv's is the
    # attributes (a RandomString's value, say).
    data = dict(row.attributes_data or {})
    if properties:
        data.update(row.rsrc_data or {})
        data['properties'] = row.properties_data or {}
    return {'name': row.name, 'resource_id': row.physical_resource_id,
            'type': row.type, 'action': row.action, 'status': row.status,
            'metadata': row.rsrc_metadata or {}, 'resource_data': data}


def _live_rows(stack_id):
    """The row that stands for each name: the newest one with an object
    (a failed replacement's has none; the original's is still there)."""
    shown = {}
    for row in db_api.resources_of_stack(stack_id):
        if row.physical_resource_id or row.name not in shown:
            shown[row.name] = row
    return [row for row in shown.values()
            if row.action != Action.INIT or row.physical_resource_id]
