"""heat-conv's Prometheus metrics: what each process counts and measures.

All live in prometheus_client's default registry, one per process (the
all-in-one's threads share it). Updating one is a counter increment or a
histogram observation in memory: no statement, no message, so the hot path
stays as cheap as it was. ``heat_conv.common.metrics_server`` serves them.
doc/operations.md ("Metrics") lists them with sample alerts.
"""
import contextlib
import threading
import time

import prometheus_client as prom
from prometheus_client import core as prom_core

# Operations: counted once, when the stack's state change is committed.
OPERATIONS = prom.Counter(
    'heat_conv_operations', 'Stack operations that ended, by action (CREATE, UPDATE, '
    'DELETE, ROLLBACK, ...) and outcome (COMPLETE or FAILED)', ['action', 'outcome'])
OPERATIONS_STARTED = prom.Counter(
    'heat_conv_operations_started', 'Stack operations started, by action', ['action'])

# Steps: a message's work in an engine worker (a resource's check_resource
# or action_complete, a converge, a signal...).
STEP_SECONDS = prom.Histogram(
    'heat_conv_step_duration_seconds', 'Time an engine worker spent on one step, '
    'by message method', ['method'],
    buckets=(0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30))
STEPS_IN_FLIGHT = prom.Gauge(
    'heat_conv_steps_in_flight', 'Steps this process is running now')
STEP_STATEMENTS = prom.Histogram(
    'heat_conv_step_db_statements', 'Database statements one step sent, by message '
    'method', ['method'], buckets=(0, 1, 2, 4, 6, 8, 12, 16, 24, 32, 64, 128, 256))

# Messages to the engine.
MESSAGES_SENT = prom.Counter(
    'heat_conv_messages_sent', 'Messages cast to the engine, by method', ['method'])
MESSAGES_RECEIVED = prom.Counter(
    'heat_conv_messages_received', 'Messages an engine worker received, by method',
    ['method'])

# The observer.
OBSERVER_PENDING = prom.Gauge(
    'heat_conv_observer_pending_resources', 'Resources waiting on the cloud that the '
    'observer\'s last poll looked at')
OBSERVER_POLL_SECONDS = prom.Histogram(
    'heat_conv_observer_poll_duration_seconds', 'Time one observer poll pass took',
    buckets=(0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60))

SETTLE_LATENCY_SECONDS = prom.Histogram(
    'heat_conv_settle_latency_seconds', 'Time from the cloud settling an object '
    '(when the cloud says: the simulated cloud does) to the engine recording its '
    'resource\'s action ended',
    buckets=(0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1, 2, 5, 10, 30))

# The reaper.
REAPER_TAKEOVERS = prom.Counter(
    'heat_conv_reaper_takeovers', 'Dead engines whose work this engine\'s reaper took over')
REAPER_REDRIVES = prom.Counter(
    'heat_conv_reaper_redrives', 'Stack traversals the reaper had to move on, by reason: '
    'stalled (no progress for stall_timeout, restarted), lost_converge (started '
    'again), timed_out (failed)', ['reason'])
OBSERVERS_ALIVE = prom.Gauge(
    'heat_conv_observers_alive', 'Observers alive at the reaper\'s last pass')
STACKS_UNOBSERVED = prom.Gauge(
    'heat_conv_stacks_waiting_without_observer', 'Stacks whose resources wait on the '
    'cloud while no observer is alive, at the reaper\'s last pass')

# The API.
API_REQUESTS = prom.Counter(
    'heat_conv_api_requests', 'API requests answered, by HTTP method and status code',
    ['method', 'status'])

_local = threading.local()
# Statements are counted per thread, each thread in a cell only it writes:
# no lock on every statement (a prometheus Counter takes one), and the
# process's total is their sum when the metrics are read.
_statement_cells = []
_cells_lock = threading.Lock()


def _statements():
    cell = getattr(_local, 'statements', None)
    if cell is None:
        cell = _local.statements = [0]
        with _cells_lock:
            _statement_cells.append(cell)
    return cell


def count_statement(*_args):
    """A database statement (an SQLAlchemy ``before_cursor_execute``
    listener): the process's total, and the running step's own count."""
    _statements()[0] += 1


class _StatementTotal:
    def collect(self):
        with _cells_lock:
            total = sum(cell[0] for cell in _statement_cells)
        family = prom_core.CounterMetricFamily(
            'heat_conv_db_statements', 'Database statements this process sent')
        family.add_metric([], total)
        yield family


prom.REGISTRY.register(_StatementTotal())


@contextlib.contextmanager
def step(method):
    """Time a step of ``method`` and count its statements, on this thread."""
    series = _step_series.get(method)
    if series is None:   # labels() takes a lock and builds a key: once per method
        series = _step_series.setdefault(method, (STEP_SECONDS.labels(method),
                                                  STEP_STATEMENTS.labels(method)))
    statements = _statements()
    before = statements[0]
    started = time.perf_counter()
    STEPS_IN_FLIGHT.inc()
    try:
        yield
    finally:
        STEPS_IN_FLIGHT.dec()
        series[0].observe(time.perf_counter() - started)
        series[1].observe(statements[0] - before)


_step_series = {}
