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
    text = rest.markdown(spec, records, '--rest 2x3:10')
    assert '| 6 resources at rest | 0.70 | 7.00 | 3.0 | 0.00 | 1.5 | 1.1 |' in text
    assert '| observer | 0.20 | 0.40 |' in text
    assert '- idle, no stacks: select 20' in text
