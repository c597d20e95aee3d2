"""The request context travels with every cast, over a real oslo.messaging
transport (fake://, in process): the worker handling a message runs in the
request's context, and whatever it casts in turn carries it on."""
import logging
import threading
import uuid

import oslo_messaging
import pytest
from oslo_context import context as oslo_context
from oslo_log import formatters

from heat_conv.common import config
from heat_conv.common import context
from heat_conv.common import events
from heat_conv.engine.core import messages
from heat_conv.engine.core import rpc


class Recorder:
    target = oslo_messaging.Target(version=messages.VERSION)

    def __init__(self):
        self.seen = []
        self.done = threading.Event()

    @oslo_messaging.expose
    def converge(self, ctxt, stack_id, traversal_id):
        current = oslo_context.get_current()
        # A log line written here, as heat-conv's processes format them.
        record = logging.LogRecord('heat_conv.engine', logging.INFO, __file__, 1,
                                   'converging %s', ('s',), None)
        self.log_line = formatters.ContextFormatter(config=config.CONF).format(record)
        self.seen.append(('converge', ctxt, current, events.requested_by()))
        # What a worker casts while handling a message carries its context.
        rpc.cast(messages.DriftFound(stack_id))

    @oslo_messaging.expose
    def drift_found(self, ctxt, stack_id):
        self.seen.append(('drift_found', ctxt, oslo_context.get_current(), None))
        self.done.set()


@pytest.fixture
def transport():
    config.CONF.set_override('topic', 'ctx-test-' + uuid.uuid4().hex[:8], group='engine')
    transport = oslo_messaging.get_rpc_transport(config.CONF, url='fake://')
    previous = rpc.set_dispatcher(rpc.OsloDispatcher(transport))
    yield transport
    rpc.set_dispatcher(previous)
    transport.cleanup()
    config.CONF.clear_override('topic', group='engine')


def test_context_travels_through_casts(transport):
    endpoint = Recorder()
    server = rpc.get_server([endpoint], transport=transport, server_id='ctx-test')
    server.start()
    try:
        sender = context.RequestContext(project_id='p1', user_id='alice',
                                        roles=['member', 'reader'],
                                        request_id='req-' + str(uuid.uuid4()))
        rpc.cast(messages.Converge('s', 't'))
        assert endpoint.done.wait(10), endpoint.seen
    finally:
        server.stop()
        server.wait()
    (_, first, current, by), (_, second, _, _) = endpoint.seen
    for ctxt in (first, second):
        assert isinstance(ctxt, context.RequestContext)
        assert (ctxt.request_id, ctxt.user_id, ctxt.project_id, ctxt.roles) == \
            (sender.request_id, 'alice', 'p1', ['member', 'reader'])
    assert current.request_id == sender.request_id
    assert by == {'request_id': sender.request_id, 'user_id': 'alice'}
    assert sender.request_id in endpoint.log_line and 'alice' in endpoint.log_line
