"""Run a workload's phases against an endpoint and record what each cost.

Phases, on one stack: ``create``; ``update`` (every resource in place);
``replace`` (every resource replaced); ``delete``. ``supersede`` runs on a
stack of its own: an update issued while its create is still running, as
soon as the first resource is complete; its latency is from the update
request to the first resource action of the new traversal (the first
``UPDATE_IN_PROGRESS`` event of a resource), as the API shows it.

Wall time is from just before the request to the poll that first shows
the final status. Counters are read before the request and after the
final status, so they include everything every process did meanwhile
(the API answering the polls too). The settle latency of a create, update
or replace (heat_conv.bench.settle_latency) is read from the database
once it is done, for the rows whose object settled during the phase.
"""
import os
import time
import uuid

from heat_conv.bench import calibration
from heat_conv.bench import heat_client

PHASES = ('create', 'update', 'replace', 'supersede', 'delete')
# The counters' background (heartbeats, observer passes) finishes what the
# phase started in this long: a purge after the final status, say.
SETTLE_SECS = 0.2
# Phases whose rows are still there to read the settle latency from.
SETTLED_PHASES = ('create', 'update', 'replace')


def ideal_seconds(workload, phase, wait):
    path = workload.critical_path()
    return (2 * path if phase == 'replace' else path) * wait


class PhaseTimer:
    """Polls the stack status with a pause that grows with the elapsed time,
    so short phases are timed finely and long ones do not flood the API."""

    def __init__(self, client, stack, timeout):
        self.client = client
        self.stack = stack
        self.timeout = timeout

    def wait(self, started, statuses):
        deadline = started + self.timeout
        while True:
            status, reason = self.client.status(self.stack)
            now = time.perf_counter()
            if status in statuses or (status or '').endswith('_FAILED'):
                return status, reason, now - started
            if now > deadline:
                return status, f'still {status} after {self.timeout:.0f} s', \
                    now - started
            time.sleep(min(1.0, max(0.02, (now - started) * 0.05)))


class Runner:
    def __init__(self, topology, workload, wait=0.0, phases=PHASES, repeat_index=0,
                 timeout=None, emit=print):
        self.topology = topology
        self.client = heat_client.HeatClient(topology.endpoint, token=topology.token,
                                             auth=topology.auth)
        self.workload = workload
        self.wait = wait
        self.phases = phases
        self.rep = repeat_index
        self.timeout = timeout or max(120.0, 10 * ideal_seconds(workload, 'replace',
                                                                wait)
                                      + 0.2 * workload.size)
        self.emit = emit

    def unsupported(self):
        """Why the endpoint cannot run this workload, or None."""
        for type_name in self.workload.needs_types:
            problem = self.client.resource_type_problem(type_name)
            if problem is not None:
                return f'the endpoint does not accept {type_name} ({problem})'
        return None

    def base_record(self, phase):
        return {'type': 'phase', 'topology': self.topology.describe(),
                'workload': self.workload.name, 'label': self.workload.label,
                'size': self.workload.size, 'wait_s': self.wait, 'phase': phase,
                'rep': self.rep}

    def run(self):
        why = self.unsupported()
        if why:
            for phase in self.phases:
                self.emit(dict(self.base_record(phase), status='UNSUPPORTED',
                               reason=why))
            return
        main_phases = [p for p in self.phases if p != 'supersede']
        if main_phases:
            self._lifecycle(main_phases)
        if 'supersede' in self.phases:
            self._supersede()

    def _name(self, what):
        return f'bench-{self.workload.label}-{what}-{self.rep}-{uuid.uuid4().hex[:6]}'

    def _lifecycle(self, wanted):
        w = self.workload
        stack = None
        steps = [
            ('create', lambda: self.client.create(self._name('life'), w.template(
                'v0', 'r0', self.wait)), {'CREATE_COMPLETE'}),
            ('update', lambda: self.client.update(stack, w.template(
                'v1', 'r0', self.wait)), {'UPDATE_COMPLETE'}),
            ('replace', lambda: self.client.update(stack, w.template(
                'v1', 'r1', self.wait)), {'UPDATE_COMPLETE'}),
            ('delete', lambda: self.client.delete(stack), {'DELETE_COMPLETE', None}),
        ]
        for phase, request, finals in steps:
            if phase not in wanted and phase not in ('create', 'delete'):
                continue
            result = self._measure(phase, request, finals, lambda: stack)
            if phase == 'create':
                stack = result.pop('_stack')
            if phase in wanted:
                self.emit(result)
            if result['status'] != 'COMPLETE' and phase != 'delete':
                self._quiet_delete(stack)
                return

    def _measure(self, phase, request, finals, get_stack, before_hook=None,
                 counters=None):
        # The CPU loop timed around the phase: was the machine busy?
        calm = calibration.sample()
        counters = counters or self._read_counters()
        since = time.time()
        started = time.perf_counter()
        made = request()
        stack = made if made is not None else get_stack()
        timer = PhaseTimer(self.client, stack, self.timeout)
        extra = before_hook(stack, started) if before_hook else {}
        status, reason, wall = timer.wait(started, finals)
        record = self._record(phase, counters, wall)
        samples = [calm, calibration.sample()]
        record.update(calibration=samples, contention=calibration.contention(samples),
                      load_1m=max(s['load_1m'] for s in samples))
        ok = status in finals
        record.update(status='COMPLETE' if ok else 'FAILED',
                      final_status=status or 'DELETED',
                      reason=None if ok else reason, **extra)
        if phase in SETTLED_PHASES:
            settles = self.topology.settles.measure(stack.id, since)
            if settles is None:
                record['settles_why'] = self.topology.settles.reason
            else:
                record.update(settles)
        record['_stack'] = stack
        if phase != 'create':
            record.pop('_stack')
        return record

    def _read_counters(self):
        """Counters just before a request. The broker's may lag (see
        RabbitMessages.settle_secs): its reading is the last phase's closing
        one when nothing ran since, else a fresh one once it has settled."""
        t = self.topology
        t.processes.reset_peaks()
        messages, t.last_reading = t.last_reading, None
        if messages is None:
            time.sleep(t.messages.settle_secs)
            messages = t.messages.read()
        return (t.statements.read(), messages, t.processes.read(), t.calls.read())

    def _closing_counters(self):
        t = self.topology
        time.sleep(SETTLE_SECS)
        statements, processes = t.statements.read(), t.processes.read()
        time.sleep(max(0.0, t.messages.settle_secs - SETTLE_SECS))
        messages = t.last_reading = t.messages.read()
        time.sleep(max(0.0, t.calls.settle_secs - max(SETTLE_SECS,
                                                      t.messages.settle_secs)))
        return statements, messages, processes, t.calls.read()

    def _record(self, phase, before, wall):
        t = self.topology
        after = self._closing_counters()
        n = self.workload.resource_count
        ideal = ideal_seconds(self.workload, phase, self.wait)
        record = self.base_record(phase)
        record.update(wall_s=round(wall, 3), ideal_s=ideal, resources=n,
                      load_1m=round(os.getloadavg()[0], 2),
                      overhead_s=round(wall - ideal, 3),
                      ms_per_resource=round(1000 * wall / n, 2),
                      overhead_ms_per_resource=round(1000 * (wall - ideal) / n, 2))
        stmts = t.statements.delta(before[0], after[0])
        if stmts is None:
            record.update(statements=None, statements_why=t.statements.reason)
        else:
            record.update(statements=stmts['statements'],
                          statements_per_resource=round(stmts['statements'] / n, 2),
                          statements_source=stmts['source'],
                          db_connections=stmts['connections'])
            if 'by_role' in stmts:
                record['statements_by_role'] = {
                    role: v['statements'] for role, v in stmts['by_role'].items()}
                record['commits'] = sum(v['commits'] for v in stmts['by_role'].values())
        msgs = t.messages.delta(before[1], after[1])
        if msgs is None:
            record.update(messages=None, messages_why=t.messages.reason)
        else:
            record.update(messages=msgs['published'],
                          messages_per_resource=round(msgs['published'] / n, 2),
                          messages_source=msgs['source'])
        record['processes'] = t.processes.delta(before[2], after[2])
        calls = t.calls.delta(before[3], after[3])
        if calls is None:
            record.update(service_calls=None, service_calls_why=t.calls.reason)
        else:
            record.update(service_calls=calls['total'],
                          service_calls_per_resource=round(calls['total'] / n, 2),
                          service_calls_by_service=calls['by_service'],
                          service_calls_by_kind=calls['by_kind'],
                          service_calls_by_call=calls['by_call'],
                          service_calls_source=t.calls.source)
        return record

    def _supersede(self):
        w = self.workload
        # The counters cover the create and the update that supersedes it:
        # the create's remaining steps run during the update.
        counters = self._read_counters()
        self.topology.last_reading = None
        stack = self.client.create(self._name('sup'), w.template('v0', 'r0', self.wait))
        try:
            if not self._first_complete(stack):
                status, _ = self.client.status(stack)
                self.emit(dict(self.base_record('supersede'), status='SKIPPED',
                               reason=f'the create ended ({status}) before an '
                                      'update could be issued mid-way'))
                return
            marker = self._last_event(stack)
            result = self._measure(
                'supersede', lambda: self.client.update(stack, w.template(
                    'v1', 'r0', self.wait)),
                {'UPDATE_COMPLETE'}, lambda: stack,
                before_hook=lambda s, t0: self._takeover(s, t0, marker),
                counters=counters)
            result.pop('_stack', None)
            result['counters_cover'] = 'create and superseding update'
            self.emit(result)
        finally:
            self._quiet_delete(stack)

    def _first_complete(self, stack, timeout=60):
        """Wait for a resource's CREATE_COMPLETE; False if the create ended."""
        deadline = time.perf_counter() + timeout
        while time.perf_counter() < deadline:
            events = self.client.events(stack, resource_status='COMPLETE',
                                        resource_action='CREATE')
            if any(e['resource_name'] != stack.name for e in events):
                status, _ = self.client.status(stack)
                return status == 'CREATE_IN_PROGRESS'
            time.sleep(0.005)
        return False

    def _last_event(self, stack):
        events = self.client.events(stack)
        return events[-1]['id'] if events else None

    def _takeover(self, stack, started, marker, timeout=30):
        """Seconds from the update request to the new traversal's first
        resource action, as the event list shows it."""
        deadline = started + timeout
        while time.perf_counter() < deadline:
            events = self.client.events(stack, marker=marker, resource_action='UPDATE',
                                        resource_status='IN_PROGRESS')
            if any(e['resource_name'] != stack.name for e in events):
                return {'supersede_latency_s': round(time.perf_counter() - started, 3)}
            time.sleep(0.005)
        return {'supersede_latency_s': None}

    def _quiet_delete(self, stack):
        if stack is None:
            return
        self.topology.last_reading = None
        try:
            self.client.delete(stack)
            PhaseTimer(self.client, stack, self.timeout).wait(
                time.perf_counter(), {'DELETE_COMPLETE', None})
        except heat_client.ApiError:
            pass
