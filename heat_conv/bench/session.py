"""Run a plan: start each topology in turn, run its items, write the results.

Writes results.jsonl (one line per phase as it ends, then the slow flags,
the summaries and, for a targets plan, one line per target), results.md,
results.png and, for a targets plan, targets.md.
"""
import json
import os
import sys
import time

import requests

from heat_conv.bench import cloud_report
from heat_conv.bench import headline
from heat_conv.bench import heat_client
from heat_conv.bench import plan as plans
from heat_conv.bench import report
from heat_conv.bench import runner
from heat_conv.bench import targets
from heat_conv.bench import targets_report
from heat_conv.bench import topology as topologies

# A phase the service did not finish; SKIPPED (a supersede whose create
# ended first) and UNSUPPORTED (an endpoint without the type) are not
# the service failing.
FINISHED = ('COMPLETE', 'UNSUPPORTED', 'SKIPPED')


def make_topology(name, args, config):
    common = {'keep': args.keep, 'config': config}
    auth = getattr(args, 'user_auth', None)
    endpoints = getattr(args, 'endpoints', None) or {}
    if name in endpoints:
        if auth is not None:
            from heat_conv.bench import keystone
            return keystone.KeystoneExternal(
                name, endpoints[name], auth, calls_url=args.calls.get(name),
                pid=(getattr(args, 'pids', None) or {}).get(name))
        topo = topologies.External(endpoints[name], name=name,
                                   pid=(getattr(args, 'pids', None) or {}).get(name))
        topo.token = args.token
        return topo
    if name == 'embedded':
        return topologies.Embedded(**common)
    if name == 'keystone':
        from heat_conv.bench import keystone
        return keystone.KeystoneDistributed(
            args.service_cloud, auth, engines=args.engines, mysql=args.mysql,
            rabbit=args.rabbit, **common)
    if getattr(args, 'database', 'mariadb') == 'postgresql':
        from heat_conv.bench import postgresql
        return postgresql.Distributed(engines=args.engines, postgresql=args.postgresql,
                                      rabbit=args.rabbit, **common)
    return topologies.Distributed(engines=args.engines, mysql=args.mysql,
                                  rabbit=args.rabbit, **common)


def say(text):
    print(text, file=sys.stderr, flush=True)


def distributed_for(args, workload):
    """The distributed topology a mode of its own (--rest, --many) runs
    ``workload`` on, with the limits it needs raised (and said), not started."""
    item = plans.Item('distributed', workload, 0.0, (), 1)
    raised, notes = plans.raised_limits([item])
    topology = make_topology('distributed', args, raised + args.config)
    for note in notes:
        say(note)
    os.makedirs(args.output, exist_ok=True)
    say(f'starting {topology.describe()}')
    return topology


class Session:
    def __init__(self, plan, args):
        self.plan = plan
        self.args = args
        self.records = []
        self.phases_done = 0
        self.topology_failed = False
        self.jsonl = None

    def emit(self, record):
        self.records.append(record)
        self.jsonl.write(json.dumps(record) + '\n')
        self.jsonl.flush()
        if record['type'] == 'phase':
            self.phases_done += 1
        self._progress(record)

    def _progress(self, record):
        if record['type'] == 'topology':
            say(f'{record["topology"]}: {record["endpoint"]}; statements: '
                f'{record["statements"]}; messages: {record["messages"]}')
            return
        if record['type'] != 'phase':
            return
        what = (f'[{self.phases_done}/{self.plan.phase_count}] {record["topology"]:<15} '
                f'{record["label"]:<20} {record["phase"]:<9} rep {record["rep"]}')
        if record.get('wall_s') is None:
            say(f'{what}: {record["status"]} {record.get("reason") or ""}')
            return
        extra = ''
        if record.get('statements_per_resource') is not None:
            extra += f' {record["statements_per_resource"]:.1f} stmts/res'
        if record.get('messages_per_resource') is not None:
            extra += f' {record["messages_per_resource"]:.2f} msgs/res'
        if record.get('service_calls') is not None:
            extra += (f' {record["service_calls"]} service calls '
                      f'({record["service_calls_per_resource"]:.2f}/res)')
        if record.get('load_1m') is not None:
            extra += f' load {record["load_1m"]:.1f}'
        if record.get('supersede_latency_s') is not None:
            extra += f' takeover {record["supersede_latency_s"] * 1000:.0f} ms'
        say(f'{what}: {record["status"]} {record["wall_s"]:.2f} s{extra}')

    def run(self):
        args = self.args
        os.makedirs(args.output, exist_ok=True)
        started, load = time.time(), os.getloadavg()[0]
        say(f'plan: {self.plan.phase_count} phases on '
            f'{", ".join(self.plan.topologies())}')
        for note in self.plan.notes:
            say(note)
        with open(os.path.join(args.output, 'results.jsonl'), 'w') as self.jsonl:
            if getattr(args, 'alternate', False):
                self._alternating()
            else:
                for name in self.plan.topologies():
                    self._topology(name)
            phases = [r for r in self.records if r['type'] == 'phase']
            slow = self._flag_slow(phases)
            rows = report.summarize(phases)
            for row in rows:
                self.jsonl.write(json.dumps(dict(row, type='summary')) + '\n')
            verdicts = targets.evaluate(phases, self.plan.sizes) \
                if self.plan.sizes else []
            for v in verdicts:
                self.jsonl.write(json.dumps(dict(v._asdict(), type='target')) + '\n')
        self._write_tables(rows)
        self._write_cloud_table(phases)
        if getattr(args, 'doc', None):
            self._write_doc(phases, rows)
        if self.plan.sizes:
            self._write_targets(verdicts, phases, started, load)
        say(f'{len(phases)} phases in {time.time() - started:.0f} s; results in '
            f'{args.output}')
        failed = [r for r in phases if r['status'] not in FINISHED]
        if failed or self.topology_failed:
            say(f'{len(failed)} phases failed or got stuck'
                + ('; a topology did not start' if self.topology_failed else ''))
            return 1
        # Measuring the targets, a slow phase is a target not met (in
        # targets.md); otherwise it is what the run flags.
        return 1 if slow and not self.plan.sizes else 0

    def _start(self, name):
        """The started topology, or None (reported) if it would not start."""
        config = self.plan.config + self.args.config
        say(f'starting {name}')
        topo = make_topology(name, self.args, config)
        try:
            topo.start()
        except Exception as exc:   # any reason: report it, run the next one
            topo.stop()
            self.topology_failed = True
            self.emit({'type': 'error', 'topology': name,
                       'reason': f'could not start: {exc}'})
            say(f'{name} did not start: {exc}')
            return None
        self.emit({'type': 'topology', 'topology': topo.describe(),
                   'endpoint': topo.endpoint, 'config': config,
                   'statements': topo.statements.source or topo.statements.reason,
                   'messages': topo.messages.source or topo.messages.reason,
                   'service_calls': topo.calls.source or topo.calls.reason,
                   'processes': sorted(topo.processes.pids)})
        return topo

    def _topology(self, name):
        topo = self._start(name)
        if topo is None:
            return
        try:
            for rep, item in self.plan.rounds(name):
                self._item(topo, rep, item)
        finally:
            topo.stop()

    def _alternating(self):
        """Every topology started at once, their rounds taken in turn (one
        of the first, one of the second, ...), so that a busy spell of the
        machine falls on all of them alike."""
        started = {}
        try:
            for name in self.plan.topologies():
                topo = self._start(name)
                if topo is not None:
                    started[name] = topo
            queues = {name: list(self.plan.rounds(name)) for name in started}
            while any(queues.values()):
                for name, queue in queues.items():
                    if queue:
                        rep, item = queue.pop(0)
                        self._item(started[name], rep, item)
        finally:
            for topo in started.values():
                topo.stop()

    def _item(self, topo, rep, item):
        emitted = set()

        def emit(record):
            emitted.add(record['phase'])
            self.emit(record)

        run = runner.Runner(topo, item.workload, item.wait, item.phases, rep,
                            self.args.timeout, emit)
        try:
            run.run()
        except (heat_client.ApiError, requests.RequestException) as exc:
            # The service refused or did not answer: the item's other
            # phases are not run, and count as failed.
            for phase in item.phases:
                if phase not in emitted:
                    self.emit(dict(run.base_record(phase), status='FAILED',
                                   reason=f'{type(exc).__name__}: {exc}'))

    def _flag_slow(self, phases):
        slow = report.flag_slow(phases)
        marked = {(r['topology'], r['label'], r['wait_s'], r['phase'], r['rep'])
                  for r in slow}
        for r in phases:
            r['slow'] = (r['topology'], r['label'], r['wait_s'], r['phase'],
                         r['rep']) in marked
        for record in slow:
            self.emit(dict(record, slow=True))
            say(f'SLOW: {record["topology"]} {record["label"]} {record["phase"]} rep '
                f'{record["rep"]} took {record["wall_s"]:.2f} s, median '
                f'{record["median_s"]:.2f} s')
        return slow

    def _write_tables(self, rows):
        args = self.args
        table = report.markdown(rows)
        with open(os.path.join(args.output, 'results.md'), 'w') as f:
            f.write(f'heat-conv-bench {" ".join(args.argv)}\n\n{table}')
        print(table)
        if args.no_plot:
            return
        try:
            path = report.plot(rows, os.path.join(args.output, 'results.png'))
            if path:
                say(f'plot: {path}')
        except ImportError:
            say('no plot: matplotlib is not installed (pip install "heat-conv[bench]")')

    def _write_doc(self, phases, rows):
        command = 'heat-conv-bench ' + ' '.join(self.args.argv)
        with open(os.path.join(self.args.output, 'headline.md'), 'w') as f:
            f.write(headline.block(phases, command))
        plot = headline.update(self.args.doc, phases, command, rows,
                               draw=not self.args.no_plot)
        say(f'{self.args.doc}: its table rewritten' + (f'; plot: {plot}' if plot else ''))

    def _write_cloud_table(self, phases):
        table = cloud_report.markdown(phases)
        if not table:
            return
        path = os.path.join(self.args.output, 'cloud.md')
        with open(path, 'w') as f:
            f.write(f'heat-conv-bench {" ".join(self.args.argv)}\n\n{table}')
        print(table)
        say(f'the real-cloud table: {path}')

    def _write_targets(self, verdicts, phases, started, load):
        command = 'heat-conv-bench ' + ' '.join(self.args.argv)
        text = targets_report.document(verdicts, phases, self.plan, command, started,
                                       load)
        path = os.path.join(self.args.output, 'targets.md')
        with open(path, 'w') as f:
            f.write(text)
        print(targets_report.table(verdicts))
        say(f'{targets_report.tally(verdicts)}: {path}')


def run(plan, args):
    return Session(plan, args).run()
