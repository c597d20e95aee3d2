"""The worker pool of tools/heat-functional: every test gets a result, and
nothing a test does (hang, crash) stops the run from ending."""
import sys

from tools.heat_functional import pool

# A worker speaking the runner's protocol; what it does with a test depends
# on the id's prefix.
FAKE_WORKER = r'''
import json, os, sys, time
out = os.fdopen(int(sys.argv[sys.argv.index("--report-fd") + 1]), "w")
def report(event):
    out.write(json.dumps(event) + "\n"); out.flush()
report({"event": "ready"})
for line in sys.stdin:
    test_id = line.strip()
    if test_id.startswith("hang"):
        time.sleep(60)
    if test_id.startswith("die"):
        os._exit(3)
    status = "skip" if test_id.startswith("skip") else "pass"
    report({"event": "result", "id": test_id, "status": status, "duration": 0.0,
            "reason": "", "details": "", "pid": os.getpid()})
'''


def run(tmp_path, ids, command=None, concurrency=2, hard_timeout=30):
    seen = []
    workers = pool.Pool(command or [sys.executable, '-c', FAKE_WORKER], env=None,
                        log_dir=str(tmp_path), concurrency=concurrency,
                        hard_timeout=hard_timeout)
    results = workers.run(ids, seen.append)
    return results, seen


def test_every_test_gets_one_result_in_the_order_handed_out(tmp_path):
    ids = [f'pass-{i}' for i in range(6)] + ['skip-1']
    results, seen = run(tmp_path, ids, concurrency=1)
    assert [r['id'] for r in seen] == ids
    assert {i: r['status'] for i, r in results.items()} == {
        **{f'pass-{i}': 'pass' for i in range(6)}, 'skip-1': 'skip'}
    # One worker ran them all: no process per test.
    assert len({r['pid'] for r in seen}) == 1


def test_a_hung_test_is_killed_and_the_rest_still_run(tmp_path):
    ids = ['hang-1', 'pass-1', 'pass-2', 'pass-3']
    results, seen = run(tmp_path, ids, concurrency=1, hard_timeout=3)
    assert results['hang-1']['status'] == 'fail'
    assert 'killed by the runner after 3 s' in results['hang-1']['reason']
    assert results['hang-1']['duration'] >= 3
    assert [results[i]['status'] for i in ids[1:]] == ['pass'] * 3
    assert len(seen) == len(ids)


def test_a_worker_that_dies_fails_its_test_and_is_replaced(tmp_path):
    ids = ['pass-1', 'die-1', 'pass-2', 'die-2', 'pass-3']
    results, _ = run(tmp_path, ids, concurrency=2)
    for test_id in ('die-1', 'die-2'):
        assert results[test_id]['status'] == 'fail'
        assert 'exited (code 3) during this test' in results[test_id]['reason']
    assert [results[i]['status'] for i in ('pass-1', 'pass-2', 'pass-3')] == ['pass'] * 3


def test_workers_that_cannot_start_fail_every_test_and_the_run_ends(tmp_path):
    ids = ['pass-1', 'pass-2', 'pass-3']
    command = [sys.executable, '-c', 'import sys; print("no suite here"); sys.exit(1)']
    results, _ = run(tmp_path, ids, command=command, concurrency=2)
    assert {r['status'] for r in results.values()} == {'fail'}
    assert set(results) == set(ids)
    assert all('never ran' in r['reason'] or 'exited (code 1)' in r['reason']
               for r in results.values())
    assert 'no suite here' in (tmp_path / 'worker-1.log').read_text()
