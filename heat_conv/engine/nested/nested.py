"""Child stacks of stack-backed resources: the parent's side.

A stack-backed resource's action is its child stack's traversal. The
parent row's step creates or updates the child stack (or begins its
delete), returns Pending like a slow cloud action, and only once that wait
is recorded casts the child's ``converge`` (so the child's end can never
arrive before the parent waits for it). The child's end comes back as a
``child_done`` message (``parent_link``), which resumes the parent step.
Nothing polls and no thread waits; any worker may run any level.
"""
import logging
import math
import secrets
import string
import uuid

from heat_conv.common import exception
from heat_conv.common import limits
from heat_conv.common import timeutils
from heat_conv.common.status import Action
from heat_conv.db import api as db_api
from heat_conv.engine.core import extensions
from heat_conv.engine.core import messages
from heat_conv.engine.core import resource_action
from heat_conv.engine.core import rpc
from heat_conv.engine.core import stack_state
from heat_conv.hot import template as hot_template
from heat_conv.plugin_interface import base

LOG = logging.getLogger(__name__)

_NAME_CHARS = string.ascii_lowercase + string.digits
BEGIN_ATTEMPTS = 5


def start(row, action, plugin):
    """Start ``action`` on the child stack of ``row`` (held by the step);
    the plugin's outcome: Pending (with the child's cast to make once the
    wait is recorded), Done or Failed."""
    if action == Action.DELETE:
        return _delete(live_child(row.physical_resource_id))
    spec = _child_spec(row, plugin)
    return spec if isinstance(spec, base.Failed) else _converge(row, spec)


def adopt(row, plugin, documented):
    """Adopt: a new child stack, ADOPT, whose rows take over the objects
    ``documented`` (the resources of the child's abandon document) names."""
    spec = _child_spec(row, plugin)
    if isinstance(spec, base.Failed):
        return spec
    parent = db_api.stack_get(row.stack_id)
    try:
        tmpl = hot_template.Template.load(spec.template, files=spec.files,
                                          environment=spec.environment)
        limits.check_nested_depth(parent.nested_depth + 1)
    except exception.HeatConvException as exc:
        return base.Failed(f'{type(exc).__name__}: {exc}')
    facade = {'metadata': plugin.facade_metadata(), 'update_policy': {},
              'deletion_policy': row.deletion_policy}

    def adopted_rows(child_id, name):
        bound = tmpl.bind(params=spec.parameters, stack_name=name, stack_id=child_id,
                          project_id=parent.tenant, facade=facade)
        return extensions.call(extensions.ADOPTED_ROWS, bound, documented)
    return _create(row, parent, tmpl, spec, adopted_rows=adopted_rows)


def _child_spec(row, plugin):
    try:
        spec = plugin.child_spec()
    except exception.HeatConvException as exc:
        return base.Failed(f'{type(exc).__name__}: {exc}')
    metadata = plugin.facade_metadata()
    if metadata != (row.rsrc_metadata or {}):
        # The child's resource_facade reads it from here.
        resource_action.write(row, {'rsrc_metadata': metadata})
    return spec


def check(row):
    """Check a stack-backed resource as Heat does: a check of its child
    stack (every resource of the child, and their children in turn); the
    child's end is the check's outcome, a failure carrying its path."""
    child = live_child(row.physical_resource_id)
    if child is None or child.raw_template_id is None or child.action == Action.INIT:
        return base.Failed(f'Cannot check {row.name}, stack not created')
    return begin(child, Action.CHECK, child.raw_template_id, {'observe_reality': True})


def resumed(row, plugin, outcome):
    """The outcome of a waiting row's action, now that its child settled or
    the plugin's own wait ended (a pause, which the observer times).

    A stack-backed plugin may go on instead (a group's next batch): it
    answers with the ChildSpec the child converges to next, and the row
    keeps waiting, for that traversal's end; or with Pending, to wait on.
    """
    if not plugin.stack_backed or row.action == Action.CHECK:
        return outcome
    try:
        answer = plugin.child_done(outcome)
    except exception.HeatConvException as exc:
        return base.Failed(f'{type(exc).__name__}: {exc}')
    if isinstance(answer, (base.Done, base.Failed, base.Pending)):
        return answer
    return _converge(row, answer)   # a ChildSpec


def converge_child(row, spec):
    """Converge the child stack of ``row`` (held by the caller) onto
    ``spec`` outside a step (a scaling policy's resize): Pending with the
    child's cast to make once the caller has recorded it, or Failed."""
    return _converge(row, spec)


def _converge(row, spec):
    parent = db_api.stack_get(row.stack_id)
    try:
        tmpl = hot_template.Template.load(spec.template, files=spec.files,
                                          environment=spec.environment)
        limits.check_nested_depth(parent.nested_depth + 1)
        child = live_child(row.physical_resource_id)
        _check_tree_size(parent, tmpl, child)
    except exception.HeatConvException as exc:
        return base.Failed(f'{type(exc).__name__}: {exc}')
    if child is None or child.action == Action.DELETE:
        return _create(row, parent, tmpl, spec)
    return _update(child, parent, tmpl, spec)


def _check_tree_size(parent, tmpl, child):
    """max_resources_per_stack over the whole tree, counted again as each
    child converges: a group's size may only be known now (Heat does the
    same when it creates or updates a nested stack)."""
    if limits.CONF.max_resources_per_stack < 0:
        return
    existing = db_api.tree_resource_count(
        parent.id, leaving_out=child.id if child is not None else None)
    limits.check_resource_count(existing + len(tmpl.resources))


def _create(row, parent, tmpl, spec, adopted_rows=None):
    """A new child stack; with ``adopted_rows(child id, name)``, adopting
    the objects those rows name."""
    child_id = str(uuid.uuid4())
    name = f'{parent.name}-{row.name}-{"".join(secrets.choice(_NAME_CHARS) for _ in range(12))}'
    action, rows = Action.CREATE, None
    if adopted_rows is not None:
        try:
            action, rows = Action.ADOPT, adopted_rows(child_id, name)
        except exception.HeatConvException as exc:
            return base.Failed(f'{type(exc).__name__}: {exc}')
    template_id = db_api.raw_template_create(tmpl.to_dict(), spec.files, spec.environment,
                                             spec.parameters, stack_id=child_id)
    values = {'id': child_id, 'name': name, 'live_name': name, 'tenant': parent.tenant,
              'username': parent.username, 'timeout': child_timeout(parent, spec),
              # The parent's rollback rolls its children back.
              'disable_rollback': True, 'owner_id': parent.id,
              'parent_resource_name': row.name, 'nested_depth': parent.nested_depth + 1}
    child = stack_state.create(values, template_id, cast=False, action=action,
                               resources=rows)
    return _pending(child.id, child.current_traversal)


def _update(child, parent, tmpl, spec):
    template_id = db_api.raw_template_create(tmpl.to_dict(), spec.files, spec.environment,
                                             spec.parameters, stack_id=child.id)
    extra = {'observe_reality': bool(parent.observe_reality),
             'timeout': child_timeout(parent, spec)}
    return begin(child, Action.UPDATE, template_id, extra)


def child_timeout(parent, spec):
    """The child's timeout in minutes: its own (OS::Heat::Stack's
    ``timeout``), else what remains of the parent's, as in Heat, so that a
    tree cannot outlive its top stack's timeout; None when neither has one."""
    if spec.timeout is not None:
        return spec.timeout
    if not parent.timeout or parent.traversal_started_at is None:
        return parent.timeout or None
    spent = (timeutils.utcnow() - parent.traversal_started_at).total_seconds()
    return max(1, math.ceil((parent.timeout * 60 - spent) / 60))


def _delete(child):
    if child is None:
        return base.Done()
    return begin(child, Action.DELETE, None, {})


def begin(child, action, template_id, extra):
    """Supersede whatever the child runs with ``action``: Pending, whose
    cast of the child waits until the parent has recorded its wait."""
    for _ in range(BEGIN_ATTEMPTS):
        traversal_id = stack_state.begin(child, action, template_id, extra=extra, cast=False)
        if traversal_id is not None:
            return _pending(child.id, traversal_id)
        child = db_api.stack_get(child.id)
    return base.Failed(f'The nested stack {child.id} keeps changing')


def _pending(child_id, traversal_id):
    def cast_child():
        rpc.cast(messages.Converge(child_id, traversal_id))
    return base.Pending(child_id, then=cast_child)


def live_child(child_id):
    """The child stack ``child_id`` unless it is gone (None)."""
    if not child_id:
        return None
    try:
        child = db_api.stack_get(child_id)
    except exception.StackNotFound:
        return None
    return None if child.deleted_at is not None else child

