"""Stack operations: what the API asks of the engine.

They run in the API's process, not in engine workers. Each operation
validates, stores the target, supersedes the running traversal with one
compare-and-swap write and casts ``converge``; none of them waits for a
traversal.
"""
import contextlib
import uuid

from oslo_db import exception as db_exc

from heat_conv.clients import request_services
from heat_conv.clients import trusts
from heat_conv.common import events
from heat_conv.common import exception
from heat_conv.common import limits
from heat_conv.common import policy
from heat_conv.common.status import Action
from heat_conv.common.status import Status
from heat_conv.db import api as db_api
from heat_conv.engine.core import stack_scope
from heat_conv.engine.core import stack_state
from heat_conv.hot import environment as environment_mod
from heat_conv.hot import template as hot_template
from heat_conv.plugin_interface import registry


def validate_template(template, files=None, environment=None, params=None,
                      stack_name='validate', stack_id='None', project_id='None',
                      ignore_unavailable=False, validating=False, ctx=None):
    """Parse and bind a template, checking every resource's type, literal
    properties and the attributes read from it. Returns (Template, bound
    stack). ``validating``: the validate call's, where a parameter may lack
    a value (Template.bind); ``ignore_unavailable`` then passes over what
    needs a service heat-conv lacks. With ``ctx`` (a request's), also what
    needs the OpenStack services the request's user reaches: the types'
    services, and the service constraints of given parameter and property
    values; and, unless ``validating``, that the user may use every type
    (the ``resource_types:`` policy rules)."""
    services = request_services.for_context(ctx) if ctx is not None else None
    with request_services.asking(ctx) if ctx is not None else contextlib.nullcontext():
        tmpl = hot_template.Template.load(template, files=files, environment=environment)
        if ctx is not None and not validating:
            # As Heat: before any type is looked up, so that a type the user
            # may not use is a 403 even where the cloud lacks its service.
            policy.authorize_resource_types(
                ctx, (snippet.type for snippet in tmpl.resources.values()))
        bound = tmpl.bind(params=params or {}, stack_name=stack_name,
                          stack_id=stack_id, project_id=project_id, validating=validating,
                          ignore_unavailable=ignore_unavailable and validating)
    count = limits.resource_count(bound.resource(name) for name in bound.resource_names())
    limits.check_resource_count(count)
    nested = registry.check_template(bound, ignore_unavailable=ignore_unavailable,
                                     services=services, strict=not validating)
    if nested:
        limits.check_resource_count(count + nested)
    return tmpl, bound


def check_new_stack(ctx, name):
    """The project a new stack ``name`` goes in, once sure the name is free
    and the project has room for one more stack."""
    try:
        db_api.stack_get_by_name(ctx.project_id, name)
        raise exception.StackExists(name)
    except exception.StackNotFound:
        pass
    limits.check_stack_count(db_api.stack_count(ctx.project_id) + 1)
    return ctx.project_id


def create_stack(ctx, name, template, params=None, files=None, environment=None,
                 timeout=None, disable_rollback=True, tags=None, stack_id=None,
                 auto_heal=False):
    tenant = check_new_stack(ctx, name)
    tmpl, _ = validate_template(template, files, environment, params, stack_name=name,
                                project_id=tenant, ctx=ctx)
    stack_id = stack_id or str(uuid.uuid4())
    values = {'id': stack_id, 'name': name, 'live_name': name, 'tenant': tenant,
              'username': ctx.owner_name, 'timeout': timeout,
              'disable_rollback': bool(disable_rollback), 'tags': tags,
              'auto_heal': bool(auto_heal)}
    # The owner's delegation to heat-conv, for everything done after this
    # request (Keystone only).
    values['trust_id'] = trusts.create(ctx) if trusts.wanted(ctx) else None

    def store():
        # The template and the stack that converges to it: one commit.
        # tmpl.files: the request's, and the templates fetched from URLs
        # while it was checked (hot.urlfetch).
        template_id = db_api.raw_template_create(tmpl.to_dict(), tmpl.files or files,
                                                 environment_dict(environment), params,
                                                 stack_id=stack_id)
        return stack_state.create(values, template_id, ctx=ctx)
    try:
        stack = db_api.atomically(store)
    except Exception as exc:
        if values['trust_id']:
            trusts.delete(values['trust_id'])   # no stack will use it
        if isinstance(exc, db_exc.DBDuplicateEntry):
            raise exception.StackExists(name) from None  # a concurrent create won
        raise
    return db_api.stack_get(stack.id)


def update_stack(ctx, stack_id, template=None, params=None, files=None,
                 environment=None, existing=False, timeout=None,
                 disable_rollback=None, tags=None, converge=False, auto_heal=None,
                 clear_parameters=None):
    """Converge the stack onto a new template.

    With ``existing`` (PATCH), anything not given is taken from the stored
    target: template, files, environment (the given one merged onto it), and
    parameters (merged, less ``clear_parameters``). With
    ``converge``, each resource is compared with reality rather than with
    what was last stored, so drifted resources are repaired. Returns the id
    of the traversal that converges it.
    """
    # An API request has just read it (stack_lookup); the compare-and-swap
    # that starts the traversal catches any change since.
    stack = getattr(ctx, 'stacks_read', {}).get(stack_id)
    if stack is None or stack.deleted_at is not None:
        stack = stack_scope.live_stack(ctx, stack_id)
    _check_updatable(stack)
    old_parameters = None
    if existing:
        old = db_api.raw_template_get(stack.raw_template_id) if stack.raw_template_id \
            else None
        old_parameters = old.parameters if old is not None else None
        template, files, environment, params = _only_declared(*patch_inputs(
            old, template, files, environment, params, clear_parameters))
    elif stack.raw_template_id:
        # A full update needs only the old parameters (immutable ones must
        # not change), not the old template.
        old_parameters = db_api.raw_template_parameters(stack.raw_template_id)
    if template is None:
        raise exception.Invalid('A template is required for a stack update')
    tmpl, bound = validate_template(template, files, environment, params,
                                    stack_name=stack.name, stack_id=stack.id,
                                    project_id=stack.tenant, ctx=ctx)
    if stack.raw_template_id:
        bound.check_immutable(old_parameters or {})
    extra = {'observe_reality': bool(converge)}
    if auto_heal is not None:
        extra['auto_heal'] = bool(auto_heal)
    if timeout is not None:
        extra['timeout'] = timeout
    if disable_rollback is not None:
        extra['disable_rollback'] = bool(disable_rollback)
    if tags is not None:
        extra['tags'] = tags

    def store_and_begin():
        # The new template and the traversal that converges to it: one
        # commit between the request and the converge's cast.
        template_id = db_api.raw_template_create(
            tmpl.to_dict(), tmpl.files or files, environment_dict(environment), params,
            stack_id=stack.id)
        return template_id, stack_state.begin(stack, Action.UPDATE, template_id, ctx=ctx,
                                              extra=extra)
    template_id, traversal_id = db_api.atomically(store_and_begin)
    if traversal_id is None:
        # Another operation started since the stack was read: supersede it in
        # turn (the template is stored), if it still allows an update.
        return _supersede(ctx, stack.id, Action.UPDATE, template_id, _check_updatable,
                          extra=extra).current_traversal
    return traversal_id


def delete_stack(ctx, stack_id, cast=True):
    """Converge onto the empty template; supersedes anything in progress.
    ``cast`` False begins the delete without casting its converge (the
    caller casts it once the stack's snapshots are gone)."""
    def check(stack):
        if stack.action == Action.DELETE and stack.status == Status.IN_PROGRESS:
            raise _AlreadyRunning()
    try:
        return _supersede(ctx, stack_id, Action.DELETE, None, check, cast=cast)
    except _AlreadyRunning:
        return db_api.stack_get(stack_id)


class _AlreadyRunning(Exception):
    """The requested operation is the one in progress: nothing to start."""


SUPERSEDE_ATTEMPTS = 5


def _supersede(ctx, stack_id, action, template_id, check, **begin_kwargs):
    """Start ``action``, superseding whatever traversal runs.

    Losing the compare-and-swap on the traversal id only means another
    operation started first; this one supersedes it in turn, if ``check``
    still allows it on the fresh state.
    """
    for _ in range(SUPERSEDE_ATTEMPTS):
        stack = stack_scope.live_stack(ctx, stack_id)
        check(stack)
        if stack_state.begin(stack, action, template_id, ctx=ctx, **begin_kwargs) is not None:
            return db_api.stack_get(stack_id)
    raise exception.Conflict(f'Stack {stack_id} keeps changing; try again')


def cancel_update(ctx, stack_id, rollback=True):
    """Stop a running create/update, rolling back or just stopping."""
    stack = stack_scope.live_stack(ctx, stack_id)
    if stack.status != Status.IN_PROGRESS or stack.action not in (Action.CREATE, Action.UPDATE):
        raise exception.ActionNotAllowed(
            f'Cancelling is not possible for stack {stack.name} in state '
            f'{stack.action}_{stack.status}')
    if rollback:
        if stack_state.begin(stack, Action.ROLLBACK, stack.prev_raw_template_id,
                             reason='Stack UPDATE cancelled', ctx=ctx) is None:
            raise exception.Conflict('The stack changed; try again')
    else:
        if not stack_state.stop(stack, f'Stack {stack.action} cancelled'):
            raise exception.Conflict('The stack changed; try again')
    return db_api.stack_get(stack.id)


def _check_updatable(stack):
    check_not_suspended(stack)
    if stack.action == Action.DELETE:
        raise exception.ActionNotAllowed(
            f'Stack {stack.name} is being deleted and cannot be updated')
    if stack.action == Action.ROLLBACK and stack.status == Status.IN_PROGRESS:
        raise exception.ActionInProgress(stack.name, stack.action)


def patch_inputs(old, template, files, environment, params, clear_parameters=()):
    """A PATCH update's inputs, completed from the stored target ``old``.

    What is not given is kept: the template; files and parameters are
    merged (less ``clear_parameters``); the given environment's sections
    update the stored ones, as in Heat.
    """
    if old is None:
        return template, files, environment, params
    params = dict(old.parameters or {}, **(params or {}))
    for name in clear_parameters or ():
        params.pop(name, None)
    return (old.template if template is None else template,
            dict(old.files or {}, **(files or {})),
            _merge_environment(old.environment or {}, environment_dict(environment)),
            params)


def _only_declared(template, files, environment, params):
    """Heat's PATCH: kept parameter values the new template no longer
    declares are dropped, not refused."""
    if template is None:
        return template, files, environment, params
    declared = hot_template.Template.load(template, files=files).parameter_definitions
    environment = environment_dict(environment)
    if environment.get('parameters'):
        environment = dict(environment, parameters={
            k: v for k, v in environment['parameters'].items() if k in declared})
    return (template, files, environment,
            {k: v for k, v in (params or {}).items() if k in declared})


def _merge_environment(stored, given):
    """Heat's PATCH semantics: sections of ``given`` update the stored ones."""
    merged = {key: (dict(value) if isinstance(value, dict) else value)
              for key, value in stored.items()}
    for key, value in (given or {}).items():
        if isinstance(value, dict) and isinstance(merged.get(key), dict):
            merged[key].update(value)
        else:
            merged[key] = value
    return merged


def environment_dict(environment):
    if environment is None:
        return {}
    if isinstance(environment, str):
        return environment_mod.Environment.load(environment).to_dict()
    return environment


def check_stack(ctx, stack_id):
    """Ask reality about every resource: CHECK_COMPLETE or CHECK_FAILED."""
    stack = stack_scope.live_stack(ctx, stack_id)
    if stack.status == Status.IN_PROGRESS:
        raise exception.ActionInProgress(stack.name, stack.action)
    if stack.action == Action.DELETE or stack.raw_template_id is None:
        raise exception.ActionNotAllowed(
            f'Stack {stack.name} has nothing to check')
    if stack_state.begin(stack, Action.CHECK, stack.raw_template_id,
                         extra={'observe_reality': True}, ctx=ctx) is None:
        raise exception.Conflict('The stack changed; try again')
    return db_api.stack_get(stack.id)


def mark_resource_health(ctx, stack_id, resource_name, unhealthy, reason=''):
    """A user's verdict on a resource: CHECK_FAILED (the next update replaces
    it) or, for one marked or checked failed, CHECK_COMPLETE again.

    A compare-and-swap like the engine's writes, so it never overwrites an
    action in flight.
    """
    stack = stack_scope.live_stack(ctx, stack_id)
    row = _shown_row(stack.id, resource_name)
    if row is None:
        raise exception.ResourceNotFound(resource_name, stack.name)
    if row.status == Status.IN_PROGRESS or row.engine_id is not None:
        raise exception.Conflict(
            f'Resource {resource_name} is {row.action}_{row.status}; try again '
            'when its action has finished')
    if unhealthy:
        new_status, default_reason = Status.FAILED, 'Marked unhealthy by the user'
    elif row.action == Action.CHECK and row.status == Status.FAILED:
        new_status, default_reason = Status.COMPLETE, 'Marked healthy by the user'
    else:
        return   # already healthy: nothing to change
    reason = reason or default_reason
    event = events.for_resource(row, Action.CHECK, new_status, reason)
    if not db_api.resource_set_check_status(row.id, row.atomic_key, new_status,
                                            reason, event):
        raise exception.Conflict(f'Resource {resource_name} changed while it was '
                                 'being marked; try again')


def _shown_row(stack_id, name):
    """The row that stands for ``name``: the newest built one (as the API shows)."""
    rows = [r for r in db_api.resources_of_stack(stack_id) if r.name == name]
    built = [r for r in rows if r.action != Action.INIT]
    return (built or rows or [None])[-1]


def check_not_suspended(stack):
    """Heat refuses to update a stack whose last action was a suspend."""
    if stack.action == Action.SUSPEND:
        raise exception.NotSupported(
            'Updating a stack when it is suspended is not supported.')
