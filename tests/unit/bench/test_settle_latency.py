"""The settle latency figure: percentiles of (row's end - cloud's settle),
read from a topology's database; for the rows settled in the phase only."""
import datetime
import sqlite3

from heat_conv.bench import report
from heat_conv.bench import settle_latency

T0 = datetime.datetime(2026, 11, 28, 12, 0, 0)


def _ms(n):
    return datetime.timedelta(milliseconds=n)


def test_percentiles_are_nearest_rank():
    values = list(range(1, 101))
    assert settle_latency.percentile(values, 50) == 50
    assert settle_latency.percentile(values, 99) == 99
    assert settle_latency.percentile([7], 99) == 7


def test_the_summary_of_pairs_in_milliseconds():
    pairs = [(T0, T0 + _ms(n)) for n in (10, 20, 30, 400)]
    assert settle_latency.summary(pairs) == {
        'settles': 4, 'settle_p50_ms': 20.0, 'settle_p99_ms': 400.0,
        'settle_max_ms': 400.0}
    assert settle_latency.summary([]) == {'settles': 0}


def test_sqlite_rows_of_the_stack_settled_since_the_phase_began(tmp_path):
    path = str(tmp_path / 'heat_conv.sqlite')
    db = sqlite3.connect(path)
    db.execute('CREATE TABLE resource (stack_id TEXT, settled_at DATETIME, '
               'updated_at DATETIME)')
    rows = [('s1', T0, T0 + _ms(12)),                 # this phase
            ('s1', T0 + _ms(5), T0 + _ms(25)),        # this phase
            ('s1', T0 - _ms(1000), T0 - _ms(900)),    # an earlier phase
            ('s1', None, T0),                         # never waited
            ('s2', T0, T0 + _ms(999))]                # another stack
    db.executemany('INSERT INTO resource VALUES (?, ?, ?)',
                   [(s, a and a.isoformat(sep=' '), b.isoformat(sep=' '))
                    for s, a, b in rows])
    db.commit()
    db.close()
    since = T0.replace(tzinfo=datetime.timezone.utc).timestamp()
    found = settle_latency.SQLiteRows(path).measure('s1', since)
    assert found == {'settles': 2, 'settle_p50_ms': 12.0, 'settle_p99_ms': 20.0,
                     'settle_max_ms': 20.0}


def test_an_endpoint_without_a_database_says_why():
    unavailable = settle_latency.Unavailable('not started by the benchmark')
    assert unavailable.measure('s1', 0) is None


def test_the_table_shows_the_median_p50_and_the_worst_p99():
    base = {'type': 'phase', 'topology': 'embedded', 'workload': 'independent',
            'label': 'independent-100', 'size': 100, 'wait_s': 1.0, 'phase': 'create',
            'status': 'COMPLETE', 'wall_s': 1.1, 'overhead_s': 0.1,
            'ms_per_resource': 11.0, 'overhead_ms_per_resource': 1.0, 'processes': {}}
    records = [dict(base, rep=n, settle_p50_ms=p50, settle_p99_ms=p99)
               for n, (p50, p99) in enumerate([(10, 40), (14, 90), (12, 60)])]
    [row] = report.summarize(records)
    assert (row['settle_p50_ms'], row['settle_p99_ms']) == (12, 90)
    assert '| 12 / 90 |' in report.markdown([row])
