"""Run the real engine code deterministically in one thread.

Casts go into a queue that the driver delivers one at a time (in order,
shuffled, or duplicated); the simulated cloud and the engine read a
FakeClock that the driver advances only when nothing else can happen. So a
scenario such as "update while the create is half done" is exact and fast.
"""
import json
import random

from heat_conv.cloud import client as cloud_client
from heat_conv.cloud import store as cloud_store
from heat_conv.common import context
from heat_conv.db import api as db_api
from heat_conv.engine import rpc
from heat_conv.engine import worker
from heat_conv.observer import poller
from tests.convergence import driver_base


class LocalDriver(driver_base.Driver):
    slow = 30   # seconds a "slow" action takes, in fake time

    def __init__(self, clock, seed=None, duplicate=False):
        super().__init__()
        self.clock = clock
        self.queue = []
        self.delivered = 0
        self.random = random.Random(seed) if seed is not None else None
        self.duplicate = duplicate
        self.endpoint = worker.EngineEndpoint()
        self.store = cloud_store.CloudStore()
        self.cloud = cloud_client.LocalCloudClient(self.store)
        self._previous = (rpc.set_dispatcher(self), cloud_client.set_client(self.cloud))
        self.ctx = context.RequestContext(project_id='tenant', user_id='user')

    def close(self):
        rpc.set_dispatcher(self._previous[0])
        cloud_client.set_client(self._previous[1])

    # the dispatcher interface
    def cast(self, method, **kwargs):
        # Through JSON, as over a real transport.
        message = (method, json.loads(json.dumps(kwargs)))
        self.queue.append(message)
        if self.duplicate:
            self.queue.append(message)

    def step(self):
        index = self.random.randrange(len(self.queue)) if self.random else 0
        method, kwargs = self.queue.pop(index)
        self.delivered += 1
        getattr(self.endpoint, method)({}, **kwargs)

    def run_until(self, predicate, what='condition', max_steps=200000):
        idle = 1   # seconds to skip while only the cloud is working; grows
        for _ in range(max_steps):
            if predicate():
                return
            if self.queue:
                self.step()
                idle = 1
            elif poller.poll_pending(self.cloud):
                idle = 1
            elif db_api.resources_waiting():
                self.clock.advance(idle)
                idle = min(idle * 2, 64)
            else:
                raise AssertionError(f'stuck before {what}: nothing left to deliver; '
                                     f'stack is {self.stack_status()}')
        raise AssertionError(f'gave up waiting for {what}')

    def drain(self):
        """Deliver everything in flight, including observer reports."""
        self.run_until(lambda: False if (self.queue or db_api.resources_waiting())
                       else True, 'quiescence')
