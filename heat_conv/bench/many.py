"""``heat-conv-bench --many SxLxW``: many stacks at once.

Starts the distributed layout, then S clients, one thread each, each
create one layered LxW stack (zero wait) at the same moment; once all are
complete, each updates its stack in place at the same moment (every
resource's value changes); then each deletes it. A phase's wall time runs
from the moment the clients are released until the last stack has
finished; its throughput is the resources converged per second, and per
engine core (the engines' cores: at most one per engine process, at most
the machine's). The engines' CPU seconds in the phase give a second
figure that does not depend on how many cores they could use:
resources per engine CPU second.

The clients do not each poll their stack: S clients polling every 0.1 s
would be the API's main load. One watcher lists the stacks instead (one
``GET /stacks`` every 0.1 s, which every Heat answers) and notes the
moment each stack reaches its phase's end.
"""
import concurrent.futures
import dataclasses
import json
import os
import re
import sys
import threading
import time

from heat_conv.bench import calibration
from heat_conv.bench import heat_client
from heat_conv.bench import workloads

PHASES = ('create', 'update', 'delete')
WATCH_INTERVAL = 0.1


@dataclasses.dataclass(frozen=True)
class Spec:
    stacks: int
    layers: int
    width: int

    @classmethod
    def parse(cls, text):
        match = re.fullmatch(r'(\d+)x(\d+)x(\d+)', text.strip())
        if not match or min(map(int, match.groups())) < 1:
            raise ValueError(f'--many {text!r}: say STACKSxLAYERSxWIDTH, e.g. 100x10x10')
        return cls(*map(int, match.groups()))

    @property
    def workload(self):
        return workloads.Layered(self.layers * self.width, self.layers)

    @property
    def resources(self):
        return self.stacks * self.layers * self.width

    @property
    def label(self):
        return f'{self.stacks} stacks of {self.workload.label}'


def say(text):
    print(text, file=sys.stderr, flush=True)


def engine_cores(engines, cpus=None):
    """Cores the engines can use: one per engine process, at most the machine's."""
    return max(1, min(engines, cpus or os.cpu_count() or 1))


class Watcher:
    """Lists the stacks every WATCH_INTERVAL; for each stack of ``names``,
    when it reached a status of ``done`` (None: gone from the list)."""

    def __init__(self, client, names):
        self.client = client
        self.names = set(names)

    def wait(self, done, started, timeout):
        finished, failed = {}, {}
        deadline = started + timeout
        while len(finished) + len(failed) < len(self.names):
            listed = self.client.statuses()
            now = time.perf_counter()
            for name in self.names - set(finished) - set(failed):
                status = listed.get(name)
                if status in done or (status is None and None in done):
                    finished[name] = now - started
                elif (status or '').endswith('_FAILED'):
                    failed[name] = status
            if now > deadline:
                break
            time.sleep(WATCH_INTERVAL)
        return finished, failed


def phase_record(spec, phase, finished, failed, wall, engine_cpu, cores, samples):
    complete = len(finished)
    converged = complete * spec.layers * spec.width
    per_s = converged / wall if wall else None
    return {'type': 'many', 'phase': phase, 'stacks': spec.stacks,
            'resources_per_stack': spec.layers * spec.width,
            'complete': complete, 'failed': dict(sorted(failed.items())[:5]),
            'failed_count': len(failed),
            'wall_s': round(wall, 2),
            'stack_p50_s': _percentile(finished.values(), 50),
            'stack_max_s': round(max(finished.values()), 2) if finished else None,
            'resources_per_s': round(per_s, 1) if per_s else None,
            'engine_cores': cores,
            'resources_per_s_per_engine_core': round(per_s / cores, 1) if per_s else None,
            'engine_cpu_s': round(engine_cpu, 2),
            'resources_per_engine_cpu_s': round(converged / engine_cpu, 1)
            if engine_cpu else None,
            'load_1m': max(s['load_1m'] for s in samples),
            'contention': calibration.contention(samples)}


def _percentile(values, pct):
    ordered = sorted(values)
    if not ordered:
        return None
    return round(ordered[min(len(ordered) - 1, len(ordered) * pct // 100)], 2)


def run_phase(topology, clients, stacks, spec, phase, timeout):
    """Release every client's request at once; wait for all stacks."""
    template = {'create': spec.workload.template('v0'),
                'update': spec.workload.template('v1')}.get(phase)
    done = {'create': {'CREATE_COMPLETE'}, 'update': {'UPDATE_COMPLETE'},
            'delete': {None, 'DELETE_COMPLETE'}}[phase]
    gate = threading.Barrier(len(clients) + 1)

    def one(i):
        gate.wait()
        client, name = clients[i], f'many-{i}-{os.getpid()}'
        if phase == 'create':
            stacks[i] = client.create(name, template)
        elif phase == 'update':
            client.update(stacks[i], template)
        else:
            client.delete(stacks[i])

    samples = [calibration.sample()]
    engines = [n for n in topology.processes.pids if n.startswith('engine')]
    cpu = topology.processes.read()
    with concurrent.futures.ThreadPoolExecutor(len(clients)) as pool:
        sent = [pool.submit(one, i) for i in range(len(clients))]
        gate.wait()
        started = time.perf_counter()
        for future in sent:
            future.result()
    watcher = Watcher(clients[0], [s.name for s in stacks])
    finished, failed = watcher.wait(done, started, timeout)
    wall = max(finished.values()) if finished else time.perf_counter() - started
    after = topology.processes.read()
    engine_cpu = sum(after[n]['cpu_s'] - cpu.get(n, {'cpu_s': 0})['cpu_s']
                     for n in engines if n in after)
    samples.append(calibration.sample())
    return phase_record(spec, phase, finished, failed, wall, engine_cpu,
                        engine_cores(len(engines)), samples)


def markdown(spec, records, command):
    lines = [f'heat-conv-bench {command}', '', f'Many stacks at once: {spec.label}, '
             f'{spec.resources} resources, one client per stack.', '',
             '| phase | stacks complete | wall s | stack p50 s | resources/s | '
             'per engine core | per engine CPU s | load | CPU loop contention |',
             '|---|---|---|---|---|---|---|---|---|']
    for r in records:
        lines.append(f'| {r["phase"]} | {r["complete"]} of {r["stacks"]} | '
                     f'{r["wall_s"]:.2f} | {r["stack_p50_s"]} | {r["resources_per_s"]} | '
                     f'{r["resources_per_s_per_engine_core"]} | '
                     f'{r["resources_per_engine_cpu_s"]} | {r["load_1m"]:.1f} | '
                     f'{r["contention"]} |')
    for r in records:
        if r['failed_count']:
            lines.append(f'\n{r["phase"]}: {r["failed_count"]} stacks failed, e.g. '
                         + ', '.join(f'{k} {v}' for k, v in r['failed'].items()))
    return '\n'.join(lines) + '\n'


def run(args):
    from heat_conv.bench import session
    spec = args.many
    topology = session.distributed_for(args, spec.workload)
    records = []
    timeout = args.timeout or max(300, spec.resources / 20)
    with topology:
        clients = [heat_client.HeatClient(topology.endpoint)
                   for _ in range(spec.stacks)]
        stacks = [None] * spec.stacks
        for phase in PHASES:
            record = run_phase(topology, clients, stacks, spec, phase, timeout)
            records.append(record)
            say(f'{phase}: {record["complete"]} of {spec.stacks} stacks in '
                f'{record["wall_s"]:.2f} s, {record["resources_per_s"]} resources/s')
            if record['complete'] < spec.stacks:
                break
    with open(os.path.join(args.output, 'many.jsonl'), 'w') as f:
        for record in records:
            f.write(json.dumps(record) + '\n')
    table = markdown(spec, records, ' '.join(args.argv))
    with open(os.path.join(args.output, 'many.md'), 'w') as f:
        f.write(table)
    print(table)
    return 0 if all(r['complete'] == spec.stacks for r in records) \
        and len(records) == len(PHASES) else 1
