"""heat-conv-bench end to end, small, in both topologies, so it cannot rot.

Numbers are not asserted (the benchmark's targets are never CI checks);
what is: every phase runs to its final status, each record carries what
its topology can count (and says what it cannot), the table and JSON
lines are written, and the targets plan, on small stacks, judges every
target.
"""
import json
import subprocess
import sys

import pytest

from tests import services


def _bench(tmp_path, *args):
    out = tmp_path / 'out'
    argv = [sys.executable, '-c', 'import sys; from heat_conv.cmd.bench import main; '
            'sys.exit(main())', '--output', str(out), '--no-plot', *args]
    done = subprocess.run(argv, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stdout + done.stderr
    records = [json.loads(line) for line in (out / 'results.jsonl').read_text().splitlines()]
    return records, (out / 'results.md').read_text()


def _phases(records, topology):
    return {(r['label'], r['phase']): r for r in records
            if r['type'] == 'phase' and r['topology'] == topology}


COMMON = ('--workload', 'chain:3', '--workload', 'group:2', '--wait', '0.1',
          '--config', 'observer.poll_interval=0.05',
          '--phases', 'create,update,replace,supersede,delete')


def test_embedded(tmp_path):
    records, table = _bench(tmp_path, '--topology', 'embedded', *COMMON)
    phases = _phases(records, 'embedded')
    for phase in ('create', 'update', 'replace', 'delete'):
        record = phases[('chain-3', phase)]
        assert record['status'] == 'COMPLETE', record
        assert record['wall_s'] >= 0.1 * (6 if phase == 'replace' else 3)
        assert record['statements'] is None and 'SQLite' in record['statements_why']
        assert record['processes']['all']['peak_rss_mb'] > 0
    assert phases[('chain-3', 'supersede')]['status'] in ('COMPLETE', 'SKIPPED')
    for phase in ('create', 'update', 'replace', 'delete'):
        record = phases[('group-2', phase)]
        assert record['status'] == 'COMPLETE', record
    assert '| embedded | chain-3 | 0.1 | create | 1/1 |' in table


def _services():
    """--mysql and --rabbit of the test services (skips, or fails in CI,
    without them)."""
    services.mysql_database()[1]()
    services.rabbit_url()
    mysql = (f'{services.MYSQL_USER}:{services.MYSQL_PASSWORD}@{services.MYSQL_HOST}:'
             f'{services.MYSQL_PORT}')
    rabbit = services.RABBIT_URL.split('://', 1)[1].rstrip('/')
    return '--mysql', mysql, '--rabbit', rabbit


def test_distributed(tmp_path):
    records, table = _bench(tmp_path, '--topology', 'distributed', '--engines', '2',
                            *_services(), *COMMON)
    phases = _phases(records, 'distributed-2e')
    create = phases[('chain-3', 'create')]
    assert create['status'] == 'COMPLETE', create
    assert create['statements'] > 0 and create['statements_source']
    assert create['messages'] >= 3 and create['messages_source']
    assert {'api', 'observer', 'cloud', 'engine-0', 'engine-1'} <= \
        set(create['processes'])
    for phase in ('update', 'replace', 'delete'):
        assert phases[('chain-3', phase)]['status'] == 'COMPLETE'
    group = phases[('group-2', 'create')]
    assert group['status'] == 'COMPLETE', group
    assert '| distributed-2e | chain-3 | 0.1 | delete | 1/1 |' in table


def test_targets_quick(tmp_path):
    records, table = _bench(tmp_path, '--targets-quick', *_services(),
                            '--config', 'observer.poll_interval=0.05')
    phases = [r for r in records if r['type'] == 'phase']
    assert len(phases) == 46
    for r in phases:
        ok = ('COMPLETE', 'SKIPPED') if r['phase'] == 'supersede' else ('COMPLETE',)
        assert r['status'] in ok, r
    assert {r['topology'] for r in phases} == {'distributed-2e', 'embedded'}
    verdicts = [r for r in records if r['type'] == 'target']
    assert len(verdicts) == 26
    for v in verdicts:
        # A supersede needs its create to outlast the first resource; on a
        # busy machine it may not, and the target is then not measured.
        if v['met'] is None:
            assert v['target'].startswith('superseding update'), v
    report = (tmp_path / 'out' / 'targets.md').read_text()
    assert '| target | measured | met? |' in report
    assert '| layered-2x4 create <= 8 s (distributed) |' in report
    assert 'say nothing about the targets themselves' in report
    assert '| distributed-2e | chain-4 | 0 | create | 2/2 |' in table


@pytest.mark.parametrize('args, message', [
    (('--workload', 'spiral:3'), 'unknown workload'),
    (('--phases', 'create,explode'), 'unknown phases'),
    (('--targets', '--workload', 'chain:3'), 'drop --workload'),
])
def test_bad_arguments_are_refused_with_a_reason(tmp_path, args, message):
    done = subprocess.run(
        [sys.executable, '-c', 'import sys; from heat_conv.cmd.bench import main; '
         'sys.exit(main())', '--output', str(tmp_path), *args],
        capture_output=True, text=True, timeout=120)
    assert done.returncode == 2 and message in done.stderr


def test_distributed_on_postgresql(tmp_path):
    services.postgres_database()[1]()   # skips, or fails in CI, without it
    import psycopg
    with psycopg.connect(host=services.PG_HOST, port=services.PG_PORT,
                         user=services.PG_USER, password=services.PG_PASSWORD or None,
                         dbname='postgres') as conn:
        (preloaded,) = conn.execute('SHOW shared_preload_libraries').fetchone()
    rabbit = services.RABBIT_URL.split('://', 1)[1].rstrip('/')
    pg = (f'{services.PG_USER}{":" + services.PG_PASSWORD if services.PG_PASSWORD else ""}'
          f'@{services.PG_HOST}:{services.PG_PORT}')
    records, table = _bench(tmp_path, '--topology', 'distributed', '--database',
                            'postgresql', '--postgresql', pg, '--rabbit', rabbit,
                            '--workload', 'chain:3', '--phases', 'create,delete')
    phases = _phases(records, 'distributed-2e-pg')
    for phase in ('create', 'delete'):
        record = phases[('chain-3', phase)]
        assert record['status'] == 'COMPLETE', record
        if 'pg_stat_statements' in preloaded:
            assert record['statements'] > 0
            assert set(record['statements_by_role']) == {'api', 'engine', 'observer'}
        else:   # the server cannot count them: the record says why
            assert record['statements'] is None
            assert 'shared_preload_libraries' in record['statements_why']
    assert '| distributed-2e-pg | chain-3 | 0 | delete | 1/1 |' in table


def test_rest(tmp_path):
    """--rest on two small stacks: both intervals measured, the writes
    counted, and the out-of-band change found within two drift passes."""
    out = tmp_path / 'out'
    argv = [sys.executable, '-c', 'import sys; from heat_conv.cmd.bench import main; '
            'sys.exit(main())', '--output', str(out), '--rest', '2x5:3', '--engines', '1',
            *_services(), '--config', 'observer.drift_interval=2']
    done = subprocess.run(argv, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stdout + done.stderr
    records = [json.loads(line) for line in (out / 'rest.jsonl').read_text().splitlines()]
    idle, at_rest, drift = records
    assert (idle['interval'], at_rest['interval']) == ('idle, no stacks',
                                                       '10 resources at rest')
    for r in (idle, at_rest):
        assert r['statements'] > 0 and r['writes'] >= 0
        assert {'api', 'observer', 'cloud', 'engine-0'} <= set(r['processes_cpu_s'])
    assert drift['passes'] <= 2
    assert '| 10 resources at rest |' in (out / 'rest.md').read_text()
