"""inproc://, the embedded default's transport, through oslo.messaging's API."""
import threading
import uuid

import oslo_messaging
import pytest

from heat_conv.common import config
from heat_conv.common import inproc_transport

WAIT = 10   # seconds; generous, a passing run never waits this long


class Recorder:
    target = oslo_messaging.Target(version='1.0')

    def __init__(self, name):
        self.name = name
        self.calls = []
        self.arrived = threading.Event()

    @oslo_messaging.expose
    def note(self, ctxt, value):
        self.calls.append(value)
        self.arrived.set()
        return {'from': self.name, 'value': value}

    @oslo_messaging.expose
    def mutate(self, ctxt, value):
        value['touched'] = True
        self.calls.append(value)
        self.arrived.set()

    @oslo_messaging.expose
    def fail(self, ctxt):
        raise ValueError('no good')


@pytest.fixture
def transport():
    config.register_lib_opts()
    transport = oslo_messaging.get_rpc_transport(config.CONF, url='inproc://')
    yield transport
    transport.cleanup()


@pytest.fixture
def topic():
    return f'test-{uuid.uuid4().hex[:8]}'


@pytest.fixture
def servers(transport, topic):
    started = []

    def start(name):
        endpoint = Recorder(name)
        server = oslo_messaging.get_rpc_server(
            transport, oslo_messaging.Target(topic=topic, server=name), [endpoint],
            executor='threading', access_policy=oslo_messaging.ExplicitRPCAccessPolicy)
        server.start()
        started.append(server)
        return endpoint
    yield start
    for server in started:
        server.stop()
        server.wait()


def client(transport, topic, **target):
    return oslo_messaging.get_rpc_client(
        transport, oslo_messaging.Target(topic=topic, **target))


def _wait_until(condition):
    done = threading.Event()
    for _ in range(WAIT * 100):
        if condition():
            return True
        done.wait(0.01)
    return condition()


def test_the_default_transport_is_inproc():
    config.set_lib_defaults()
    # The option's default, whatever another test may have overridden.
    assert config.CONF._get_opt_info('transport_url')['opt'].default == 'inproc://'


def test_a_cast_to_a_topic_reaches_one_of_its_servers(transport, topic, servers):
    a, b = servers('a'), servers('b')
    for i in range(20):
        client(transport, topic).cast({}, 'note', value=i)
    assert _wait_until(lambda: len(a.calls) + len(b.calls) == 20)
    assert sorted(a.calls + b.calls) == list(range(20))


def test_a_cast_to_a_server_reaches_that_server(transport, topic, servers):
    a, b = servers('a'), servers('b')
    for i in range(5):
        client(transport, topic, server='b').cast({}, 'note', value=i)
    client(transport, topic, server='b').call({}, 'note', value=5)
    # The executor's threads may finish them in any order.
    assert _wait_until(lambda: len(b.calls) == 6)
    assert sorted(b.calls) == [0, 1, 2, 3, 4, 5]
    assert a.calls == []


def test_a_fanout_reaches_every_server(transport, topic, servers):
    a, b = servers('a'), servers('b')
    client(transport, topic, fanout=True).cast({}, 'note', value='all')
    assert a.arrived.wait(WAIT) and b.arrived.wait(WAIT)
    assert a.calls == ['all'] and b.calls == ['all']


def test_a_call_gets_the_reply_or_the_remote_error(transport, topic, servers):
    servers('a')
    assert client(transport, topic).call({}, 'note', value=[1, 2]) == \
        {'from': 'a', 'value': [1, 2]}
    with pytest.raises(Exception, match='no good'):
        client(transport, topic).call({}, 'fail')


def test_a_call_nobody_answers_times_out(transport, topic):
    with pytest.raises(oslo_messaging.MessagingTimeout):
        client(transport, topic).prepare(timeout=0.1).call({}, 'note', value=1)


def test_messages_travel_as_json_not_shared_objects(transport, topic, servers):
    a = servers('a')
    sent = {'items': ('x', 'y')}
    client(transport, topic).cast({}, 'mutate', value=sent)
    assert a.arrived.wait(WAIT)
    assert a.calls == [{'items': ['x', 'y'], 'touched': True}]
    assert sent == {'items': ('x', 'y')}   # the receiver changed its own copy


class _Target:
    def __init__(self, topic, server=None, fanout=False):
        self.topic, self.server, self.fanout = topic, server, fanout


def test_an_idle_listener_waits_until_a_message_comes_or_it_stops(topic):
    exchange = inproc_transport._Exchange()
    listener = inproc_transport._Listener(exchange, [exchange.topic_queue(topic)])
    results = []
    polling = threading.Thread(target=lambda: results.append(listener.poll()))
    polling.start()
    polling.join(0.2)
    assert polling.is_alive() and results == []   # blocked, not returning empty
    exchange.deliver(_Target(topic), inproc_transport._Envelope(
        _Target(topic), {}, {'method': 'note'}, None))
    polling.join(WAIT)
    assert not polling.is_alive()
    assert [m.message for m in results[0]] == [{'method': 'note'}]

    stopped = []
    waiting = threading.Thread(target=lambda: stopped.append(listener.poll()))
    waiting.start()
    listener.stop()
    waiting.join(WAIT)
    assert not waiting.is_alive() and stopped == [[]]


class _Notes:
    def __init__(self):
        self.payloads = []
        self.arrived = threading.Event()

    def info(self, ctxt, publisher_id, event_type, payload, metadata):
        self.payloads.append(payload)
        self.arrived.set()


def test_a_notification_reaches_its_listener_and_none_is_kept_for_nobody(topic):
    config.register_lib_opts()
    transport = oslo_messaging.get_notification_transport(config.CONF, url='inproc://')
    notifier = oslo_messaging.Notifier(transport, publisher_id='test', driver='messagingv2',
                                       topics=[topic])
    try:
        # Nobody listens: dropped, not queued for a listener that may never come.
        notifier.info({}, 'thing.end', {'n': 1})
        exchange = inproc_transport._Broker.exchange(config.CONF.control_exchange)
        assert not any(q for (t, _), q in exchange.topic_queues.items()
                       if t.startswith(topic))
        notes = _Notes()
        listener = oslo_messaging.get_notification_listener(
            transport, [oslo_messaging.Target(topic=topic)], [notes], executor='threading')
        listener.start()
        try:
            notifier.info({}, 'thing.end', {'n': 2})
            assert notes.arrived.wait(WAIT)
            assert notes.payloads == [{'n': 2}]
        finally:
            listener.stop()
            listener.wait()
    finally:
        transport.cleanup()
