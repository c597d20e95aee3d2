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
import secrets
import string
import uuid

from heat_conv.common import exception
from heat_conv.common import limits
from heat_conv.common.status import Action
from heat_conv.db import api as db_api
from heat_conv.engine import messages
from heat_conv.engine import resource_action
from heat_conv.engine import rpc
from heat_conv.engine import stack_state
from heat_conv.hot import template as hot_template
from heat_conv.resources import base
from heat_conv.resources import registry

LOG = logging.getLogger(__name__)

_NAME_CHARS = string.ascii_lowercase + string.digits
BEGIN_ATTEMPTS = 5


def start(row, action, plugin):
    """Start ``action`` on the child stack of ``row`` (held by the step);
    the plugin's outcome: Pending (with the child's cast to make once the
    wait is recorded), Done or Failed."""
    if action == Action.DELETE:
        return _delete(_live_child(row.physical_resource_id))
    try:
        spec = plugin.child_spec()
    except exception.HeatConvException as exc:
        return base.Failed(f'{type(exc).__name__}: {exc}')
    metadata = plugin.facade_metadata()
    if metadata != (row.rsrc_metadata or {}):
        # The child's resource_facade reads it from here.
        resource_action.write(row, {'rsrc_metadata': metadata})
    return _converge(row, spec)


def resumed(row, plugin, outcome):
    """The outcome of a waiting row's action, now that its child settled or
    the plugin's own wait ended (a pause, which the observer times).

    A stack-backed plugin may go on instead (a group's next batch): it
    answers with the ChildSpec the child converges to next, and the row
    keeps waiting, for that traversal's end; or with Pending, to wait on.
    """
    if not plugin.stack_backed:
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
    except exception.HeatConvException as exc:
        return base.Failed(f'{type(exc).__name__}: {exc}')
    child = _live_child(row.physical_resource_id)
    if child is None or child.action == Action.DELETE:
        return _create(row, parent, tmpl, spec)
    return _update(child, parent, tmpl, spec)


def _create(row, parent, tmpl, spec):
    child_id = str(uuid.uuid4())
    template_id = db_api.raw_template_create(tmpl.to_dict(), spec.files, spec.environment,
                                             spec.parameters, stack_id=child_id)
    name = f'{parent.name}-{row.name}-{"".join(secrets.choice(_NAME_CHARS) for _ in range(12))}'
    values = {'id': child_id, 'name': name, 'live_name': name, 'tenant': parent.tenant,
              'username': parent.username, 'timeout': spec.timeout,
              # The parent's rollback rolls its children back.
              'disable_rollback': True, 'owner_id': parent.id,
              'parent_resource_name': row.name, 'nested_depth': parent.nested_depth + 1}
    child = stack_state.create(values, template_id, cast=False)
    return _pending(child.id, child.current_traversal)


def _update(child, parent, tmpl, spec):
    template_id = db_api.raw_template_create(tmpl.to_dict(), spec.files, spec.environment,
                                             spec.parameters, stack_id=child.id)
    extra = {'observe_reality': bool(parent.observe_reality), 'timeout': spec.timeout}
    return _begin(child, Action.UPDATE, template_id, extra)


def _delete(child):
    if child is None:
        return base.Done()
    return _begin(child, Action.DELETE, None, {})


def _begin(child, action, template_id, extra):
    """Supersede whatever the child runs; its cast waits for the parent."""
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


def _live_child(child_id):
    if not child_id:
        return None
    try:
        child = db_api.stack_get(child_id)
    except exception.StackNotFound:
        return None
    return None if child.deleted_at is not None else child


def take_over(row, traversal_id, is_update, mode):
    """A step of a newer traversal finds a stack-backed row still waiting
    for its child on behalf of an older one. Rather than wait for that
    child to finish the old work, release the row to the new step, which
    then supersedes the child's traversal; the old traversal's report no
    longer matches the row. True if the row was released."""
    if row.traversal_id == traversal_id or row.action_started_at is None:
        return False
    if not (is_update or mode == messages.Mode.DELETE):
        return False
    try:
        if not registry.get(row.type, nested_template=row.nested_template).stack_backed:
            return False
    except exception.HeatConvException:
        return False
    return resource_action.write(row, {'engine_id': None, 'action_started_at': None},
                                 engine_id=row.engine_id)
