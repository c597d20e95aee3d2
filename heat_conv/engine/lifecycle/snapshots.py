"""Stack snapshots: take, list, show, delete, restore. Run in the API process.

Taking one is a traversal (SNAPSHOT_IN_PROGRESS, each resource's snapshot
step, SNAPSHOT_COMPLETE), as in Heat; the snapshot answers at once,
IN_PROGRESS, and its traversal's id is its own, so the traversal's end
records the stack's abandon document in it (snapshot_record): template,
environment with its parameters, files, and each resource's object id,
properties and attributes, child stacks' documents included. A restore
converges the stack back onto that template *from reality* (RESTORE):
objects deleted or changed since come back as the template has them,
resources added since are deleted. Deleting one deletes the cloud objects
its steps made (snapshot_deletion).
"""
import copy
import uuid

from heat_conv.common import exception
from heat_conv.common import limits
from heat_conv.common.status import Action
from heat_conv.common.status import Status
from heat_conv.db import api as db_api
from heat_conv.engine.core import stack_scope
from heat_conv.engine.core import stack_state
from heat_conv.engine.lifecycle import snapshot_deletion
from heat_conv.engine.lifecycle import stack_abandon
from heat_conv.engine.lifecycle import stack_lifecycle
from heat_conv.plugin_interface import registry


def create_snapshot(ctx, stack_id, name=None):
    stack = stack_scope.live_stack(ctx, stack_id)
    if stack.status == Status.IN_PROGRESS:
        raise exception.ActionInProgress(stack.name, stack.action)
    most = limits.CONF.max_snapshots_per_stack
    if most >= 0 and db_api.snapshot_count(stack.id) >= most:
        raise exception.RequestLimitExceeded(
            f'You have reached the maximum snapshots per stack, {most}. Please '
            'delete some snapshots.')
    # Before its traversal, which may end before begin returns. Until then
    # the data is the stack's document without resources, as Heat's.
    snapshot = db_api.snapshot_create({
        'id': str(uuid.uuid4()), 'stack_id': stack.id, 'tenant': stack.tenant,
        'name': name, 'action': Action.CREATE, 'status': Status.IN_PROGRESS,
        'status_reason': None,
        'data': dict(stack_abandon.document(stack, resources=False))})
    if stack_state.begin(stack, Action.SNAPSHOT, stack.raw_template_id, ctx=ctx,
                         traversal_id=snapshot.id) is None:
        db_api.snapshot_delete(snapshot.id)
        raise exception.Conflict('The stack changed; try again')
    return snapshot


def list_snapshots(ctx, stack_id):
    stack = stack_scope.live_stack(ctx, stack_id)
    return db_api.snapshot_list(stack.id)


def show_snapshot(ctx, stack_id, snapshot_id):
    stack = stack_scope.live_stack(ctx, stack_id)
    return db_api.snapshot_get(stack.id, snapshot_id)


def delete_snapshot(ctx, stack_id, snapshot_id):
    """Delete it and the cloud objects its steps made (snapshot_deletion)."""
    snapshot_deletion.delete_snapshot(show_snapshot(ctx, stack_id, snapshot_id))


def restore_snapshot(ctx, stack_id, snapshot_id):
    snapshot = show_snapshot(ctx, stack_id, snapshot_id)
    stack = db_api.stack_get(snapshot.stack_id)
    if snapshot.status != Status.COMPLETE:
        raise exception.NotSupported('Restoring incomplete snapshot is not supported.')
    stack_lifecycle.check_not_suspended(stack)
    if stack.action == Action.DELETE:
        raise exception.ActionNotAllowed(f'Stack {stack.name} is being deleted')
    data = snapshot.data
    environment = dict(data.get('environment') or {})
    params = environment.pop('parameters', None) or {}
    template_id = db_api.raw_template_create(restored_template(data),
                                             data.get('files') or {},
                                             environment, params, stack_id=stack.id)
    if stack_state.begin(stack, Action.RESTORE, template_id, ctx=ctx,
                         extra={'observe_reality': True}) is None:
        raise exception.Conflict('The stack changed; try again')
    return db_api.stack_get(stack.id)


def restored_template(data):
    """The snapshot's template, each resource's definition taking what its
    plugin restores from the objects its snapshot step made (Heat's
    handle_restore: a server's image becomes its snapshot image, so the
    server is rebuilt from it). Only properties the definition sets are
    changed (a server booted from a volume has no image to change); as
    in Heat, child stacks' resources made nothing to restore from."""
    template = copy.deepcopy(data['template'])
    hot = 'resources' in template
    definitions = template.get('resources' if hot else 'Resources') or {}
    properties_key = 'properties' if hot else 'Properties'
    for name, entry in sorted((data.get('resources') or {}).items()):
        definition = definitions.get(name)
        if 'resource_data' not in entry or not isinstance(definition, dict):
            continue
        try:
            cls = registry.get(entry.get('type'))
        except exception.HeatConvException:
            continue   # a type no longer available: restored as the template has it
        properties = definition.get(properties_key) or {}
        taken = {key: value for key, value in
                 cls.restore_properties(entry['resource_data']).items()
                 if key in properties}
        if taken:
            definition[properties_key] = dict(properties, **taken)
    return template
