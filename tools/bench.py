#!/usr/bin/env python3
"""Measure what a traversal spends per resource: DB statements, messages.

Runs the real engine in this process over an in-process queue transport
(messages counted as they are cast), on SQLite by default or on the
database given with --db-url (e.g. a scratch MariaDB database). Reports
create, update-in-place and delete of a chain and a fan of N resources with
zero-wait actions. Not a test: numbers, not assertions.

    tools/bench.py --size 100
    tools/bench.py --size 1000 --db-url mysql+pymysql://root@127.0.0.1/bench
"""
import argparse
import collections
import json
import os
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from heat_conv import cmd  # noqa: E402

cmd.prepare()   # before anything imports oslo.messaging

from heat_conv.cloud import client as cloud_client  # noqa: E402
from heat_conv.cloud import store as cloud_store  # noqa: E402
from heat_conv.common import config  # noqa: E402
from heat_conv.common import context  # noqa: E402
from heat_conv.db import api as db_api  # noqa: E402
from heat_conv.db import migration  # noqa: E402
from heat_conv.db import session  # noqa: E402
from heat_conv.engine import rpc  # noqa: E402
from heat_conv.engine import service  # noqa: E402
from heat_conv.engine import worker  # noqa: E402
from heat_conv.observer import drift  # noqa: E402
from heat_conv.observer import poller  # noqa: E402


class CountingQueue:
    def __init__(self):
        self.queue = collections.deque()
        self.sent = collections.Counter()
        self.endpoint = worker.EngineEndpoint()

    def cast(self, method, **kwargs):
        self.sent[method] += 1
        self.queue.append((method, json.loads(json.dumps(kwargs))))

    def run(self, cloud):
        while True:
            while self.queue:
                method, kwargs = self.queue.popleft()
                getattr(self.endpoint, method)({}, **kwargs)
            if not poller.poll_pending(cloud):
                return


def chain(n, value):
    resources = {'r0': {'type': 'OS::Heat::TestResource', 'properties': {'value': value}}}
    for i in range(1, n):
        resources[f'r{i}'] = {'type': 'OS::Heat::TestResource', 'properties': {
            'value': {'list_join': ['-', [value, {'get_attr': [f'r{i - 1}', 'output']}]]}}}
    return {'heat_template_version': '2018-08-31', 'resources': resources}


def fan(n, value):
    resources = {'root': {'type': 'OS::Heat::TestResource', 'properties': {'value': value}}}
    for i in range(1, n):
        resources[f'leaf{i}'] = {'type': 'OS::Heat::TestResource', 'properties': {
            'value': {'get_attr': ['root', 'output']}}}
    return {'heat_template_version': '2018-08-31', 'resources': resources}


def measure(label, n, operation, transport, cloud):
    counter = session.StatementCounter()
    transport.sent.clear()
    session.count_statements(counter)
    started = time.perf_counter()
    stack = operation()
    transport.run(cloud)
    elapsed = time.perf_counter() - started
    session.count_statements(None)
    final = db_api.stack_get(stack.id)
    messages = sum(transport.sent.values())
    print(f'{label:<22} {final.action}_{final.status:<9} {elapsed:7.2f}s  '
          f'{counter.total / n:6.2f} stmts/res  {messages / n:5.2f} msgs/res  '
          f'{dict(counter.by_kind)}  {dict(transport.sent)}')
    return stack


class CountingCloud:
    """Counts the calls that reach the cloud."""

    def __init__(self, cloud):
        self._cloud = cloud
        self.calls = 0

    def __getattr__(self, name):
        method = getattr(self._cloud, name)

        def counted(*args, **kwargs):
            self.calls += 1
            return method(*args, **kwargs)
        return counted


def observe(n, stack, cloud):
    counting = CountingCloud(cloud)
    started = time.perf_counter()
    result = drift.observe([stack.id], counting)
    elapsed = time.perf_counter() - started
    print(f'{"drift pass":<22} {result.resources} resources {elapsed:7.2f}s  '
          f'{counting.calls / max(1, result.resources):.4f} cloud calls/res/pass')


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument('--size', type=int, default=100)
    parser.add_argument('--db-url', help='database URL (default: a temporary SQLite file)')
    args = parser.parse_args()

    config.set_lib_defaults()
    config.CONF([], project='heat_conv', default_config_files=[])
    url = args.db_url or 'sqlite:///' + os.path.join(tempfile.mkdtemp(), 'bench.sqlite')
    migration.upgrade(session.configure(url))
    cloud = cloud_client.LocalCloudClient(cloud_store.CloudStore())
    cloud_client.set_client(cloud)
    transport = CountingQueue()
    rpc.set_dispatcher(transport)
    ctx = context.RequestContext(project_id='bench', user_id='bench')
    n = args.size
    print(f'{n} resources on {url.split("://")[0]}')
    for name, shape in (('chain', chain), ('fan', fan)):
        stack_name = f'{name}-{int(time.time() * 1000)}'
        stack = measure(f'{name} create', n, lambda: service.create_stack(
            ctx, stack_name, shape(n, 'a')), transport, cloud)
        measure(f'{name} update', n, lambda: service.update_stack(
            ctx, stack.id, shape(n, 'b')), transport, cloud)
        observe(n, stack, cloud)
        measure(f'{name} delete', n, lambda: service.delete_stack(ctx, stack.id),
                transport, cloud)


if __name__ == '__main__':
    main()
