"""The engine's RPC endpoint: every message a worker handles.

Each method decodes its message, makes the request context it carries
this thread's current one (so every log line of the work, and every cast
it makes, carries the request id), and hands the message to its handler.
The handlers guard their own steps (``boundary``); the last guard here
only keeps an error from reaching oslo.messaging, which would drop the
message without a word in the engine's own terms.
"""
import logging

import oslo_messaging
from oslo_context import context as oslo_context

from heat_conv.common import context
from heat_conv.engine import messages
from heat_conv.engine import stack_state
from heat_conv.engine import step
from heat_conv.engine import traversal

LOG = logging.getLogger(__name__)


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
    def action_complete(self, ctxt, **kwargs):
        _deliver(ctxt, messages.ActionComplete, kwargs, step.action_complete)

    @oslo_messaging.expose
    def child_done(self, ctxt, **kwargs):
        _deliver(ctxt, messages.ChildDone, kwargs, step.child_done)

    @oslo_messaging.expose
    def drift_found(self, ctxt, **kwargs):
        _deliver(ctxt, messages.DriftFound, kwargs,
                 lambda msg: stack_state.heal(msg.stack_id))


def _deliver(ctxt, message_type, kwargs, handle):
    # Over oslo.messaging, rpc.ContextSerializer has made ctxt a context
    # already; delivered directly (tests, the benchmark), it is the dict.
    if not isinstance(ctxt, oslo_context.RequestContext):
        ctxt = context.RequestContext.from_dict(ctxt or {})
    ctxt.update_store()
    LOG.debug('%s %s', message_type.METHOD, {key: value for key, value in kwargs.items()
                                             if key not in ('definition', 'inputs')})
    try:
        handle(message_type.from_wire(kwargs))
    except Exception:
        LOG.exception('%s failed', message_type.METHOD)
