"""heat-conv-bench --doc: the table that leads doc/performance.md, and its
plot, rewritten from one run by the run itself."""
import json

import pytest

from heat_conv.bench import cli
from heat_conv.bench import headline
from tests.unit.bench.fake_openstack import PROJECT
from tests.unit.bench.fake_openstack import Heat
from tests.unit.bench.fake_openstack import serve

DOC = f'''# Performance

Intro kept.

{headline.BEGIN}
an old table
{headline.END}

## Development log

kept too
'''


def _phase(topology, wall, rep=0, label='chain-100', phase='create', status='COMPLETE',
           load=1.0, contention=1.0, wait=0.0):
    return {'type': 'phase', 'topology': topology, 'workload': label.split('-')[0],
            'label': label, 'size': int(label.split('-')[1]), 'wait_s': wait,
            'phase': phase, 'rep': rep, 'status': status,
            'wall_s': wall if status == 'COMPLETE' else None,
            'overhead_s': wall, 'ms_per_resource': wall * 10,
            'overhead_ms_per_resource': wall * 10, 'load_1m': load,
            'contention': contention}


def _rows(text):
    return [line for line in text.splitlines() if line.startswith('| ')]


def test_each_workload_and_phase_has_each_services_median_and_their_ratio():
    records = [_phase('heat-conv', wall, rep) for rep, wall in enumerate((0.5, 0.4, 0.9))]
    records += [_phase('heat27', wall, rep, load=3.5)
                for rep, wall in enumerate((6.0, 4.0, 5.0))]
    records += [_phase('heat-conv', 0.2, phase='delete', load=2.01),
                _phase('heat27', 0.0, phase='delete', status='FAILED', load=1.98)]
    head, create, delete = _rows(headline.table(records))
    assert head == '| workload | phase | heat-conv s | heat27 s | heat27 / heat-conv ' \
                   '| load (1 min) |'
    assert create == '| chain-100 | create | 0.50 | 5.00 | 10.0 | 1.0-3.5 |'
    assert delete == '| chain-100 | delete | 0.20 | FAILED | n/a | 2.0 |'


def test_a_row_measured_on_a_busy_machine_says_so():
    records = [_phase('heat-conv', 1.0, load=9.0, contention=2.5),
               _phase('heat27', 3.0, label='chain-100', load=9.0),
               _phase('heat-conv', 0.5, rep=1, label='chain-100', wait=1.0)]
    _, busy, waited = _rows(headline.table(records))
    assert busy == '| chain-100 | create | 1.00 | 3.00 | 3.0 | 9.0, busy (2.50 x) |'
    # A service that did not run the workload, and the action wait, shown.
    assert waited == '| chain-100, 1 s actions | create | 0.50 | not run | n/a | 1.0 |'


def test_some_repetitions_failed_shows_how_many_the_median_is_of():
    records = [_phase('a', 1.0), _phase('a', 2.0, rep=1, status='FAILED')]
    assert _rows(headline.table(records))[1] == '| chain-100 | create | 1.00 (1 of 2) | 1.0 |'


def test_the_table_replaces_only_what_lies_between_the_markers():
    text = headline.splice(DOC, 'new table')
    assert text == DOC.replace('an old table', 'new table')
    assert headline.splice(text, 'newer') == DOC.replace('an old table', 'newer')


def test_a_document_without_markers_is_refused_before_the_run(tmp_path, capsys):
    doc = tmp_path / 'doc.md'
    doc.write_text('# Performance\n\nno markers\n')
    with pytest.raises(SystemExit):
        cli.parse_args(['--workload', 'chain:2', '--doc', str(doc)])
    assert 'has no "<!-- heat-conv-bench --doc: begin -->"' in capsys.readouterr().err
    with pytest.raises(SystemExit):
        cli.parse_args(['--targets-quick', '--doc', str(doc)])


def test_the_update_writes_the_block_and_the_plot_beside_the_document(tmp_path):
    doc = tmp_path / 'performance.md'
    doc.write_text(DOC)
    records = [_phase('heat-conv', 0.5), _phase('heat27', 5.0),
               _phase('heat-conv', 2.0, label='chain-1000'),
               _phase('heat27', 40.0, label='chain-1000')]
    from heat_conv.bench import report
    drawn = headline.update(str(doc), records, 'heat-conv-bench --x',
                            report.summarize(records), now=0)
    assert drawn == str(tmp_path / 'performance-headline.png')
    with open(drawn, 'rb') as f:
        assert f.read(8) == b'\x89PNG\r\n\x1a\n'
    text = doc.read_text()
    assert text.startswith('# Performance\n\nIntro kept.\n') and 'kept too' in text
    assert 'an old table' not in text
    assert 'Measured 1970-01-01 00:00 UTC on this machine' in text
    assert 'heat-conv and heat27 in the same run, 1 repetition each' in text
    assert '**One repetition: it shows that the command works' in text
    assert '`heat-conv-bench --x`' in text
    assert '| chain-1000 | create | 2.00 | 40.00 | 20.0 | 1.0 |' in text
    assert '![wall time per resource against N, this run](performance-headline.png)' \
        in text


def test_one_command_runs_two_services_and_rewrites_the_document(tmp_path):
    """Two Heat endpoints in one run, the document rewritten from it."""
    servers, endpoints = [], []
    for name in ('fast', 'slow'):
        heat = Heat()
        heat.token = 't'
        server, url = serve(heat)
        servers.append(server)
        endpoints += ['--endpoint', f'{name}={url}/v1/{PROJECT}']
    doc = tmp_path / 'performance.md'
    doc.write_text(DOC)
    out = tmp_path / 'out'
    try:
        code = cli.main([*endpoints, '--token', 't', '--alternate', '--repeat', '2',
                         '--workload', 'chain:2,3', '--phases', 'create,delete',
                         '--output', str(out), '--doc', str(doc)])
    finally:
        for server in servers:
            server.shutdown()
            server.server_close()
    assert code == 0
    text = doc.read_text()
    rows = _rows(text)
    assert rows[0].startswith('| workload | phase | fast s | slow s | slow / fast |')
    assert [row.split(' | ')[:2] for row in rows[1:]] == [
        ['| chain-2', 'create'], ['| chain-2', 'delete'],
        ['| chain-3', 'create'], ['| chain-3', 'delete']]
    assert 'fast and slow in the same run, 2 repetitions each' in text
    assert 'One repetition' not in text
    assert (tmp_path / 'performance-headline.png').exists()
    assert (out / 'headline.md').read_text().split('`')[1] == text.split('`')[1]
    phases = [json.loads(line) for line in (out / 'results.jsonl').read_text().splitlines()
              if json.loads(line)['type'] == 'phase']
    assert len(phases) == 2 * 2 * 2 * 2
