"""The engine's RPC endpoint: every message a worker handles.

Each method decodes its message, makes the request context it carries
this thread's current one (so every log line of the work, and every cast
it makes, carries the request id), and hands the message to its handler.
The handlers guard their own steps (``boundary``); the last guard here
only keeps an error from reaching oslo.messaging, which would drop the
message without a word in the engine's own terms. A message that met a
transient database error before changing anything is cast again, after a
pause that gives an overloaded database room (any worker may take it).
"""
import logging
import random
import time

import oslo_messaging
from oslo_context import context as oslo_context

from heat_conv.common import context
from heat_conv.common import metrics
from heat_conv.engine.core import boundary
from heat_conv.engine.core import continuation
from heat_conv.engine.core import extensions
from heat_conv.engine.core import messages
from heat_conv.engine.core import read_ahead
from heat_conv.engine.core import rpc
from heat_conv.engine.core import side_by_side
from heat_conv.engine.core import stack_state
from heat_conv.engine.core import step
from heat_conv.engine.core import together
from heat_conv.engine.core import traversal

LOG = logging.getLogger(__name__)

REDELIVERY_PAUSE = (0.2, 1.0)   # seconds, drawn at random so retries spread


class EngineEndpoint:
    target = oslo_messaging.Target(version=messages.VERSION)

    @oslo_messaging.expose
    def converge(self, ctxt, **kwargs):
        _deliver(ctxt, messages.Converge, kwargs,
                 lambda msg: traversal.converge(msg.stack_id, msg.traversal_id))

    @oslo_messaging.expose
    def check_resource(self, ctxt, **kwargs):
        _deliver(ctxt, messages.CheckResource, kwargs, step.check_resource)

    @oslo_messaging.expose
    def run_batch(self, ctxt, **kwargs):
        _deliver(ctxt, messages.Batch, kwargs, _run_batch)

    @oslo_messaging.expose
    def action_complete(self, ctxt, **kwargs):
        _deliver(ctxt, messages.ActionComplete, kwargs, step.action_complete)

    @oslo_messaging.expose
    def signal_arrived(self, ctxt, **kwargs):
        _deliver(ctxt, messages.SignalArrived, kwargs, extensions.handler('signal_arrived'))

    @oslo_messaging.expose
    def hook_cleared(self, ctxt, **kwargs):
        _deliver(ctxt, messages.HookCleared, kwargs, extensions.handler('hook_cleared'))

    @oslo_messaging.expose
    def child_done(self, ctxt, **kwargs):
        _deliver(ctxt, messages.ChildDone, kwargs, step.child_done)

    @oslo_messaging.expose
    def resource_signalled(self, ctxt, **kwargs):
        _deliver(ctxt, messages.ResourceSignalled, kwargs, extensions.handler('resource_signalled'))

    @oslo_messaging.expose
    def scaling_done(self, ctxt, **kwargs):
        _deliver(ctxt, messages.ScalingDone, kwargs, extensions.handler('scaling_done'))

    @oslo_messaging.expose
    def delete_snapshots(self, ctxt, **kwargs):
        _deliver(ctxt, messages.DeleteSnapshots, kwargs, extensions.handler('delete_snapshots'))

    @oslo_messaging.expose
    def drift_found(self, ctxt, **kwargs):
        _deliver(ctxt, messages.DriftFound, kwargs,
                 lambda msg: stack_state.heal(msg.stack_id))


def _run_batch(batch):
    """A batch's steps, in turn, on this thread (those whose services answer
    slowly side by side, on a pool: side_by_side): their first reads made
    ahead together (read_ahead), their conclusions recorded together once
    they have all acted (together)."""
    checks = [msg for msg in batch.messages if isinstance(msg, messages.CheckResource)]
    ends = [msg for msg in batch.messages if isinstance(msg, messages.ActionComplete)]
    if len(batch.messages) > 1:
        try:
            read_ahead.read(checks, ends)
        except Exception as exc:   # each step will read for itself
            LOG.info('could not read ahead for %d steps (%s: %s)', len(batch.messages),
                     type(exc).__name__, exc)
    in_turn, apart = side_by_side.split(batch.messages)
    with together.collecting() as collected, continuation.running_batch():
        running = side_by_side.start(apart, _handle_in_batch)
        for msg in in_turn:
            _handle_in_batch(msg)
        side_by_side.wait(running)
    read_ahead.forget()
    together.conclude(collected)


def _handle_in_batch(msg):
    if continuation.stopping():   # the other engines take the rest
        _quietly_cast(msg)
        return
    _handle(msg, _HANDLERS[type(msg)])


def _deliver(ctxt, message_type, kwargs, handle):
    # Over oslo.messaging, rpc.ContextSerializer has made ctxt a context
    # already; delivered directly (tests, the benchmark), it is the dict.
    if not isinstance(ctxt, oslo_context.RequestContext):
        ctxt = context.RequestContext.from_dict(ctxt or {})
    ctxt.update_store()
    LOG.debug('%s %s', message_type.METHOD, {key: value for key, value in kwargs.items()
                                             if key not in ('definition', 'inputs', 'messages')})
    metrics.MESSAGES_RECEIVED.labels(message_type.METHOD).inc()
    continuation.handling()
    try:
        _handle(message_type.from_wire(kwargs), handle)
        # The step this one made ready and kept (continuation), then the
        # one that made ready, and so on.
        while (kept := continuation.next_kept()) is not None:
            LOG.debug('%s %s (continued in this worker)', kept.METHOD,
                      {key: value for key, value in kept.to_wire().items()
                       if key not in ('inputs', 'outcome')})
            _handle(kept, _HANDLERS[type(kept)])
    finally:
        read_ahead.forget()
        for message in continuation.done_handling():
            _quietly_cast(message)   # a stopping worker runs nothing more


# How a kept or batched message is handled (messages.BATCHABLE).
_HANDLERS = {messages.CheckResource: lambda msg: step.check_resource(msg),
             messages.ActionComplete: lambda msg: step.action_complete(msg)}


def _handle(message, handle):
    try:
        if isinstance(message, messages.Batch):
            handle(message)   # each of its steps is measured on its own
        else:
            with metrics.step(message.METHOD):
                handle(message)
    except boundary.Redeliver as exc:
        LOG.warning('%s met a transient database error (%s); delivering it again',
                    message.METHOD, exc)
        time.sleep(random.uniform(*REDELIVERY_PAUSE))
        _quietly_cast(message)
    except Exception:
        LOG.exception('%s failed', message.METHOD)


def _quietly_cast(message):
    try:
        rpc.cast(message)
    except Exception:
        # The broker is down too: the reaper's stalled-traversal pass
        # re-drives the node once the services are back.
        LOG.exception('could not deliver %s again', message.METHOD)
