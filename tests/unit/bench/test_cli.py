"""The flags say what a heat-conv-bench invocation plans to run."""
import pytest

from heat_conv.bench import cli
from heat_conv.bench import plan


def _row(item):
    return (item.topology, item.workload.label, item.wait, item.phases, item.repetitions)


def test_flags_plan_every_combination_and_interleave_repetitions():
    args = cli.parse_args(['--topology', 'embedded,distributed', '--workload',
                           'chain:3,5', '--wait', '0', '--wait', '1', '--repeat', '2',
                           '--phases', 'create,delete'])
    assert args.plan.topologies() == ['embedded', 'distributed']
    assert len(args.plan.items) == 8
    assert {_row(i)[1:] for i in args.plan.items} == {
        (label, wait, ('create', 'delete'), 2)
        for label in ('chain-3', 'chain-5') for wait in (0.0, 1.0)}
    order = [(rep, item.workload.label, item.wait)
             for rep, item in args.plan.rounds('embedded')]
    assert order == [(rep, label, wait) for rep in (0, 1)
                     for label in ('chain-3', 'chain-5') for wait in (0.0, 1.0)]
    assert args.plan.phase_count == 8 * 2 * 2
    assert args.plan.sizes is None and args.plan.config == []


def test_flags_default_to_one_embedded_run_of_every_phase():
    args = cli.parse_args(['--workload', 'independent:4'])
    (item,) = args.plan.items
    assert _row(item) == ('embedded', 'independent-4', 0.0,
                          ('create', 'update', 'replace', 'supersede', 'delete'), 1)


@pytest.mark.parametrize('flag', [['--workload', 'chain:3'], ['--repeat', '2'],
                                  ['--topology', 'embedded'], ['--wait', '1'],
                                  ['--phases', 'create'], ['--endpoint', 'http://x/v1/t']])
def test_targets_refuses_flags_that_would_change_its_plan(flag, capsys):
    with pytest.raises(SystemExit) as exit_:
        cli.parse_args(['--targets', *flag])
    assert exit_.value.code == 2
    assert f'drop {flag[0]}' in capsys.readouterr().err


def test_targets_keeps_the_flags_about_where_and_how_to_run():
    args = cli.parse_args(['--targets-quick', '--engines', '3', '--config',
                           'observer.poll_interval=0.05', '--output', 'out'])
    assert args.plan.sizes is plan.QUICK
    assert (args.engines, args.config, args.output) == \
        (3, ['observer.poll_interval=0.05'], 'out')
