"""A whole benchmark session over fake topologies: what it writes and how
its exit status tells a target not met from a measurement that failed."""
import json
import os
import subprocess
import sys

import pytest

from heat_conv.bench import cli
from heat_conv.bench import counters
from heat_conv.bench import heat_client
from heat_conv.bench import runner
from heat_conv.bench import session


class FakeTopology:
    def __init__(self, name, broken):
        self.name = name
        self.broken = broken
        self.endpoint = 'http://127.0.0.1:9/v1/admin'
        self.statements = self.messages = counters.Unavailable('fake')
        self.calls = counters.Unavailable('fake')
        self.processes = counters.Processes({})
        self.token = self.auth = None

    def describe(self):
        return 'distributed-2e' if self.name == 'distributed' else self.name

    def start(self):
        if self.name in self.broken:
            raise RuntimeError('nothing listens on 127.0.0.1:3306')

    def stop(self):
        pass


@pytest.fixture
def bench(monkeypatch, tmp_path):
    """Runs heat-conv-bench with ``outcome(record) -> record`` deciding each
    phase; returns (exit status, records, targets.md or None, stderr)."""
    def run(argv, outcome=lambda record: record, broken=(), capsys=None):
        class FakeRunner(runner.Runner):
            def run(self):
                for phase in self.phases:
                    record = outcome(dict(self.base_record(phase), status='COMPLETE',
                                          wall_s=5.0, supersede_latency_s=0.5,
                                          processes={}))
                    wall = record['wall_s']
                    if wall is not None:
                        per_resource = 1000 * wall / self.workload.size
                        record.update(overhead_s=wall, ms_per_resource=per_resource,
                                      overhead_ms_per_resource=per_resource)
                    self.emit(record)

        monkeypatch.setattr(session, 'make_topology',
                            lambda name, args, config: FakeTopology(name, broken))
        monkeypatch.setattr(runner, 'Runner', FakeRunner)
        args = cli.parse_args([*argv, '--no-plot', '--output', str(tmp_path)])
        args.argv = argv
        status = session.run(args.plan, args)
        records = [json.loads(line) for line in
                   (tmp_path / 'results.jsonl').read_text().splitlines()]
        md = tmp_path / 'targets.md'
        return status, records, md.read_text() if md.exists() else None
    return run


def _targets(records):
    return {r['target']: r for r in records if r['type'] == 'target'}


def test_targets_not_met_are_reported_and_exit_0(bench, capsys):
    status, records, md = bench(['--targets-quick'])
    assert status == 0
    assert len([r for r in records if r['type'] == 'phase']) == 46
    verdicts = _targets(records)
    assert verdicts['chain-4 create <= 0.9 s (distributed)']['met'] is False
    assert '| chain-4 create <= 0.9 s (distributed) | 5.00 s (median of 2) | ' \
        '**not met** |' in md
    assert 'targets met' in md and '(quick plan)' in md
    err = capsys.readouterr().err
    assert 'plan: 46 phases on distributed, embedded' in err
    assert '[46/46] embedded' in err


def test_a_phase_that_failed_makes_the_run_exit_1_and_its_target_not_met(bench):
    def outcome(record):
        if record['label'] == 'chain-4' and record['phase'] == 'update':
            record.update(status='FAILED', wall_s=None, reason='still UPDATE_IN_PROGRESS')
        return record
    status, records, md = bench(['--targets-quick'], outcome)
    assert status == 1
    verdict = _targets(records)['chain-4 update <= 0.9 s (distributed)']
    assert verdict['met'] is False and 'still UPDATE_IN_PROGRESS' in verdict['measured']
    assert md is not None


def test_a_topology_that_does_not_start_leaves_its_targets_unmeasured(bench):
    status, records, md = bench(['--targets-quick'], broken=('distributed',))
    assert status == 1
    (error,) = [r for r in records if r['type'] == 'error']
    assert 'nothing listens' in error['reason']
    verdicts = _targets(records)
    assert verdicts['chain-4 create <= 0.9 s (distributed)']['met'] is None
    assert {r['topology'] for r in records if r['type'] == 'phase'} == {'embedded'}
    assert '| chain-4 create <= 0.9 s (distributed) | no run | not measured |' in md


def test_a_refused_request_fails_that_item_and_the_run_goes_on(bench, monkeypatch):
    def outcome(record):
        if record['label'] == 'layered-2x40':
            raise heat_client.ApiError('POST /stacks: 400 exceeds max_resources_per_stack')
        return record
    status, records, _ = bench(['--targets-quick'], outcome)
    assert status == 1
    (failed,) = [r for r in records if r['type'] == 'phase' and r['status'] == 'FAILED']
    assert failed['label'] == 'layered-2x40' and 'max_resources_per_stack' in \
        failed['reason']
    assert len([r for r in records if r['type'] == 'phase']) == 46


def test_without_targets_a_slow_phase_still_fails_the_run(bench):
    def outcome(record):
        record['wall_s'] = 20.0 if record['rep'] == 2 else 1.0
        return record
    status, records, md = bench(['--workload', 'chain:3', '--repeat', '3',
                                 '--phases', 'create'], outcome)
    assert status == 1 and md is None
    assert [r['rep'] for r in records if r['type'] == 'slow'] == [2]


def test_named_endpoints_keep_their_names_in_the_results():
    args = cli.parse_args(['--endpoint', 'before=http://127.0.0.1:1/v1/admin',
                           '--endpoint', 'after=http://127.0.0.1:2/v1/admin'])
    topos = [session.make_topology(name, args, []) for name in ('before', 'after')]
    assert [t.describe() for t in topos] == ['before', 'after']
    assert [t.endpoint for t in topos] == ['http://127.0.0.1:1/v1/admin',
                                          'http://127.0.0.1:2/v1/admin']


def test_an_endpoint_given_its_process_counts_that_process_cpu():
    # The child spends 0.3 s of CPU once told to, then says so and idles.
    child = subprocess.Popen([sys.executable, '-c', 'import sys, time\nsys.stdin.readline()\n'
                              't=time.process_time()\n'
                              'while time.process_time() - t < 0.3: pass\n'
                              'print("done", flush=True)\ntime.sleep(30)'],
                             stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    try:
        args = cli.parse_args(['--endpoint', 'mine=http://127.0.0.1:1/v1/admin',
                               '--pid', f'mine={os.getpid()}',
                               '--endpoint', 'theirs=http://127.0.0.1:2/v1/admin'])
        mine, theirs = (session.make_topology(n, args, []) for n in ('mine', 'theirs'))
        before = mine.processes.read()
        child.stdin.write('go\n')
        child.stdin.flush()
        assert child.stdout.readline().strip() == 'done'
        after = mine.processes.read()
        # This test's process and its busy child are counted; an endpoint
        # without --pid counts nothing.
        assert mine.processes.delta(before, after)['mine']['cpu_s'] >= 0.2
        assert theirs.processes.read() == {}
    finally:
        child.kill()
        child.wait()


@pytest.mark.parametrize('flag, said', [('mine=x', 'NAME=PID'), ('other=1', 'names no')])
def test_pid_must_name_an_endpoint_and_a_number(flag, said, capsys):
    with pytest.raises(SystemExit):
        cli.parse_args(['--endpoint', 'mine=http://127.0.0.1:1/v1/admin', '--pid', flag])
    assert said in capsys.readouterr().err
