"""Signals: what the API asks of the engine when a resource is signalled.

Like the stack operations, they run in the API's process. A signal is
stored with its ``SIGNAL_COMPLETE`` event first, then every row of the
stack that waits on signals is told (``signal_arrived``). A step that
begins waiting reads the stored signals after its own write, so a signal
sent while its resource is being created, or before it exists, is applied
when the resource waits: one side or the other sees it.

``{"unset_hook": HOOK}`` clears a breakpoint instead (``hook_cleared``).
"""
import json

from heat_conv.common import events
from heat_conv.common import exception
from heat_conv.common import limits
from heat_conv.common.status import Action
from heat_conv.common.status import Status
from heat_conv.db import api as db_api
from heat_conv.engine.core import messages
from heat_conv.engine.core import rpc
from heat_conv.engine.signals import hooks
from heat_conv.plugin_interface import registry

SIGNAL = 'SIGNAL'
# The longest reason a signal's event keeps: the signal's data is kept
# apart (bounded by max_signal_data_per_resource), and a stack keeps up to
# max_events_per_stack events.
EVENT_REASON_CHARS = 1024


class _Declared:
    """A resource the template declares that has no row yet."""

    def __init__(self, stack_id, name, type_name):
        self.stack_id, self.name, self.type = stack_id, name, type_name
        self.physical_resource_id = None
        self.action, self.status = Action.INIT, Status.COMPLETE
        self.properties_data = self.attributes_data = None
        self.uuid = self.nested_template = self.rsrc_data = None


def signal(ctx, stack_id, resource_name, details, declared_type=None):
    """Signal resource ``resource_name`` of a stack with ``details`` (the
    request's JSON body, or None). ``declared_type``: its type as the
    template declares it, for a resource that has no row yet."""
    stack = db_api.stack_get(stack_id, tenant=ctx.project_id, show_deleted=False)
    rows = db_api.resources_of_stack(stack.id, names=[resource_name])
    if not rows and declared_type is None:
        raise exception.ResourceNotFound(resource_name, stack.name)
    built = [r for r in rows if r.action != Action.INIT]
    row = (built or rows or [None])[-1] or _Declared(stack.id, resource_name,
                                                      declared_type)
    try:
        cls = registry.get(row.type)
    except exception.HeatConvException:
        cls = None
    _check_action(row, cls)
    if isinstance(details, dict) and 'unset_hook' in details:
        _clear_hook(resource_name, rows, details['unset_hook'])
        return
    if cls is None or not cls.takes_signals:
        raise exception.Invalid(f'Resource {resource_name} of type {row.type} does not '
                                'accept signals')
    # A type that acts on each signal as it comes (a scaling policy) never
    # reads it again: its event is its record. Other types keep their
    # signals, up to max_signal_data_per_resource: checked before the
    # plugin applies one (a deployment's outputs), and again as it is kept.
    keep = not cls.acts_on_signals
    size = len(json.dumps(details).encode())
    def check(kept):
        limits.check_signal_data(kept, size, resource_name)
    if keep:
        check(db_api.signals_kept_size(stack.id, resource_name))
    plugin = registry.plugin_for(row)
    reason = _bounded(plugin.signal_reason(details, _received(stack.id, row)))
    db_api.signal_add(stack.id, resource_name, details,
                      events=[events.for_resource(row, SIGNAL, row.status, reason)],
                      keep=keep, check=check)
    if cls.acts_on_signals and getattr(row, 'id', None) is not None:
        rpc.cast(messages.ResourceSignalled(row.id))
    for waiting in db_api.resources_waiting(stack_ids=[stack.id]):
        if _waits_on_signals(waiting.type):
            rpc.cast(messages.SignalArrived(waiting.id, waiting.atomic_key))


def _check_action(row, cls):
    """Refuse a signal to a resource being suspended or deleted (or
    done with either), as Heat does: a 400, and an event that says so."""
    refused = cls.no_signal_actions if cls is not None else (Action.SUSPEND, Action.DELETE)
    if row.action not in refused:
        return
    db_api.events_add([events.for_resource(row, row.action, row.status,
                                           f'Cannot signal resource during {row.action}')])
    raise exception.NotSupported(f'Signal resource during {row.action} is not supported.')


def _bounded(reason):
    """A signal event's reason, which a signal's body may make as long as
    the body: cut to EVENT_REASON_CHARS."""
    if reason is None or len(reason) <= EVENT_REASON_CHARS:
        return reason
    return reason[:EVENT_REASON_CHARS - 3] + '...'


def _clear_hook(name, rows, hook):
    if hook not in hooks.ACTION_OF_HOOK:
        raise exception.Invalid(f'Invalid hook type "{hook}" for {name}')
    paused = [r for r in rows if r.paused_on == hook]
    if not paused:
        raise exception.Invalid(f'The "{hook}" hook is not defined on {name}')
    for row in paused:
        rpc.cast(messages.HookCleared(row.id, row.atomic_key, hook=hook))


def metadata(stack_id, row):
    """A resource's metadata when its type keeps its signals (a wait
    condition handle) or its state (a scaling group) there, else None."""
    try:
        cls = registry.get(row.type)
    except exception.HeatConvException:
        return None
    shown = cls.metadata_from_data(row.rsrc_metadata, row.rsrc_data)
    if shown is not None:
        return shown
    if not cls.takes_signals:
        return None
    return cls.metadata_from_signals(_received(stack_id, row))


def _received(stack_id, row):
    """The signals ``row`` got: by its physical id once it has one, so a
    replacement does not count the signals of the row it replaces."""
    if row.physical_resource_id:
        return db_api.signals_for(stack_id, physical_id=row.physical_resource_id)
    return db_api.signals_for(stack_id, resource_name=row.name)


def _waits_on_signals(type_name):
    try:
        return registry.get(type_name).waits_on_signals
    except exception.HeatConvException:
        return False


def deployment_updated(deployment_id):
    """A software deployment's status was written through the API: the
    resource waiting on it, if any, judges it again."""
    for row in db_api.resources_waiting_on(deployment_id):
        rpc.cast(messages.SignalArrived(row.id, row.atomic_key))
