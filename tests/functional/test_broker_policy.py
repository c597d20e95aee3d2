"""The RabbitMQ policy of doc/operations.md ("Queues of dead engines")
makes the queue an engine worker listens on by itself expire once the
worker is gone, and leaves the topic's shared queue alone. On the real
RabbitMQ, with a topic of its own (its queues and policy are the test's)."""
import shutil
import subprocess
import time
import uuid

import amqp
import oslo_messaging
import pytest

from heat_conv.common import config
from tests import services

EXPIRES_MS = 1500


def _rabbitmqctl(*args):
    return subprocess.run(['rabbitmqctl', *args], capture_output=True, text=True,
                          timeout=60, check=True)


def _exists(queue):
    """Whether ``queue`` exists (a passive declare: it creates nothing, but
    counts as a use of the queue, which restarts its expiry)."""
    conn = amqp.Connection('127.0.0.1:5672', userid='guest', password='guest')
    conn.connect()
    try:
        conn.channel().queue_declare(queue, passive=True)
        return True
    except amqp.exceptions.NotFound:
        return False
    finally:
        conn.close()


class Endpoint:
    target = oslo_messaging.Target(version='1.0')


@pytest.fixture
def topic():
    services.rabbit_url()
    if shutil.which('rabbitmqctl') is None:
        services.unavailable('RabbitMQ policies', 'no rabbitmqctl on this host')
    topic = 'heat-conv-policy-test-' + uuid.uuid4().hex[:8]
    # The policy of doc/operations.md and devstack, for this test's topic.
    _rabbitmqctl('set_policy', '--apply-to', 'queues', '--priority', '1', topic,
                 f'^{topic}\\.', f'{{"expires": {EXPIRES_MS}}}')
    yield topic
    _rabbitmqctl('clear_policy', topic)
    conn = amqp.Connection('127.0.0.1:5672', userid='guest', password='guest')
    conn.connect()
    conn.channel().queue_delete(topic)
    conn.close()


def test_a_dead_engines_queue_expires_and_the_shared_one_stays(topic):
    transport = oslo_messaging.get_rpc_transport(config.CONF, url=services.rabbit_url())
    server = oslo_messaging.get_rpc_server(
        transport, oslo_messaging.Target(topic=topic, server='engine-1'), [Endpoint()],
        executor='threading')
    server.start()
    own = f'{topic}.engine-1'
    try:
        deadline = time.monotonic() + 20
        while not _exists(own):
            assert time.monotonic() < deadline, f'{own} was never declared'
            time.sleep(0.2)
        # While the engine consumes from it, its queue never expires.
        time.sleep(EXPIRES_MS / 1000 * 2)
        assert _exists(own)
    finally:
        server.stop()
        server.wait()
        transport.cleanup()
    # The engine is gone and nothing deletes its queue but the policy. Each
    # look waits longer than the expiry, since a look is a use.
    deadline = time.monotonic() + 30
    while True:
        time.sleep(EXPIRES_MS / 1000 * 2)
        if not _exists(own):
            break
        assert time.monotonic() < deadline, f'{own} outlived its engine'
    assert _exists(topic)
