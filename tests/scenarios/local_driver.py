"""Run the real engine code deterministically in one thread.

Casts go into a queue that the driver delivers one at a time (in order,
shuffled, or duplicated); the simulated cloud and the engine read a
FakeClock that the driver advances only when nothing else can happen. So a
scenario such as "update while the create is half done" is exact and fast.
"""
import json
import logging
import random

from heat_conv.cloud import client as cloud_client
from heat_conv.cloud import store as cloud_store
from heat_conv.common import context
from heat_conv.common import timeutils
from heat_conv.db import api as db_api
from heat_conv.engine.core import rpc
from heat_conv.engine.core import worker
from heat_conv.engine.signals import signal_step
from heat_conv.observer import poller
from tests.scenarios import driver_base

LOG = logging.getLogger(__name__)


def run_scenario(scenario, clock, **delivery):
    """Run ``scenario`` on a driver of its own that delivers messages as
    ``delivery`` says (``seed``: shuffled; ``duplicate``: each twice)."""
    driver = LocalDriver(clock, **delivery)
    try:
        scenario(driver)
    finally:
        driver.close()


class LocalDriver(driver_base.Driver):
    slow = 30   # seconds a "slow" action takes, in fake time

    def __init__(self, clock, seed=None, duplicate=False):
        super().__init__()
        self.clock = clock
        self.queue = []
        self.delivered = 0   # messages
        self.handled = 0     # what they carried: a batch counts its steps
        # Errors that got past every step's guard to the endpoint's last one;
        # through oslo.messaging, they would be logged and the message lost.
        self.escaped = []
        self._escapes = _Escapes(self.escaped)
        logging.getLogger(worker.__name__).addHandler(self._escapes)
        self.contexts = []   # the request context of every cast, in order
        self.random = random.Random(seed) if seed is not None else None
        self.duplicate = duplicate
        self.endpoint = worker.EngineEndpoint()
        self.store = cloud_store.CloudStore()
        self.cloud = cloud_client.LocalCloudClient(self.store)
        self._previous = (rpc.set_dispatcher(self), cloud_client.set_client(self.cloud))
        self.ctx = context.RequestContext(project_id='tenant', user_id='user')

    def close(self):
        logging.getLogger(worker.__name__).removeHandler(self._escapes)
        rpc.set_dispatcher(self._previous[0])
        cloud_client.set_client(self._previous[1])
        assert not self.escaped, f'exceptions escaped the engine: {self._escaped()}'

    # the dispatcher interface
    def cast(self, ctxt, method, **kwargs):
        # Through JSON, as over a real transport.
        message = (method, json.loads(json.dumps(kwargs)), json.loads(json.dumps(ctxt)))
        self.contexts.append(message[2])
        self.queue.append(message)
        if self.duplicate:
            self.queue.append(message)

    def step(self):
        index = self.random.randrange(len(self.queue)) if self.random else 0
        method, kwargs, ctxt = self.queue.pop(index)
        self.delivered += 1
        self.handled += len(kwargs['messages']) if method == 'run_batch' else 1
        try:
            getattr(self.endpoint, method)(ctxt, **kwargs)
        except Exception as exc:
            # What oslo.messaging does with a cast whose handler raised: log
            # it and drop the message.
            LOG.exception('%s raised', method)
            self.escaped.append(exc)

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
                # What the reaper does when time passes: end expired waits.
                signal_step.expire_waits(timeutils.utcnow())
            else:
                raise AssertionError(f'stuck before {what}: nothing left to deliver; '
                                     f'stack is {self.stack_status()}; exceptions that '
                                     f'escaped the engine: {self._escaped()}')
        raise AssertionError(f'gave up waiting for {what}')

    def _escaped(self):
        if not self.escaped:
            return 'none'
        return f'{len(self.escaped)}, the first {self.escaped[0]!r}'

    def drain(self):
        """Deliver everything in flight, including observer reports."""
        self.run_until(lambda: False if (self.queue or db_api.resources_waiting())
                       else True, 'quiescence')


class _Escapes(logging.Handler):
    def __init__(self, found):
        super().__init__(logging.ERROR)
        self.found = found

    def emit(self, record):
        self.found.append(record.exc_info[1] if record.exc_info else record.getMessage())
