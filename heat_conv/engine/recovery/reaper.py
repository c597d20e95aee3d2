"""Re-drive work that nobody will finish otherwise.

Messages may be lost and processes may die. Every engine runs the reaper;
what it does is idempotent, and taking over a dead engine's work is a
compare-and-swap, so it does not matter how many run it. Each pass:

- reads the heartbeat table and judges who is alive (``liveness``); an
  engine that missed its heartbeats has its work taken over at once
  (``recovery``): rows it held mid-action are released and the frontier
  of every stack in progress is re-driven;
- if no observer is alive while resources wait on the cloud, says so in
  their stacks' status reasons (``observer_watch``).

Every ``stack_check_interval`` it also looks at the stacks in progress:

- a stack past its timeout fails;
- a wait on signals past its own timeout (a wait condition's) is told so;
- a scaling group still resizing when its child stack has settled and
  been quiet for ``stall_timeout`` is sent the child's report again;
- a traversal whose graph was still not stored a stack check after it
  began (its converge was lost with the process that began it) is
  started;
- a traversal that made no progress for ``stall_timeout`` with nothing in
  flight (a message lost with the broker, say) is restarted onto the same
  target. Convergence is idempotent, so that redoes only what is not done.

A quiet pass costs two statements (the heartbeat table and the locks of
the engines it knows to be dead), however many stacks there are.
"""
import datetime
import logging

from oslo_config import cfg

from heat_conv.common import config
from heat_conv.common import context
from heat_conv.common import events
from heat_conv.common import exception
from heat_conv.common import liveness
from heat_conv.common import metrics
from heat_conv.common import timeutils
from heat_conv.common.status import Action
from heat_conv.common.status import Status
from heat_conv.db import api as db_api
from heat_conv.engine.core import extensions
from heat_conv.engine.core import identity
from heat_conv.engine.core import messages
from heat_conv.engine.core import rpc
from heat_conv.engine.core import stack_state
from heat_conv.engine.recovery import observer_watch
from heat_conv.engine.recovery import recovery
from heat_conv.plugin_interface import registry

CONF = config.CONF
LOG = logging.getLogger(__name__)

reaper_opts = [
    cfg.FloatOpt('reaper_interval', default=2.0, min=0.1,
                 help='Seconds between reaper passes. Each pass reads the '
                      'heartbeats of the engines and observers; the work of an '
                      'engine that missed 3 heartbeats is taken over at once.'),
    cfg.FloatOpt('stack_check_interval', default=10.0, min=0.1,
                 help='Seconds between the reaper\'s looks at the stacks in '
                      'progress: those past their timeout fail, stalled traversals '
                      'restart.'),
    cfg.IntOpt('stall_timeout', default=60, min=1,
               deprecated_opts=[cfg.DeprecatedOpt('service_down_time', group='engine')],
               help='Seconds a traversal may make no progress, with no resource in '
                    'flight, before it is restarted onto the same target (the '
                    'safety net for messages lost with the message broker). Dead '
                    'engines are found by their missed heartbeats instead.'),
]
CONF.register_opts(reaper_opts, group='engine')

# A stopped process's heartbeat row is kept this long for "service list".
FORGET_STOPPED_AFTER = datetime.timedelta(hours=1)


def list_opts():
    return [('engine', reaper_opts)]


class Reaper:
    """One engine's reaper; it remembers what it has seen of the heartbeats."""

    def __init__(self):
        self.watch = liveness.Watch()
        self.observers = observer_watch.ObserverWatch()
        self._next_stack_check = 0.0

    def run_once(self):
        # The pass's own request context: what it restarts carries its request id.
        context.admin_context().update_store()
        try:
            view = self.watch.look(db_api.service_list(), me=identity.engine_id())
        except Exception:
            # The database may be what failed: time everyone afresh, so its
            # outage is not taken for their silence.
            self.watch.forget()
            raise
        self._take_over(view)
        self.observers.check(view)
        if timeutils.now() >= self._next_stack_check:
            self._next_stack_check = timeutils.now() + CONF.engine.stack_check_interval
            self.check_stacks()
        return view

    def _take_over(self, view):
        for service in view.newly_dead:
            if service.binary == liveness.ENGINE:
                if recovery.take_over(service, self.watch.silent_for(service.id)):
                    metrics.REAPER_TAKEOVERS.inc()
                continue
            recovery.fence(service)
            if db_api.service_mark_dead(service.id, service.updated_at or service.created_at):
                LOG.warning('%s %s on %s missed its heartbeats for %.0f s',
                            service.binary, service.id, service.host,
                            self.watch.silent_for(service.id))
        dead_engines = {i for i in view.dead
                        if view.rows[i].binary == liveness.ENGINE}
        # Rows a takeover could not release yet (the cloud could not say
        # whether a create made an object) are tried again every pass.
        recovery.release_orphans(dead_engines)

    def check_stacks(self):
        now = timeutils.utcnow()
        _drop_never_started(now)
        extensions.notify(extensions.WAITS_DUE, now)
        in_progress = db_api.stacks_in_progress()
        running = []
        for stack in in_progress:
            if _timed_out(stack, now):
                _fail_timed_out(stack)
            else:
                running.append(stack)
        _start_lost_converges(running, now)
        stalled, waiting = _quiet(running, now)
        for stack in stalled:
            metrics.REAPER_REDRIVES.labels('stalled').inc()
            LOG.warning('stack %s made no progress for %d s; restarting its traversal',
                        stack.id, CONF.engine.stall_timeout)
            stack_state.begin(stack, stack.action, stack.raw_template_id,
                              reason=stack.status_reason,
                              extra={'observe_reality': stack.observe_reality})
        # A quiet stack whose rows are held may be waiting for a child
        # stack's report that was lost.
        extensions.service(extensions.CHILD_STACKS).resend_lost(waiting)
        db_api.service_purge_stopped(now - FORGET_STOPPED_AFTER)


_default = None


def run_once():
    """One pass of this process's reaper, stack checks included (tests)."""
    global _default
    if _default is None:
        _default = Reaper()
    _default._next_stack_check = 0.0
    return _default.run_once()


def reset():
    """Forget what this process's default reaper has seen (tests)."""
    global _default
    _default = None


def _drop_never_started(now):
    """Stacks an API process inserted and died before starting (possible
    before creation became one transaction): they own nothing, not even a
    template, so they are marked deleted and their name is free again."""
    limit = now - datetime.timedelta(seconds=CONF.engine.stall_timeout)
    for stack in db_api.stacks_never_started(limit):
        reason = 'Stack CREATE never started: the API process creating it stopped'
        if db_api.stack_update(stack.id, {
                'action': Action.DELETE, 'status': Status.COMPLETE, 'status_reason': reason,
                'deleted_at': now, 'live_name': None},
                expected={'action': Action.INIT, 'current_traversal': None}):
            LOG.warning('stack %s was never started; marked deleted', stack.id)
            stack_state.record(stack, [events.for_stack(stack, Action.DELETE,
                                                        Status.COMPLETE, reason)])


def _fail_timed_out(stack):
    metrics.REAPER_REDRIVES.labels('timed_out').inc()
    LOG.warning('stack %s timed out', stack.id)
    on_cloud, on_signals = _fail_waiting(stack)
    reason = f'Stack {stack.action} timed out after {stack.timeout} minutes'
    if on_cloud:
        reason += '; still waiting for the cloud: ' + ', '.join(on_cloud)
    if on_signals:
        reason += '; still waiting for signals: ' + ', '.join(on_signals)
    stack_state.fail(stack.id, stack.current_traversal, reason)


def _fail_waiting(stack):
    """Fail the resources whose action did not end in time: those waiting
    on the cloud, and those waiting on signals (with Heat's reason for an
    action the stack timeout aborts). Their names, in two lists."""
    on_cloud, on_signals = [], []
    for row in db_api.resources_waiting(stack_ids=[stack.id]):
        aborted = _aborted_reason(row, stack)
        reason = aborted or (f'{row.action} was not confirmed by the cloud before the '
                             f'stack timeout ({stack.timeout} minutes)')
        if db_api.resource_cas(row.id, row.atomic_key, {
                'engine_id': None, 'action_started_at': None, 'wait_until': None,
                'status': Status.FAILED, 'status_reason': reason},
                events=[events.for_resource(row, row.action, Status.FAILED, reason)]):
            (on_signals if aborted else on_cloud).append(row.name)
    return on_cloud, on_signals


def _aborted_reason(row, stack):
    try:
        cls = registry.get(row.type, nested_template=row.nested_template)
    except exception.HeatConvException:
        return None
    if not cls.waits_on_signals:
        return None
    return cls.timeout_reason(row.action, row.name, stack.name, stack.id)


def _timed_out(stack, now):
    if not stack.timeout or stack.traversal_started_at is None:
        return False
    return now > stack.traversal_started_at + datetime.timedelta(minutes=stack.timeout)


def _start_lost_converges(stacks, now):
    """Cast again the converge of a traversal whose graph was never stored
    a stack check after it began: the process that began it (an API
    process, or the step that starts a child stack) died between its
    commit and its cast. A converge still on its way meets the first and
    does nothing (its traversal exists). One statement for all stacks."""
    limit = now - datetime.timedelta(seconds=CONF.engine.stack_check_interval)
    begun = {s.id: s for s in stacks
             if s.traversal_started_at is not None and s.traversal_started_at <= limit}
    for stack_id in sorted(db_api.stacks_never_converged(begun)):
        stack = begun[stack_id]
        metrics.REAPER_REDRIVES.labels('lost_converge').inc()
        LOG.warning('stack %s: traversal %s was never started (its converge was lost); '
                    'starting it', stack.id, stack.current_traversal)
        rpc.cast(messages.Converge(stack.id, stack.current_traversal))


def _quiet(stacks, now):
    """Of ``stacks``, those where nothing changed for stall_timeout: the ones
    with nothing in flight (stalled), and the ids of those with rows held
    (waiting); three statements for all of them."""
    limit = now - datetime.timedelta(seconds=CONF.engine.stall_timeout)
    old = {s.id: s for s in stacks
           if s.traversal_started_at is None or s.traversal_started_at < limit}
    if not old:
        return [], set()
    quiet_since = db_api.stacks_quiet_since(old)
    quiet = {i for i in old if quiet_since.get(i) is None or quiet_since[i] <= limit}
    busy = db_api.stacks_with_locks(quiet)
    return [old[i] for i in sorted(quiet - busy)], quiet & busy
