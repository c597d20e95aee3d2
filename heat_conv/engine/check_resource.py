"""One step of a traversal: converge one resource row, then tell successors.

A step may arrive twice, late, or for a traversal that has been superseded;
each case below ends without side effects or with the same outcome.
"""
import logging

from heat_conv.cloud import client as cloud_client
from heat_conv.cloud import retry
from heat_conv.common import exception
from heat_conv.db import api as db_api
from heat_conv.engine import resource_action
from heat_conv.engine import stack_state
from heat_conv.engine import sync_point
from heat_conv.hot import template as hot_template
from heat_conv.resources import base
from heat_conv.resources import registry

LOG = logging.getLogger(__name__)


def check_resource(stack_id, traversal_id, entity_id, is_update, definition, inputs):
    try:
        row, current = db_api.resource_and_traversal(entity_id)
    except exception.NotFound:
        return   # purged: the traversal it belonged to is long finished
    if current != traversal_id:
        return
    step = resource_action.Step(stack_id, traversal_id, (entity_id, is_update),
                                template_id=definition.get('template_id'))
    if row.engine_id is not None:
        # Busy with an action. If it is this traversal's, this is a duplicate;
        # if an older traversal's, its end re-drives this node (retrigger).
        return
    if is_update:
        _update_node(row, step, definition, inputs)
    else:
        _cleanup_node(row, step, definition)


def _update_node(row, step, definition, inputs):
    if row.replaced_by is not None:
        replacement = _replacement_in(row, step.traversal_id)
        if replacement is not None:
            if replacement.engine_id is None and replacement.status == 'COMPLETE':
                finish(replacement, step)   # redelivered after the replacement
            elif replacement.engine_id is None and replacement.status == 'FAILED':
                _update_node(replacement, step, definition, inputs)   # resume it
            return
    if (row.traversal_id == step.traversal_id and row.action != 'INIT'
            and (row.status == 'COMPLETE' or row.action == 'CHECK')):
        finish(row, step)                   # redelivered after completion
        return
    if definition.get('check'):
        _check(row, step)
        return

    refs, attrs, requires = _collate(inputs)
    step.requires = requires
    name = definition['name']
    path = ('resources', name, 'properties')
    try:
        cls = registry.get(definition['type'], path=('resources', name, 'type'))
        resolved = hot_template.resolve_frozen(
            definition['properties'], definition['version'], refs, attrs)
        properties = cls.validate_properties(resolved, path=path)
    except exception.HeatConvException as exc:
        _fail_without_action(row, step, str(exc))
        return

    if row.status == 'FAILED' and row.traversal_id == step.traversal_id:
        # Failed within a live traversal: only the reaper does that, when
        # the engine acting on the row died. Resume that action.
        _resume(row, step, properties)
        return
    reality = _observe(row, definition)
    action = _choose_action(row, definition, properties, reality)
    if action == 'REPLACE':
        _replace(row, step, definition, properties)
        return
    if action == 'NONE':
        _record_noop(row, step, definition)
        return
    _act(row, step, action, properties)


def _choose_action(row, definition, properties, reality=None):
    if row.action == 'INIT' or (row.status == 'FAILED' and
                                not row.physical_resource_id):
        return 'CREATE'
    if row.type != definition['type'] or row.status == 'FAILED' \
            or reality == 'DELETED':
        return 'REPLACE'
    old = row.properties_data or {}
    if old == properties:
        return 'UPDATE' if reality == 'MODIFIED' else 'NONE'
    plugin = resource_action.plugin_for(row, properties)
    return 'REPLACE' if plugin.needs_replace(old) else 'UPDATE'


def _act(row, step, action, properties):
    old_properties = row.properties_data or {}
    if resource_action.lock(row, step, action) is None:
        return
    plugin = resource_action.plugin_for(row, properties)
    try:
        result = resource_action.run(row, step, action, plugin, old_properties)
    except base.UpdateReplace:
        fresh = db_api.resource_get(row.id)
        _replace(fresh, step, {'type': row.type, 'name': row.name,
                               'deletion_policy': row.deletion_policy}, properties)
        return
    after_action(result, step)


def _resume(row, step, properties):
    action = row.action if row.action in ('CREATE', 'UPDATE') else 'CREATE'
    if action == 'CREATE' and row.physical_resource_id:
        # The create reached the cloud before its engine died: the reaper
        # adopted the object, and the observer reports when it settles.
        if resource_action.lock(row, step, 'CREATE') is not None:
            plugin = resource_action.plugin_for(row, properties)
            after_action(resource_action.settle(
                row, step, 'CREATE', plugin, base.Pending(row.physical_resource_id),
                started=True), step)
        return
    _act(row, step, action, properties)


def _observe(row, definition):
    """In a convergence from reality, how the resource's object has drifted."""
    if not definition.get('observe') or row.status != 'COMPLETE' \
            or not row.physical_resource_id:
        return None
    plugin = resource_action.plugin_for(row)
    if not getattr(plugin, 'observed', False):
        return None
    try:
        obj = retry.call(plugin.cloud.get, row.physical_resource_id)
    except cloud_client.CloudNotFound:
        obj = None
    status, _ = plugin.drift(row.properties_data or {}, obj)
    return status


def _check(row, step):
    """Stack check: ask reality, record CHECK_COMPLETE or CHECK_FAILED."""
    if resource_action.lock(row, step, 'CHECK') is None:
        return
    plugin = resource_action.plugin_for(row)
    try:
        outcome = plugin.check()
    except Exception as exc:   # a plugin bug fails the check, not the worker
        outcome = base.Failed(f'{type(exc).__name__}: {exc}')
    after_action(resource_action.settle(row, step, 'CHECK', plugin, outcome,
                                        started=True), step)


def _replace(row, step, definition, properties):
    """Make a new row that stands in for ``row`` in this traversal.

    The old row keeps its physical resource until its cleanup node runs,
    which is after every dependent has moved to the replacement.
    """
    new = db_api.resource_create({
        'stack_id': row.stack_id, 'name': row.name, 'type': definition['type'],
        'action': 'INIT', 'status': 'COMPLETE', 'replaces': row.id,
        'deletion_policy': definition.get('deletion_policy', 'Delete'),
        'requires': [], 'traversal_id': step.traversal_id,
        'node_id': step.node[0], 'node_is_update': True})
    if not resource_action.write(row, {'replaced_by': new.id}, engine_id=None):
        # Someone else acted on the row first; they own this step.
        db_api.resource_delete_unused(new.id)
        return
    if resource_action.lock(new, step, 'CREATE') is None:
        return
    plugin = resource_action.plugin_for(new, properties)
    after_action(resource_action.run(new, step, 'CREATE', plugin), step)


def _record_noop(row, step, definition):
    values = {'traversal_id': step.traversal_id, 'node_id': step.node[0],
              'node_is_update': True, 'replaced_by': None,
              'template_id': step.template_id, 'requires': step.requires,
              'deletion_policy': definition.get('deletion_policy', 'Delete'),
              'action': row.action if row.action != 'INIT' else 'CREATE'}
    if resource_action.write(row, values, engine_id=None):
        finish(row, step)


def _cleanup_node(row, step, definition):
    if row.action == 'DELETE' and row.status == 'COMPLETE':
        finish(row, step)
        return
    if not (definition.get('delete') or row.replaced_by is not None):
        finish(row, step)
        return
    if resource_action.lock(row, step, 'DELETE') is None:
        return
    plugin = resource_action.plugin_for(row)
    after_action(resource_action.run(row, step, 'DELETE', plugin), step)


def _fail_without_action(row, step, reason):
    if resource_action.lock(row, step, row.action if row.action != 'INIT'
                            else 'CREATE') is None:
        return
    plugin = resource_action.plugin_for(row, {})
    result = resource_action.settle(row, step, row.action, plugin,
                                    base.Failed(reason), started=True)
    after_action(result, step)


def after_action(result, step):
    """Continue the traversal after an action ended (inline or observed)."""
    if result.status in ('WAITING', 'LOST'):
        return
    if result.superseded:
        # The newer traversal's message for this row was dropped because the
        # row was busy, so start it now.
        current = db_api.stack_get(step.stack_id).current_traversal
        sync_point.retrigger(step.stack_id, current, result.row.id)
        return
    if result.status == 'FAILED' and result.row.action != 'CHECK':
        stack_state.fail(step.stack_id, step.traversal_id,
                         f'Resource {result.row.action} failed: {result.reason}')
        return
    # A failed check is a finding, not a fault: the other checks go on.
    finish(result.row, step)


def finish(row, step):
    """Tell the node's successors it is done."""
    sender = None
    if step.node[1]:
        plugin = resource_action.plugin_for(row)
        sender = sync_point.Sender(row.name, row.id, plugin.refid(),
                                   row.attributes_data or {},
                                   replaced=row.id != step.node[0])
    if sync_point.propagate(step.stack_id, step.traversal_id, step.node, sender):
        stack_state.complete(step.stack_id, step.traversal_id)


def _replacement_in(row, traversal_id):
    try:
        new = db_api.resource_get(row.replaced_by)
    except exception.NotFound:
        return None
    return new if new.traversal_id == traversal_id else None


def _collate(inputs):
    refs, attrs, requires = {}, {}, []
    for item in inputs or []:
        refs[item['name']] = item['refid']
        attrs[item['name']] = item.get('attrs') or {}
        requires.append(item['row'])
    return refs, attrs, sorted(set(requires))
