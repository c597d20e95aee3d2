"""``inproc://``: an oslo.messaging driver for processes that talk to themselves.

The embedded default (heat-conv-all) runs the API, engine and observer as
threads of one process. oslo.messaging's ``fake://`` driver can carry their
messages, but it is a test driver: a listener with nothing to do sleeps
50 ms between looks at its queues, which puts up to 50 ms on every step of
a traversal. Here a listener waits on a condition variable and wakes the
moment a message is queued; an idle one costs no CPU at all.

Semantics follow a broker's: a cast to a topic goes to one of its listeners,
to a server to that server, a fanout to every server of the topic;
notification pools each get a copy. A notification nobody listens for is
dropped, where a broker would keep it in a queue: here that queue would be
memory the process never gets back (the simulated cloud's settle
notifications, with the observer disabled). Messages travel as JSON, as they would
over a wire, so sender and receiver never share mutable objects. Queues
live in the process: this transport cannot reach another process.
Registered as the ``inproc`` entry point of ``oslo.messaging.drivers``.
"""
import collections
import queue
import threading

import oslo_messaging
from oslo_messaging._drivers import base
from oslo_serialization import jsonutils


class _Exchange:
    """Queues of one exchange, and the condition listeners wait on."""

    def __init__(self):
        self.cond = threading.Condition()
        self.topic_queues = {}    # (topic, pool) -> deque
        self.server_queues = {}   # (topic, server) -> deque

    def topic_queue(self, topic, pool=None):
        return self.topic_queues.setdefault((topic, pool), collections.deque())

    def server_queue(self, topic, server):
        return self.server_queues.setdefault((topic, server), collections.deque())

    def deliver(self, target, envelope, listened_only=False):
        with self.cond:
            if listened_only:
                queues = [q for (topic, _), q in self.topic_queues.items()
                          if topic == target.topic]
            elif target.fanout:
                queues = [q for (topic, _), q in self.server_queues.items()
                          if topic == target.topic]
            elif target.server:
                queues = [self.server_queue(target.topic, target.server)]
            else:
                self.topic_queue(target.topic)   # the pool-less queue always exists
                queues = [q for (topic, _), q in self.topic_queues.items()
                          if topic == target.topic]
            for q in queues:
                q.append(envelope)
            self.cond.notify_all()


class _Broker:
    """Every exchange of the process."""

    lock = threading.Lock()
    exchanges = {}

    @classmethod
    def exchange(cls, name):
        with cls.lock:
            return cls.exchanges.setdefault(name, _Exchange())

    @classmethod
    def reset(cls):
        with cls.lock:
            cls.exchanges.clear()


class _Envelope:
    """A queued message: its JSON text and where a reply goes."""

    def __init__(self, target, ctxt, message, reply_q):
        self.target = target
        self.payload = jsonutils.dumps({'ctxt': ctxt, 'message': message})
        self.reply_q = reply_q


class _Incoming(base.RpcIncomingMessage):
    def __init__(self, envelope, exchange):
        body = jsonutils.loads(envelope.payload)
        super().__init__(body['ctxt'], body['message'])
        self._envelope = envelope
        self._exchange = exchange

    def reply(self, reply=None, failure=None):
        if self._envelope.reply_q is not None:
            self._envelope.reply_q.put((reply, failure[1] if failure else None))

    def acknowledge(self):
        pass

    def requeue(self):
        self._exchange.deliver(self._envelope.target, self._envelope)

    def heartbeat(self):
        pass


class _Listener(base.PollStyleListener):
    """Takes messages from its queues; sleeps on the exchange's condition."""

    def __init__(self, exchange, queues):
        super().__init__()
        self._exchange = exchange
        self._queues = queues
        self._stopped = False

    @base.batch_poll_helper
    def poll(self, timeout=None):
        with self._exchange.cond:
            while not self._stopped:
                for q in self._queues:
                    if q:
                        return _Incoming(q.popleft(), self._exchange)
                if not self._exchange.cond.wait(timeout):
                    return None   # timed out with nothing to do
            return None

    def stop(self):
        with self._exchange.cond:
            self._stopped = True
            self._exchange.cond.notify_all()


class InProcessDriver(base.BaseDriver):
    """oslo.messaging driver for ``inproc://``."""

    def __init__(self, conf, url, default_exchange=None, allowed_remote_exmods=None):
        super().__init__(conf, url, default_exchange, allowed_remote_exmods)

    def _exchange(self, name):
        return _Broker.exchange(name or self._default_exchange)

    def require_features(self, requeue=True):
        pass

    def send(self, target, ctxt, message, wait_for_reply=None, timeout=None,
             call_monitor_timeout=None, retry=None, transport_options=None):
        reply_q = queue.Queue() if wait_for_reply else None
        self._exchange(target.exchange).deliver(
            target, _Envelope(target, ctxt, message, reply_q))
        if reply_q is None:
            return None
        try:
            reply, failure = reply_q.get(timeout=timeout)
        except queue.Empty:
            raise oslo_messaging.MessagingTimeout(
                f'No reply on topic {target.topic}') from None
        if failure:
            raise failure
        return reply

    def send_notification(self, target, ctxt, message, version, retry=None):
        self._exchange(target.exchange).deliver(
            target, _Envelope(target, ctxt, message, None), listened_only=True)

    def listen(self, target, batch_size, batch_timeout):
        exchange = self._exchange(target.exchange)
        with exchange.cond:
            queues = [exchange.topic_queue(target.topic)]
            if target.server:
                queues.insert(0, exchange.server_queue(target.topic, target.server))
        return base.PollStyleListenerAdapter(_Listener(exchange, queues),
                                             batch_size, batch_timeout)

    def listen_for_notifications(self, targets_and_priorities, pool, batch_size,
                                 batch_timeout):
        listeners = []
        for target, priority in targets_and_priorities:
            exchange = self._exchange(target.exchange)
            with exchange.cond:
                queues = [exchange.topic_queue(f'{target.topic}.{priority}', pool)]
            listeners.append((exchange, queues))
        # A listener waits on one condition: notifications of one exchange.
        exchanges = {id(e) for e, _ in listeners}
        if len(exchanges) > 1:
            raise NotImplementedError('inproc:// listens for notifications of one '
                                      'exchange at a time')
        exchange = listeners[0][0]
        queues = [q for _, qs in listeners for q in qs]
        return base.PollStyleListenerAdapter(_Listener(exchange, queues),
                                             batch_size, batch_timeout)

    def cleanup(self):
        _Broker.reset()
