"""The observer process: watches reality for the engine.

Every ``poll_interval`` (sooner while actions are ending, see pause) it
reports pending cloud actions that settled, and asks an engine to look
again at the stacks whose snapshots are being deleted (asking the
database which those are only when it can have changed: see
_snapshot_deletes_due); every
``drift_interval``, on a thread of its own, it compares all observed
resources of its stacks with reality, records what it finds and, for
stacks with ``auto_heal``, reports the drift to the engine, which
converges them from reality. It only reports: what to do about it is the
engine's business. Failed cloud calls back the passes off. With
``notification_transport_url`` set, it also listens to the cloud's
notifications, and one that names an object a resource waits on brings a
look at it forward (notifications). The simulated cloud's settle
notifications ([cloud] notify_settled) do the same, for any stack: polls
keep their pace, as the fallback.
"""
import logging
import os
import threading
import uuid

from oslo_service import service

from heat_conv.common import config
from heat_conv.common import context
from heat_conv.common import metrics
from heat_conv.common import metrics_server
from heat_conv.common import periodic
from heat_conv.common import timeutils
from heat_conv.db import api as db_api
from heat_conv.engine.core import messages
from heat_conv.engine.core import rpc
from heat_conv.observer import drift
from heat_conv.observer import drift_memory
from heat_conv.observer import leases
from heat_conv.observer import notifications
from heat_conv.observer import options  # noqa: F401  (registers [observer])
from heat_conv.observer import poller

CONF = config.CONF
LOG = logging.getLogger(__name__)


# The observer's pass thread, its drift thread, its heartbeat (and lease)
# thread, and the notifications it casts.
DB_THREADS = 4


class Observer:
    """One observer's passes; the process wrapper below runs them on a timer."""

    def __init__(self, cloud=None, observer_id=None, renew_in_pass=True,
                 connection_for=None, drift_apart=False):
        self.cloud = cloud
        # The real cloud's connection for a stack (default: its trust's).
        self.connection_for = connection_for
        self.id = observer_id or str(uuid.uuid4())
        self.failures = 0
        self.stacks = set()
        # Run alone (tests), a pass renews the leases; the service renews
        # them on a timer of their own, so slow passes never lose them.
        self._renew_in_pass = renew_in_pass
        # The service runs drift passes on a thread of their own
        # (drift_pass), so that a slow one never holds back the polls.
        self._drift_apart = drift_apart
        self._next_drift = 0.0
        self._pause = CONF.observer.poll_interval
        self._last_poll = float('-inf')
        self.reported = poller.Reported(CONF.observer.report_again_after)
        # Ids notifications named since the last pass, and what to call so
        # the next pass runs now (the service's timer; nothing when alone).
        self._hints = set()
        # Ids the simulated cloud's shared queue named: looked at whichever
        # observer holds their stacks (see notifications.start_settled).
        self._settled = set()
        self._hints_lock = threading.Lock()
        self.wake = lambda: None
        # Whether a notification listener feeds look_now (the service's).
        self.listening = False
        # The last look for snapshots being deleted: when, over which
        # stacks, and whether it found any.
        self._snapshots_looked = float('-inf')
        self._snapshots_of = None
        self._snapshots_deleting = False
        self.drift_memory = drift_memory.DriftMemory(
            CONF.observer.drift_full_pass_interval)

    def renew(self):
        """Beat, and hold this observer's share of the stacks."""
        self.stacks = leases.my_stacks(self.id)
        return self.stacks

    def look_now(self, physical_ids, any_stack=False):
        """A notification named these objects: look at those that a
        resource waits on, now (notifications.Endpoint calls it). Of this
        observer's stacks, or ``any_stack``'s."""
        with self._hints_lock:
            (self._settled if any_stack else self._hints).update(physical_ids)
        self.wake()

    def _take_hints(self):
        with self._hints_lock:
            hints, self._hints = self._hints, set()
            settled, self._settled = self._settled, set()
        return hints, settled

    def run_pass(self):
        # The pass's own request context: its log lines and reports share a
        # request id.
        context.admin_context().update_store()
        hints, settled = self._take_hints()
        if settled:
            # Before any poll: a new stack is nobody's until the next lease
            # renewal, up to lease_secs / 3 later.
            poller.poll_pending(self.cloud, batch_size=CONF.observer.batch_size,
                                reported=self.reported, connection_for=self.connection_for,
                                only_ids=settled)
        if (hints or settled) and timeutils.now() - self._last_poll < self._pause:
            # Woken by notifications before the poll is due: only the objects
            # they named, one call per group. The poll keeps its time.
            if hints:
                poller.poll_pending(self.cloud, batch_size=CONF.observer.batch_size,
                                    stack_ids=self.stacks, reported=self.reported,
                                    connection_for=self.connection_for, only_ids=hints)
            return None
        stacks = self.renew() if self._renew_in_pass else self.stacks
        with metrics.OBSERVER_POLL_SECONDS.time():
            settled = poller.poll_pending(self.cloud, batch_size=CONF.observer.batch_size,
                                          stack_ids=stacks, reported=self.reported,
                                          connection_for=self.connection_for)
        if self._snapshot_deletes_due(stacks):
            self._snapshots_looked, self._snapshots_of = timeutils.now(), set(stacks)
            self._snapshots_deleting = poller.nudge_snapshot_deletes(stacks) > 0
        self._last_poll = timeutils.now()
        if self.listening:
            # Notifications say when actions end: polls are the fallback.
            self._pause = CONF.observer.notified_poll_interval
        else:
            longest = CONF.observer.poll_interval
            self._pause = (min(CONF.observer.settling_poll_interval, longest) if settled
                           else min(self._pause * 2, longest))
        if self._drift_apart or timeutils.now() < self._next_drift:
            return None
        self._next_drift = timeutils.now() + CONF.observer.drift_interval
        return self._drift(stacks)

    def _snapshot_deletes_due(self, stacks):
        """Whether to look for snapshots being deleted this pass: on every
        pass while some are, when the observer's stacks changed (a takeover),
        and else once a drift_interval. At rest that saves a read per pass:
        a snapshot delete begins in an engine, whose own look at it usually
        ends it (a Glance delete is synchronous); one that goes on in the
        background (a Cinder snapshot) is nudged within a drift_interval."""
        return (self._snapshots_deleting or set(stacks) != self._snapshots_of
                or timeutils.now() - self._snapshots_looked >= CONF.observer.drift_interval)

    def drift_pass(self):
        """A drift pass alone (the service's drift thread)."""
        context.admin_context().update_store()
        return self._drift(self.stacks)

    def _drift(self, stacks):
        result = drift.observe(stacks, self.cloud, CONF.observer.batch_size,
                               connection_for=self.connection_for,
                               memory=self.drift_memory)
        self.failures = self.failures + 1 if result.failed_calls else 0
        # Report drift where it may be healed; whether to, is the engine's call.
        for stack_id in db_api.stacks_auto_heal(result.drifted_stacks):
            rpc.cast(messages.DriftFound(stack_id))
        return result

    def pause(self):
        """Seconds until the next pass: short after a pass saw actions end
        (the rest of a batch started together is ending too), doubling back
        to poll_interval as passes see none; longer while the cloud keeps
        failing."""
        if self.failures:
            return min(CONF.observer.poll_interval * (2 ** self.failures),
                       CONF.observer.max_backoff)
        # After a pass that notifications brought forward, the rest of the wait.
        return max(0.0, min(self._pause, self._pause - (timeutils.now() - self._last_poll)))


class ObserverService(service.Service):
    def __init__(self, cloud=None, connection_for=None):
        super().__init__()
        self.observer = Observer(cloud, renew_in_pass=False,
                                 connection_for=connection_for, drift_apart=True)
        self._stopping = threading.Event()
        self._tasks = []
        self._listener = None
        self._settled_listener = None

    def start(self):
        super().start()
        metrics_server.serve(CONF.metrics.observer_port)   # none more in the all-in-one
        if not CONF.observer.enable:
            LOG.warning('observer disabled by [observer] enable = false: nothing in this '
                        'process watches the cloud')
            return
        self.observer.renew()
        passes = periodic.Periodic('observer', self.observer.run_pass, self.observer.pause)
        self.observer.wake = passes.wake
        self._tasks = [
            periodic.Periodic('observer-heartbeat', self.observer.renew,
                              leases.heartbeat_interval()).start(),
            # Apart from the polls: under load one list per service and
            # project took Neutron 6 to 8 s, and a pass that also compared
            # every resource for drift saw actions end 45 to 60 s apart.
            periodic.Periodic('observer-drift', self.observer.drift_pass,
                              CONF.observer.drift_interval).start(),
            passes.start()]
        try:
            self._listener = notifications.start(self.observer.look_now)
            self.observer.listening = self._listener is not None
        except Exception:
            # The bus may come back; polling alone still sees everything.
            LOG.exception('observer: cannot listen to notifications; polling only')
        try:
            # Polls keep their pace: real clouds' actions are not told of here.
            self._settled_listener = notifications.start_settled(
                lambda ids: self.observer.look_now(ids, any_stack=True))
        except Exception:
            LOG.exception('observer: cannot listen to the simulated cloud\'s settle '
                          'notifications; polling only')
        polls = (f'polls every {CONF.observer.notified_poll_interval} s, notifications '
                 'bringing looks forward' if self.observer.listening else
                 f'polls every {CONF.observer.poll_interval} s '
                 f'({CONF.observer.settling_poll_interval} s while actions end)')
        LOG.info('observer %s started on host %s (pid %d): watching %d stack(s); %s, '
                 'drift every %s s, leases of %d s renewed every %.1f s',
                 self.observer.id, CONF.host, os.getpid(), len(self.observer.stacks),
                 polls, CONF.observer.drift_interval,
                 CONF.observer.lease_secs, leases.heartbeat_interval())

    def stop(self, graceful=False):
        if self._stopping.is_set():
            return
        self._stopping.set()
        for listener in (self._listener, self._settled_listener):
            try:
                notifications.stop(listener)
            except Exception:
                LOG.exception('observer: a notification listener did not stop cleanly')
        for task in reversed(self._tasks):
            task.stop()
        if self._tasks:
            try:
                leases.release(self.observer.id)
            except Exception:
                LOG.exception('could not release the observer\'s leases')
            LOG.info('observer %s stopped; its stacks go to the other observers',
                     self.observer.id)
        super().stop(graceful)

    def wait(self):
        self._stopping.wait()
