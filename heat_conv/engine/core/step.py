"""One step of a traversal: converge one resource row, then tell successors.

A step starts when the last predecessor of its graph node arrives
(``check_resource``). When its action is slow, the row waits IN_PROGRESS
and the step resumes when an external event ends the action (``resume``;
the observer's ``action_complete`` is one such event). Both halves end in
``continue_traversal``.

A step may arrive twice, late, or for a superseded traversal: each case
ends harmlessly. One plugin instance serves a step's resource throughout.
"""
import dataclasses
import logging

from heat_conv.common import exception
from heat_conv.common.status import Action
from heat_conv.common.status import Status
from heat_conv.db import api as db_api
from heat_conv.engine.core import boundary
from heat_conv.engine.core import decision
from heat_conv.engine.core import extensions
from heat_conv.engine.core import messages
from heat_conv.engine.core import read_ahead
from heat_conv.engine.core import reasons
from heat_conv.engine.core import resource_action
from heat_conv.engine.core import resource_metadata
from heat_conv.engine.core import stack_state
from heat_conv.engine.core import sync_point
from heat_conv.engine.core import together
from heat_conv.hot import template as hot_template
from heat_conv.plugin_interface import base
from heat_conv.plugin_interface import registry

LOG = logging.getLogger(__name__)


# --- start -------------------------------------------------------------------

def check_resource(msg):
    """Start the step of graph node ``msg.node`` (a messages.CheckResource)."""
    step = resource_action.Step(msg.stack_id, msg.traversal_id, msg.node)
    with boundary.guard_step(step, continue_traversal):
        # Reading the row, deciding and locking it: one transaction, which
        # the lock commits (or the step's end, when it has nothing to do).
        db_api.atomically(lambda: _start(step, msg))


def _start(step, msg):
    # The row, the stack's current traversal and the node's own sync point
    # (its stored spec and outgoing edges), in one read.
    try:
        row, current, node = read_ahead.resource_and_traversal(
            msg.entity_id, step.traversal_id, msg.is_update)
    except exception.NotFound:
        return   # purged: the traversal it belonged to is long finished
    if current != step.traversal_id or node is None:
        return
    if msg.definition is None:   # a 1.7 message: the spec is the sync point's
        spec = messages.NodeSpec.from_dict(node.definition or {}, msg.is_update)
        msg = dataclasses.replace(msg, definition=spec.definition, mode=spec.mode)
    if node.predecessors > 1 and msg.is_update:
        # What several predecessors sent was read with the row (a message
        # carries the input of a single predecessor only).
        msg = dataclasses.replace(msg, inputs=tuple(
            messages.Input.from_dict(data) for data in node.inputs))
    step.template_id = msg.definition.template_id
    step.post_hook = msg.definition.post_hook
    step.successors = node.successors
    step.name = row.name
    if row.engine_id is not None and not extensions.first(
            extensions.BUSY_ROW, row, step.traversal_id, msg.is_update, msg.mode):
        # Busy with an action. If it is this traversal's, this is a duplicate;
        # if an older traversal's, its end re-drives this node (retrigger),
        # unless this step may preempt the wait (preemption).
        return
    if msg.is_update:
        _update_node(row, step, msg)
    else:
        _cleanup_node(row, step, msg)


def _update_node(row, step, msg):
    if row.replaced_by is not None:
        replacement = resource_action.replacement_in(row, step.traversal_id)
        if replacement is not None:
            if replacement.engine_id is None and replacement.status == Status.COMPLETE:
                finish(replacement, step)   # redelivered after the replacement
            elif replacement.engine_id is None and replacement.status == Status.FAILED:
                _update_node(replacement, step, msg)   # resume it
            return
    if (row.traversal_id == step.traversal_id and row.action != Action.INIT
            and (row.status == Status.COMPLETE or row.action == Action.CHECK)):
        # redelivered after completion
        finish(row, step, cancelled=row.action == Action.CHECK and row.status == Status.FAILED)
        return
    if msg.mode in extensions.keys(extensions.STATE_ACTION):
        extensions.call(extensions.STATE_ACTION, row, step, msg.mode, msg.inputs,
                        key=msg.mode)
        return
    refs, attrs, requires = sync_point.collate(msg.inputs)
    step.requires = requires
    definition = msg.definition
    try:
        cls = registry.get(definition.type, path=('resources', definition.name, 'type'),
                           nested_template=definition.nested_template)
        resolved = hot_template.resolve_frozen(definition.properties, definition.version,
                                               refs, attrs)
        properties = cls.validate_properties(
            resolved, path=('resources', definition.name, 'properties'))
        step.metadata = resource_metadata.resolve(definition, refs, attrs)
    except exception.HeatConvException as exc:
        _fail_without_action(row, step, str(exc))
        return
    plugin = registry.plugin_for(row, properties, definition=definition)
    if extensions.first(extensions.DIRECTIVE, row, step, msg.mode, definition, plugin,
                        _record_noop, continue_traversal):
        return
    if row.status == Status.FAILED and row.traversal_id == step.traversal_id:
        # Failed within a live traversal: only the reaper does that, when
        # the engine acting on the row died. Resume that action.
        _resume(row, step, plugin, definition)
        return
    reality = _observe(row, plugin) if msg.mode == messages.Mode.OBSERVE else None
    change = decision.change_for(row, definition.type, properties, plugin.needs_replace,
                                 reality, nested_template=definition.nested_template,
                                 stack_backed=plugin.stack_backed,
                                 replaced_on_update=plugin.replaced_on_update,
                                 substituted=registry.substitutes(row.type, definition.type))
    if extensions.first(extensions.GUARD, row, step, definition, change):
        return
    if change == decision.Change.REPLACE:
        _replace(row, step, definition, properties)
    elif change == decision.Change.NONE:
        _record_noop(row, step, definition)
    elif change == decision.Change.CREATE:
        _act(row, step, Action.CREATE, plugin, definition)
    else:
        _act(row, step, Action.UPDATE, plugin, definition)


def _act(row, step, action, plugin, definition):
    old_properties = row.properties_data or {}
    before = {'action': row.action, 'status': row.status,
              'status_reason': row.status_reason}
    if resource_action.lock(row, step, action) is None:
        return
    outcome = resource_action.start(row, action, plugin, old_properties)
    if isinstance(outcome, base.NeedsReplace):
        # Nothing changed in the cloud: the row goes back to how it was,
        # replaced, in the same write that unlocks it.
        _replace(row, step, definition, plugin.properties, holding=before)
        return
    conclude(row, step, action, plugin, outcome, started=True)


def _resume(row, step, plugin, definition):
    action = row.action if row.action in (Action.CREATE, Action.UPDATE) else Action.CREATE
    if action == Action.CREATE and row.physical_resource_id:
        # The create reached the cloud before its engine died: the reaper
        # adopted the object, and the observer reports when it settles.
        if resource_action.lock(row, step, Action.CREATE) is not None:
            conclude(row, step, Action.CREATE, plugin,
                     base.Pending(row.physical_resource_id), started=True)
        return
    _act(row, step, action, plugin, definition)


def _observe(row, plugin):
    """In a convergence from reality, how the resource's object has drifted."""
    if row.status != Status.COMPLETE:
        return None
    return plugin.observe_drift()


def _replace(row, step, definition, properties, holding=None):
    """Make a new row that stands in for ``row`` in this traversal.

    The old row keeps its physical resource until its cleanup node runs,
    which is after every dependent has moved to the replacement. With
    ``holding`` (the values to restore), the step has the old row locked.
    """
    new = db_api.resource_create({
        'stack_id': row.stack_id, 'name': row.name, 'type': definition.type,
        'nested_template': definition.nested_template, 'action': Action.INIT,
        'status': Status.COMPLETE, 'replaces': row.id,
        'deletion_policy': definition.deletion_policy or 'Delete',
        'requires': [], 'traversal_id': step.traversal_id,
        'node_id': step.node[0], 'node_is_update': True})
    if holding is not None:
        won = resource_action.hand_back(row, step, dict(holding, replaced_by=new.id))
    else:
        won = resource_action.write(row, {'replaced_by': new.id}, engine_id=None)
    if not won:
        # Someone else acted on the row first; they own this step.
        db_api.resource_delete_unused(new.id)
        return
    if resource_action.lock(new, step, Action.CREATE) is None:
        return
    # A new incarnation of the resource: a plugin instance of its own.
    plugin = registry.plugin_for(new, properties, definition=definition)
    conclude(new, step, Action.CREATE, plugin,
             resource_action.start(new, Action.CREATE, plugin), started=True)


def _record_noop(row, step, definition):
    values = {'traversal_id': step.traversal_id, 'node_id': step.node[0],
              'node_is_update': True, 'replaced_by': None,
              'template_id': step.template_id, 'requires': step.requires,
              'deletion_policy': definition.deletion_policy or 'Delete',
              'action': row.action if row.action != Action.INIT else Action.CREATE}
    if definition.type != row.type:
        values['type'] = definition.type   # its deprecated name's substitute
    if step.metadata is not None and step.metadata != (row.rsrc_metadata or {}):
        values['rsrc_metadata'] = step.metadata
    def record():
        if resource_action.write(row, values, engine_id=None):
            finish(row, step)
    db_api.atomically(record)


def _cleanup_node(row, step, msg):
    if row.action == Action.DELETE and row.status == Status.COMPLETE:
        finish(row, step)
        return
    if msg.mode in extensions.keys(extensions.STATE_ACTION):
        extensions.call(extensions.STATE_ACTION, row, step, msg.mode, (), key=msg.mode)
        return
    if not (msg.mode == messages.Mode.DELETE or row.replaced_by is not None):
        finish(row, step)
        return
    if (extensions.first(extensions.GUARD, row, step, msg.definition, None)
            or resource_action.lock(row, step, Action.DELETE) is None):
        return
    plugin = registry.plugin_for(row)
    conclude(row, step, Action.DELETE, plugin,
             resource_action.start(row, Action.DELETE, plugin), started=True)


def _fail_without_action(row, step, reason):
    """The step cannot act (a property does not resolve): fail the resource."""
    if resource_action.lock(row, step, row.action if row.action != Action.INIT
                            else Action.CREATE) is None:
        return
    plugin = registry.plugin_for(row)
    conclude(row, step, row.action, plugin, base.Failed(reason), started=True)


# --- resume ------------------------------------------------------------------

def action_complete(msg):
    """The observer saw the pending action of a resource end (messages.ActionComplete)."""
    if msg.outcome is not None:
        child_done(msg, settled_at=msg.settled_at)
    else:   # a 1.0 sender: the cloud object, for the plugin to judge here
        resume(msg.resource_id, msg.atomic_key,
               lambda plugin, row: plugin.progress(row.action, msg.cloud_object))


def child_done(msg, settled_at=None):
    """An event that carries its outcome (messages.ChildDone: a child stack ended)."""
    resume(msg.resource_id, msg.atomic_key,
           lambda plugin, row: _resumed(row, plugin, msg.outcome), settled_at=settled_at)


def _resumed(row, plugin, outcome):
    if not plugin.stack_backed:
        return outcome
    return extensions.service(extensions.CHILD_STACKS).resumed(row, plugin, outcome)


def resume(resource_id, atomic_key, judge, settled_at=None):
    """An external event may have ended the action a resource row waits for.

    ``atomic_key`` is the row's key while it waits, so a duplicate or
    superseded report matches nothing. ``judge(plugin, row)`` turns the
    event into the action's outcome (base.Done or base.Failed), or None
    while the action goes on. Every external event a waiting step can get
    comes through here. ``settled_at``: when the cloud settled the
    object, if the event says (resource_action.Step.settled_at).
    """
    try:
        row, successors = read_ahead.resource_with_node(resource_id)
    except exception.NotFound:
        return
    if (row.atomic_key != atomic_key or row.status != Status.IN_PROGRESS
            or row.action_started_at is None):
        return   # already handled (a duplicate notification) or superseded
    step = resource_action.Step(row.stack_id, row.traversal_id,
                                (row.node_id, row.node_is_update), held=row, name=row.name,
                                successors=successors, settled_at=settled_at)
    with boundary.guard_step(step, continue_traversal):
        plugin = registry.plugin_for(row)
        outcome = judge(plugin, row)
        if outcome is None:
            step.held = None
            return
        conclude(row, step, row.action, plugin, outcome)


# --- the end of an action ------------------------------------------------------

def conclude(row, step, action, plugin, outcome, started=False):
    """Record how an action ended (resource_action.settle) and go on from it,
    in one transaction: the row's release, its events and the arrivals at
    its successors commit together, and the messages that start the
    successors leave after that commit. In a batch, with the other steps'
    conclusions (together). The attributes it records are read first,
    outside any transaction."""
    attributes = resource_action.read_attributes(row, action, plugin, outcome)

    def work():
        return continue_traversal(
            resource_action.settle(row, step, action, plugin, outcome, started=started,
                                   attributes=attributes),
            step, plugin)
    if not together.later(step, work, continue_traversal):
        db_api.atomically(work)


def continue_traversal(result, step, plugin=None):
    """Go on from an action that ended (inline, or resumed by an event)."""
    if result.end in (resource_action.End.WAITING, resource_action.End.LOST):
        if result.end == resource_action.End.WAITING:   # signals sent before it waited
            extensions.notify(extensions.BEGAN_WAITING, result.row, plugin)
        return
    if result.superseded:
        # The newer traversal's message for this row was dropped because the
        # row was busy, so start it now: once this release has committed,
        # from reads of their own. Inside this transaction, a MariaDB
        # snapshot (REPEATABLE READ) may predate the newer traversal's graph
        # or the arrivals that made its node ready, while its step, which
        # read the row busy before this release committed, has already
        # given up: each side would count on the other (issue 27).
        stack_id, row_id = step.stack_id, result.row.id
        db_api.after_commit(lambda: hand_over(stack_id, row_id))
        return
    if result.end == resource_action.End.FAILED and result.row.action != Action.CHECK:
        stack_state.fail(step.stack_id, step.traversal_id,
                         f'Resource {result.row.action} failed: '
                         f'{reasons.with_path(result.row.name, result.reason or "")}')
        return
    if result.end == resource_action.End.COMPLETE and extensions.first(
            extensions.SETTLED, result.row):
        return   # a post-* hook: its clearing tells the successors
    # A failed check is a finding, not a fault: the other checks go on,
    # but not those of what depends on it (check_step).
    finish(result.row, step, plugin, cancelled=result.end == resource_action.End.FAILED)


def hand_over(stack_id, row_id):
    """Start the current traversal's ready nodes of row ``row_id``, which an
    older traversal's action held when they were ready."""
    current = db_api.stack_get(stack_id).current_traversal
    if current is not None:
        sync_point.retrigger(stack_id, current, row_id)


def finish(row, step, plugin=None, cancelled=False):
    """Tell the node's successors it is done (``cancelled``: in a stack
    check, its check failed or was not made)."""
    sender = None
    if step.node[1]:
        plugin = plugin or registry.plugin_for(row)
        sender = sync_point.Sender(row.name, row.id, plugin.refid(),
                                   row.attributes_data or {},
                                   replaced=row.id != step.node[0], cancelled=cancelled)
    if sync_point.propagate(step.stack_id, step.traversal_id, step.node, sender,
                            step.successors):
        stack_state.complete(step.stack_id, step.traversal_id)
