"""What tools/heat-functional leaves behind for others to read and diff."""
import json

from tools.heat_functional import records
from tools.heat_functional import report

P = 'heat_integrationtests.functional.'
RECORDS = [
    records.record(P + 'test_b.B.test_fail', 'fail', 2.0,
                   reason='heatclient.exc.HTTPBadRequest: ERROR: a | b\nsecond line',
                   details='Traceback ...'),
    records.record(P + 'test_a.A.test_pass', 'pass', 1.5),
    records.record(P + 'test_c.C.test_skip', 'skip', 0.0, reason='skip list: needs Swift'),
    records.record(P + 'test_c.C.test_own_skip', 'skip', 0.0, reason='No image configured'),
]
INFO = {'suite': 'suite', 'endpoint': 'http://h/v1/admin', 'embedded': True,
        'selection': ['test_a'], 'wall_seconds': 12.3}


def test_closing_line():
    assert report.closing_line(RECORDS) == '1 passed, 1 failed, 2 skipped'


def test_files_for_machines_and_people(tmp_path):
    report.write(str(tmp_path), RECORDS, INFO)

    doc = json.loads((tmp_path / 'results.json').read_text())
    assert doc['counts'] == {'pass': 1, 'fail': 1, 'skip': 2, 'total': 4}
    assert doc['endpoint'] == 'http://h/v1/admin'
    assert [t['id'] for t in doc['tests']] == sorted(r['id'] for r in RECORDS)
    failed = next(t for t in doc['tests'] if t['status'] == 'fail')
    assert failed['details'] == 'Traceback ...'

    assert (tmp_path / 'results.txt').read_text().splitlines() == [
        f'PASS {P}test_a.A.test_pass', f'FAIL {P}test_b.B.test_fail',
        f'SKIP {P}test_c.C.test_own_skip', f'SKIP {P}test_c.C.test_skip']

    summary = (tmp_path / 'summary.md').read_text()
    assert '**1 passed, 1 failed, 2 skipped** (4 tests; 1 of the skips are on the ' \
           'skip list)' in summary
    # One table row per failure, its reason's first line, pipes escaped.
    assert '| `test_b.B.test_fail` | heatclient.exc.HTTPBadRequest: ERROR: a \\| b |' \
        in summary
    assert '- `test_a.A.test_pass`' in summary


def test_progress_line():
    assert report.line(RECORDS[0], 3, 140) == (
        '[  3/140] FAIL test_b.B.test_fail (2.0s)\n'
        '      heatclient.exc.HTTPBadRequest: ERROR: a | b')
    assert report.line(RECORDS[1], 12, 140) == '[ 12/140] PASS test_a.A.test_pass (1.5s)'
