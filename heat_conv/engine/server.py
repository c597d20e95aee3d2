"""An engine worker process: the RPC server, its heartbeat and the reaper."""
import logging
import os
import threading

from oslo_config import cfg
from oslo_service import service

from heat_conv.common import config
from heat_conv.common import liveness
from heat_conv.common import metrics_server
from heat_conv.common import periodic
from heat_conv.common import timeutils
from heat_conv.db import api as db_api
from heat_conv.engine import features  # noqa: F401 (the features' extensions)
from heat_conv.engine.core import continuation
from heat_conv.engine.core import identity
from heat_conv.engine.core import messages
from heat_conv.engine.core import ownership_guard
from heat_conv.engine.core import rpc
from heat_conv.engine.core import side_by_side
from heat_conv.engine.core import worker
from heat_conv.engine.recovery import reaper
from heat_conv.engine.recovery import recovery

CONF = config.CONF
LOG = logging.getLogger(__name__)

server_opts = [
    cfg.IntOpt('workers', default=1, min=1,
               help='Engine worker processes that heat-conv-engine starts.'),
    cfg.IntOpt('heartbeat_interval', default=2, min=1,
               help='Seconds between an engine\'s heartbeats in the database. An '
                    'engine that misses 3 heartbeats in a row counts as dead, and '
                    'the other engines take over its work.'),
    cfg.IntOpt('stop_timeout', default=20, min=0,
               help='Seconds a stopping engine (SIGTERM) waits for the steps it is '
                    'running to finish; then it re-drives, for the other engines, '
                    'what it had received and not started, and exits. If some '
                    'steps still run after this long, it exits anyway, and the '
                    'other engines take them over once its heartbeats are missed. '
                    'Keep it below [DEFAULT] graceful_shutdown_timeout, after which '
                    'the process is killed.'),
]
CONF.register_opts(server_opts, group='engine')


def list_opts():
    return [('engine', server_opts)]


def db_threads():
    """Threads of an engine worker that may use the database at once: the
    RPC server's executor, the pool that runs a batch's slow steps side by
    side, the heartbeat and the reaper (whose takeover of a dead engine's
    work runs in its own thread)."""
    return CONF.executor_thread_pool_size + side_by_side.threads() + 2


class EngineService(service.Service):
    """One engine worker: handles casts until stopped.

    ``resume_all``: re-drive every stack in progress once started, for a
    transport that loses what was queued when the process stopped (the
    all-in-one process's in-process transport).
    """

    def __init__(self, transport=None, resume_all=False):
        super().__init__()
        self._transport = transport
        self._resume_all = resume_all
        self._server = None
        self._heartbeat = None
        self._reaper = None
        self._stopping = threading.Event()

    def start(self):
        super().start()
        identity.begin()   # in this worker process, after the launcher forked it
        continuation.reset()
        # Each worker process its own (none more in the all-in-one's).
        metrics_server.serve(CONF.metrics.engine_port, tries=CONF.engine.workers)
        self._server = rpc.get_server([worker.EngineEndpoint()], self._transport,
                                      server_id=identity.engine_id())
        self._server.start()
        # The first heartbeat comes once the server listens: a process
        # waiting for engines may cast as soon as it sees one.
        self._beat()
        self._heartbeat = periodic.Periodic('heartbeat', self._beat,
                                            CONF.engine.heartbeat_interval).start()
        self._reaper = periodic.Periodic('reaper', reaper.Reaper().run_once,
                                         CONF.engine.reaper_interval).start()
        LOG.info('engine %s started on host %s (pid %d): topic %s, heartbeat every %d s '
                 '(dead after %d missed), reaper every %s s', identity.engine_id(),
                 CONF.host, os.getpid(), CONF.engine.topic, CONF.engine.heartbeat_interval,
                 liveness.MISSED_BEATS, CONF.engine.reaper_interval)
        if self._resume_all:
            redriven = recovery.resync_all()
            if redriven:
                LOG.info('re-drove %d steps of the stacks in progress', redriven)

    def _beat(self):
        db_api.measure_clock()
        marked = db_api.service_heartbeat(identity.engine_id(), CONF.host, liveness.ENGINE,
                                          CONF.engine.topic, CONF.engine.heartbeat_interval,
                                          rpc_version=messages.VERSION)
        ownership_guard.beat(CONF.engine.heartbeat_interval, marked)
        if marked is not None:
            LOG.warning('engine %s was taken for dead at %s after missing its heartbeats; '
                        'other engines have taken over the actions it was running',
                        identity.engine_id(), marked)

    def stop(self, graceful=False):
        if self._stopping.is_set():
            return
        self._stopping.set()
        continuation.stop()   # the steps taken finish; what they make ready is sent
        started = timeutils.now()
        if self._reaper is not None:
            self._reaper.stop()   # a stopping engine takes over nobody's work
        drained = self._drain()
        redriven = self._redrive_received() if drained else None
        if self._heartbeat is not None:
            self._heartbeat.stop()
        if redriven is not None:
            try:
                # Nothing of ours is left to take over: say we are gone, so
                # nobody waits for our heartbeats to stop.
                db_api.service_delete(identity.engine_id())
            except Exception:
                LOG.exception('could not record the engine\'s stop')
            LOG.info('engine %s stopped after %.1f s: every step it had taken finished; '
                     're-drove %d steps of the stacks in progress for the other engines',
                     identity.engine_id(), timeutils.now() - started, redriven)
        elif drained:
            LOG.warning('engine %s stopped; the other engines re-drive what it had '
                        'received once %d heartbeats are missed', identity.engine_id(),
                        liveness.MISSED_BEATS)
        else:
            LOG.warning('engine %s stopping with steps still running after %d s; the '
                        'other engines take them over once %d heartbeats are missed',
                        identity.engine_id(), CONF.engine.stop_timeout,
                        liveness.MISSED_BEATS)
        super().stop(graceful)

    def _redrive_received(self):
        """Every step this engine ran has finished; but the message driver
        acks what it receives before it is run, so what it had received and
        not started would be lost with it. Re-drive it (the frontier of
        every stack in progress) for the other engines. Returns how many
        steps, or None if that failed (then the others take over once our
        heartbeats stop)."""
        try:
            return recovery.resync_all()
        except Exception:
            LOG.exception('could not re-drive the steps of the stacks in progress')
            return None

    def _drain(self):
        """Stop taking messages; wait up to stop_timeout for the steps taken
        to finish. True if they did."""
        server, self._server = self._server, None
        if server is None:
            return True
        server.stop()
        # wait() runs the steps the server had handed to its threads, then
        # closes the broker connection.
        waiter = threading.Thread(target=server.wait, name='drain', daemon=True)
        waiter.start()
        waiter.join(CONF.engine.stop_timeout)
        return not waiter.is_alive()

    def wait(self):
        self._stopping.wait()
