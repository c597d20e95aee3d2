"""--rest: its argument, its arithmetic on the server's counters, its table."""
import pytest

from heat_conv.bench import cli
from heat_conv.bench import rest


def test_the_spec_is_stacks_by_resources_for_seconds():
    spec = rest.Spec.parse('500x200:600')
    assert (spec.stacks, spec.resources, spec.seconds) == (500, 200, 600.0)
    assert spec.label == '500 x 200 for 600 s'


@pytest.mark.parametrize('text', ['500x200', '0x10:60', '20:60', 'ax1:2'])
def test_a_malformed_spec_is_refused(text):
    with pytest.raises(ValueError, match='STACKSxRESOURCES:SECONDS'):
        rest.Spec.parse(text)


def test_the_flags_give_the_rest_mode():
    args = cli.parse_args(['--rest', '20x100:60', '--engines', '1',
                           '--config', 'observer.drift_interval=5'])
    assert args.rest == rest.Spec(20, 100, 60.0)
    assert args.engines == 1 and args.config == ['observer.drift_interval=5']


@pytest.mark.parametrize('argv, says', [
    (['--workload', 'chain:10'], '--workload'),
    (['--topology', 'embedded'], '--topology embedded'),
    (['--endpoint', 'http://h/v1/t'], '--endpoint'),
    (['--targets'], 'not allowed with argument'),
])
def test_flags_the_rest_mode_cannot_honour_are_refused(argv, says, capsys):
    with pytest.raises(SystemExit):
        cli.parse_args(['--rest', '2x2:1'] + argv)
    assert says in capsys.readouterr().err


def test_writes_are_the_insert_update_delete_and_replace_the_server_counted():
    before = {'Questions': 100, 'Com_select': 50, 'Com_update': 10, 'Com_insert': 3,
              'Com_show_status': 7, 'Com_commit': 4}
    after = {'Questions': 131, 'Com_select': 70, 'Com_update': 12, 'Com_insert': 3,
             'Com_delete_multi': 1, 'Com_show_status': 8, 'Com_commit': 11}
    delta = rest.status_delta(before, after)
    # The second reading's own SHOW STATUS is not the services'.
    assert delta == {'statements': 30, 'writes': 3,
                     'by_command': {'commit': 7, 'delete_multi': 1, 'select': 20,
                                    'update': 2}}


def test_the_table_shows_each_interval_and_process():
    spec = rest.Spec(2, 3, 10.0)
    records = [{'interval': 'idle, no stacks', 'cpu_s': 0.5, 'core_percent': 5.0,
                'statements_per_s': 2.0, 'writes_per_s': 0.0, 'load_1m': 1.0,
                'contention': 1.02, 'processes_cpu_s': {'observer': 0.2, 'api': 0.3},
                'by_command': {'select': 20}},
               {'interval': '6 resources at rest', 'cpu_s': 0.7, 'core_percent': 7.0,
                'statements_per_s': 3.0, 'writes_per_s': 0.0, 'load_1m': 1.5,
                'contention': 1.1, 'processes_cpu_s': {'observer': 0.4, 'api': 0.3},
                'by_command': {'select': 30}}]
    drift = {'found_after_s': 12.4, 'passes': 2.0, 'drift_interval_s': 10.0}
    text = rest.markdown(spec, records, '--rest 2x3:10', drift)
    assert '| 6 resources at rest | 0.70 | 7.00 | 3.0 | 0.00 | 1.5 | 1.1 |' in text
    assert '| observer | 0.20 | 0.40 |' in text
    assert '- idle, no stacks: select 20' in text
    assert ('One object among them changed out of band: found after 12.4 s, in the '
            'drift pass 2 (one every 10 s).') in text
    lost = dict(drift, found_after_s=None)
    assert 'changed out of band: **not found**' in rest.markdown(spec, records, '', lost)


def test_the_drift_interval_is_the_runs_own():
    assert rest._drift_interval(['a.b=1', 'observer.drift_interval=2.5']) == 2.5
    assert rest._drift_interval([]) == 10.0


class _Readings:
    """Hands out the readings it was given, one per read."""

    def __init__(self, *readings):
        self.readings = list(readings)

    def read(self):
        return self.readings.pop(0)


class _PerRole(_Readings):
    @staticmethod
    def delta(before, after):
        return {'by_role': {role: {k: after[role][k] - before[role][k]
                                   for k in after[role]} for role in after}}


class _Topology:
    def __init__(self, processes, statements):
        self.processes, self.statements = processes, statements


def test_an_interval_counts_cpu_statements_and_each_roles_own(monkeypatch):
    monkeypatch.setattr(rest.time, 'sleep', lambda s: None)
    cpu = _Readings({'observer': {'cpu_s': 1.0, 'peak_rss_mb': 90.0}},
                    {'observer': {'cpu_s': 1.6, 'peak_rss_mb': 90.0}})
    cpu.delta = rest.counters.Processes({}).delta
    server = _Readings({'Questions': 10, 'Com_select': 4, 'Com_show_status': 1},
                       {'Questions': 41, 'Com_select': 34, 'Com_show_status': 2})
    machine = rest.counters.Processes({})
    role = {'statements': 0, 'select': 0, 'write': 0, 'other': 0}
    statements = _PerRole({'observer': role},
                          {'observer': dict(role, statements=25, select=25)})
    record = rest.measure(_Topology(cpu, statements), server, machine, 10.0, 'at rest')
    assert record['processes_cpu_s'] == {'observer': 0.6}
    assert (record['cpu_s'], record['core_percent']) == (0.6, 6.0)
    assert (record['statements'], record['writes'], record['statements_per_s']) == \
        (30, 0, 3.0)
    assert record['statements_by_role'] == {'observer': {'statements': 25, 'select': 25,
                                                         'write': 0}}
    # The CPU loop was timed around the interval.
    assert record['contention'] is not None and record['load_1m'] >= 0
