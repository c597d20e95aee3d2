"""The observer process: watches reality for the engine.

Every ``poll_interval`` it reports pending cloud actions that settled; every
``drift_interval`` it compares all observed resources of its stacks with
reality and, for stacks with ``auto_heal``, starts a convergence from
reality when it finds drift. Failed cloud calls back the passes off.
"""
import logging
import threading
import uuid

from oslo_config import cfg
from oslo_service import service

from heat_conv.common import config
from heat_conv.common import timeutils
from heat_conv.engine import service as engine_service
from heat_conv.observer import drift
from heat_conv.observer import leases
from heat_conv.observer import poller

CONF = config.CONF
LOG = logging.getLogger(__name__)

observer_opts = [
    cfg.BoolOpt('enable', default=True,
                help='Run the observer. When off, nothing watches reality: no '
                     'drift detection, no auto-heal, and slow cloud actions are '
                     'only seen to finish by another observer process.'),
    cfg.FloatOpt('poll_interval', default=1.0, min=0.05,
                 help='Seconds between passes over resources whose cloud action '
                      'is in progress.'),
    cfg.FloatOpt('drift_interval', default=10.0, min=0.05,
                 help='Seconds between drift passes, which compare every '
                      'observed resource with reality.'),
    cfg.IntOpt('batch_size', default=500, min=1,
               help='Resources asked about in one cloud status call.'),
    cfg.IntOpt('lease_secs', default=30, min=1,
               help='Seconds an observer\'s lease on a stack lasts without '
                    'renewal; a dead observer\'s stacks move to the others '
                    'after this long.'),
    cfg.FloatOpt('max_backoff', default=60.0, min=1,
                 help='Longest pause between passes while the cloud keeps '
                      'failing.'),
]
CONF.register_opts(observer_opts, group='observer')


def list_opts():
    return [('observer', observer_opts)]


class Observer:
    """One observer's passes; the process wrapper below runs them on a timer."""

    def __init__(self, cloud=None, observer_id=None):
        self.cloud = cloud
        self.id = observer_id or str(uuid.uuid4())
        self.failures = 0
        self._next_drift = 0.0

    def run_pass(self):
        stacks = leases.my_stacks(self.id)
        poller.poll_pending(self.cloud, batch_size=CONF.observer.batch_size,
                            stack_ids=stacks)
        if timeutils.now() < self._next_drift:
            return None
        self._next_drift = timeutils.now() + CONF.observer.drift_interval
        result = drift.observe(stacks, self.cloud, CONF.observer.batch_size)
        self.failures = self.failures + 1 if result.failed_calls else 0
        for stack_id in result.drifted_stacks:
            engine_service.heal_stack(stack_id)
        return result

    def pause(self):
        """Seconds until the next pass: longer while the cloud keeps failing."""
        return min(CONF.observer.poll_interval * (2 ** self.failures),
                   CONF.observer.max_backoff)


class ObserverService(service.Service):
    def __init__(self, cloud=None):
        super().__init__()
        self.observer = Observer(cloud)
        self._stopping = threading.Event()
        self._thread = None

    def start(self):
        super().start()
        if not CONF.observer.enable:
            LOG.warning('observer disabled by [observer] enable = false')
            return
        self._thread = threading.Thread(target=self._loop, name='observer',
                                        daemon=True)
        self._thread.start()

    def _loop(self):
        while not self._stopping.wait(self.observer.pause()):
            try:
                self.observer.run_pass()
            except Exception:   # the next pass may well succeed
                LOG.exception('observer pass failed')

    def stop(self, graceful=False):
        self._stopping.set()
        if self._thread is not None:
            self._thread.join(timeout=10)
            try:
                leases.release(self.observer.id)
            except Exception:
                LOG.exception('could not release the observer\'s leases')
        super().stop(graceful)

    def wait(self):
        self._stopping.wait()
