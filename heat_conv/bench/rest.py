"""``heat-conv-bench --rest SxR:T``: what stacks at rest cost.

Starts the distributed topology, measures it idle (no stacks) for T
seconds, creates S stacks of R independent cloud-backed resources
(``OS::Heat::TestResource``, whose objects the observer watches for
drift), waits until the observer has looked at every one of them once,
then measures T seconds in which nothing happens to them; last, it
changes one object among them out of band and times how long the
observer takes to find it (within two drift passes). For each
interval: the CPU seconds of every process the benchmark started (and of
the MariaDB server), and the statements MariaDB counted, from SHOW GLOBAL
STATUS (``Questions`` and ``Com_*``), so every process is counted, the
writes (INSERT, UPDATE, DELETE, REPLACE) apart. Those are the server's
counts: on a server that others use too, they include their statements;
the idle interval, measured the same way, shows that floor. The topology
is stopped and its database dropped afterwards: nothing to delete.
"""
import concurrent.futures
import dataclasses
import json
import os
import re
import sys
import time

import requests

from heat_conv.bench import calibration
from heat_conv.bench import counters
from heat_conv.bench import heat_client
from heat_conv.bench import workloads

WRITES = ('Com_insert', 'Com_insert_select', 'Com_update', 'Com_update_multi',
          'Com_delete', 'Com_delete_multi', 'Com_replace', 'Com_replace_select')
# Stacks created at once: enough to keep two engines busy without
# queueing requests behind one another in the API.
CREATORS = 4


@dataclasses.dataclass(frozen=True)
class Spec:
    stacks: int
    resources: int
    seconds: float

    @classmethod
    def parse(cls, text):
        match = re.fullmatch(r'(\d+)x(\d+):(\d+(?:\.\d+)?)', text.strip())
        if not match or min(int(match.group(1)), int(match.group(2))) < 1:
            raise ValueError(f'--rest {text!r}: say STACKSxRESOURCES:SECONDS, '
                             'e.g. 20x100:60')
        return cls(int(match.group(1)), int(match.group(2)), float(match.group(3)))

    @property
    def label(self):
        return f'{self.stacks} x {self.resources} for {self.seconds:g} s'


def say(text):
    print(text, file=sys.stderr, flush=True)


class ServerStatus:
    """The server's statement counters (SHOW GLOBAL STATUS), every client
    counted, on one connection of its own."""

    def __init__(self, admin_connect):
        self._conn = admin_connect()

    def read(self):
        self._conn.ping(reconnect=True)
        with self._conn.cursor() as cur:
            cur.execute("SHOW GLOBAL STATUS WHERE Variable_name = 'Questions' "
                        "OR Variable_name LIKE 'Com\\_%'")
            return {name: int(value) for name, value in cur.fetchall()}

    def close(self):
        self._conn.close()


def status_delta(before, after):
    """Statements, writes and the commands that moved between two readings;
    the reading's own SHOW STATUS is left out."""
    moved = {k: after[k] - before.get(k, 0) for k in after
             if k != 'Questions' and after[k] != before.get(k, 0)}
    moved['Com_show_status'] = moved.get('Com_show_status', 0) - 1
    return {'statements': after['Questions'] - before['Questions'] - 1,
            'writes': sum(moved.get(k, 0) for k in WRITES),
            'by_command': {k[4:]: v for k, v in sorted(moved.items()) if v}}


def server_pid():
    """The MariaDB server's pid, if it runs on this machine."""
    for entry in os.listdir('/proc'):
        if entry.isdigit():
            try:
                with open(f'/proc/{entry}/comm') as f:
                    if f.read().strip() in ('mariadbd', 'mysqld'):
                        return int(entry)
            except OSError:
                continue
    return None


def measure(topology, server, machine, seconds, what):
    """One interval of ``seconds``: CPU per process and the server's counts."""
    calm = calibration.sample()
    cpu, db_cpu, status = topology.processes.read(), machine.read(), server.read()
    own = topology.statements.read()
    time.sleep(seconds)
    status_after, cpu_after, db_after = server.read(), topology.processes.read(), \
        machine.read()
    own = topology.statements.delta(own, topology.statements.read())
    samples = [calm, calibration.sample()]
    processes = {name: v['cpu_s'] for name, v in
                 topology.processes.delta(cpu, cpu_after).items()}
    processes.update({f'{name} (server-wide)': v['cpu_s'] for name, v in
                      machine.delta(db_cpu, db_after).items()})
    counted = status_delta(status, status_after)
    total = round(sum(processes.values()), 2)
    # With userstat=ON the server counts each role's own statements too:
    # those of the other clients of a shared server left out.
    by_role = {role: {k: v[k] for k in ('statements', 'select', 'write')}
               for role, v in ((own or {}).get('by_role') or {}).items()}
    return dict({'type': 'rest', 'interval': what, 'seconds': seconds,
                 'statements_by_role': by_role or None,
                 'processes_cpu_s': processes, 'cpu_s': total,
                 'core_percent': round(100 * total / seconds, 2),
                 'statements_per_s': round(counted['statements'] / seconds, 1),
                 'writes_per_s': round(counted['writes'] / seconds, 2),
                 'load_1m': max(s['load_1m'] for s in samples),
                 'contention': calibration.contention(samples)}, **counted)


def create_stacks(client, spec, timeout):
    template = workloads.Independent(spec.resources).template('v0')

    def one(i):
        stack = client.create(f'rest-{i}-{os.getpid()}', template)
        status, reason, _ = client.wait(stack, {'CREATE_COMPLETE'}, timeout, interval=0.5)
        if status != 'CREATE_COMPLETE':
            raise RuntimeError(f'stack {stack.name}: {status} {reason}')
        return stack
    with concurrent.futures.ThreadPoolExecutor(CREATORS) as pool:
        return list(pool.map(one, range(spec.stacks)))


def unchecked(topology):
    """Resources the observer has not looked at yet."""
    with topology._admin() as conn, conn.cursor() as cur:
        cur.execute(f'SELECT COUNT(*) FROM {topology.database}.resource WHERE '
                    'drift_status IS NULL AND physical_resource_id IS NOT NULL')
        return cur.fetchone()[0]


def wait_until_observed(topology, timeout):
    deadline = time.monotonic() + timeout
    while (left := unchecked(topology)) and time.monotonic() < deadline:
        time.sleep(1)
    if left:
        raise RuntimeError(f'{left} resources still unchecked for drift after '
                           f'{timeout:.0f} s')


def drift_found(topology, drift_interval, timeout=None):
    """Change one object among all, out of band; the seconds until the
    observer has found it and in how many drift intervals."""
    with topology._admin() as conn, conn.cursor() as cur:
        cur.execute(f'SELECT COUNT(*) FROM {topology.database}.resource')
        (count,) = cur.fetchone()
        cur.execute(f'SELECT physical_resource_id FROM {topology.database}.resource '
                    'WHERE physical_resource_id IS NOT NULL ORDER BY id LIMIT 1 '
                    'OFFSET %s', (count // 2,))
        (physical_id,) = cur.fetchone()
    resp = requests.patch(f'{topology.cloud_url}/v1/objects/{physical_id}',
                          json={'properties': {'value': 'changed-by-heat-conv-bench'}},
                          timeout=30)
    resp.raise_for_status()
    started = time.monotonic()
    deadline = started + (timeout or 3 * drift_interval + 30)
    while time.monotonic() < deadline:
        with topology._admin() as conn, conn.cursor() as cur:
            cur.execute(f'SELECT drift_status FROM {topology.database}.resource '
                        'WHERE physical_resource_id = %s', (physical_id,))
            if cur.fetchone()[0] == 'MODIFIED':
                seconds = time.monotonic() - started
                return {'type': 'drift', 'found_after_s': round(seconds, 1),
                        'drift_interval_s': drift_interval,
                        'passes': max(1, -(-seconds // drift_interval))}
        time.sleep(0.5)
    return {'type': 'drift', 'found_after_s': None, 'drift_interval_s': drift_interval}


def _drift_interval(config):
    for item in config:
        if item.startswith('observer.drift_interval='):
            return float(item.partition('=')[2])
    return 10.0


def markdown(spec, records, command, drift=None):
    lines = [f'heat-conv-bench {command}', '', f'Stacks at rest: {spec.label}.', '',
             '| interval | CPU s | % of one core | statements/s | writes/s | '
             'load | CPU loop contention |', '|---|---|---|---|---|---|---|']
    lines += [f'| {r["interval"]} | {r["cpu_s"]:.2f} | {r["core_percent"]:.2f} | '
              f'{r["statements_per_s"]:.1f} | {r["writes_per_s"]:.2f} | '
              f'{r["load_1m"]:.1f} | {r["contention"]} |' for r in records]
    names = sorted({n for r in records for n in r['processes_cpu_s']})
    lines += ['', '| process | ' + ' | '.join(f'{r["interval"]} CPU s' for r in records)
              + ' |', '|---' * (1 + len(records)) + '|']
    lines += [f'| {n} | ' + ' | '.join(f'{r["processes_cpu_s"].get(n, 0):.2f}'
                                       for r in records) + ' |' for n in names]
    lines += ['', 'Statements by command (the server\'s, every client counted):', '']
    for r in records:
        lines.append(f'- {r["interval"]}: ' + ', '.join(
            f'{k} {v}' for k, v in r['by_command'].items()))
    for r in records:
        if r.get('statements_by_role'):
            lines.append(f'- {r["interval"]}, this topology\'s own by role (userstat): '
                         + ', '.join(f'{role} {v["statements"]} ({v["write"]} writes)'
                                     for role, v in r['statements_by_role'].items()))
    if drift:
        found = (f'found after {drift["found_after_s"]:.1f} s, in the drift pass '
                 f'{drift["passes"]:.0f} (one every {drift["drift_interval_s"]:g} s)'
                 if drift['found_after_s'] is not None else '**not found**')
        lines += ['', f'One object among them changed out of band: {found}.']
    return '\n'.join(lines) + '\n'


def run(args):
    from heat_conv.bench import session
    spec = args.rest
    topology = session.distributed_for(args, workloads.Independent(spec.resources))
    with topology:
        server = ServerStatus(topology._admin)
        pid = server_pid()
        machine = counters.Processes({'mariadb': pid} if pid else {})
        try:
            records = [measure(topology, server, machine, spec.seconds, 'idle, no stacks')]
            say(f'idle: {records[0]["cpu_s"]:.2f} CPU s, '
                f'{records[0]["statements"]} statements')
            client = heat_client.HeatClient(topology.endpoint)
            started = time.perf_counter()
            create_stacks(client, spec, timeout=max(300, 2 * spec.resources))
            say(f'{spec.stacks} stacks of {spec.resources} created in '
                f'{time.perf_counter() - started:.0f} s')
            wait_until_observed(topology, timeout=max(120, spec.stacks * spec.resources
                                                      / 100))
            records.append(measure(topology, server, machine, spec.seconds,
                                   f'{spec.stacks * spec.resources} resources at rest'))
            drift = drift_found(topology, _drift_interval(args.config))
        finally:
            server.close()
    command = ' '.join(args.argv)
    with open(os.path.join(args.output, 'rest.jsonl'), 'w') as f:
        for record in records:
            f.write(json.dumps(dict(record, stacks=spec.stacks,
                                    resources=spec.resources)) + '\n')
        f.write(json.dumps(drift) + '\n')
    table = markdown(spec, records, command, drift)
    with open(os.path.join(args.output, 'rest.md'), 'w') as f:
        f.write(table)
    print(table)
    # Drift must still be found within two passes.
    return 0 if drift['found_after_s'] is not None and drift['passes'] <= 2 else 1
