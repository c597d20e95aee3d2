"""--many: its argument, the watcher's timing, a phase's arithmetic, its table."""
import pytest

from heat_conv.bench import cli
from heat_conv.bench import many


def test_the_spec_is_stacks_by_layers_by_width():
    spec = many.Spec.parse('100x10x10')
    assert (spec.stacks, spec.layers, spec.width) == (100, 10, 10)
    assert spec.resources == 10_000
    assert spec.workload.label == 'layered-10x10'
    assert spec.label == '100 stacks of layered-10x10'


@pytest.mark.parametrize('text', ['100x10', '0x10x10', '2x3x', 'axbxc'])
def test_a_malformed_spec_is_refused(text):
    with pytest.raises(ValueError, match='STACKSxLAYERSxWIDTH'):
        many.Spec.parse(text)


def test_the_flags_give_the_many_mode():
    args = cli.parse_args(['--many', '3x2x2', '--engines', '1'])
    assert args.many == many.Spec(3, 2, 2) and args.engines == 1


@pytest.mark.parametrize('argv, says', [
    (['--workload', 'chain:10'], '--workload'),
    (['--topology', 'embedded'], '--topology embedded'),
    (['--rest', '2x2:1'], 'not allowed with argument'),
])
def test_flags_the_many_mode_cannot_honour_are_refused(argv, says, capsys):
    with pytest.raises(SystemExit):
        cli.parse_args(['--many', '2x2x2'] + argv)
    assert says in capsys.readouterr().err


@pytest.mark.parametrize('engines, cpus, cores', [(2, 2, 2), (4, 2, 2), (1, 8, 1)])
def test_engine_cores_are_one_per_engine_at_most_the_machines(engines, cpus, cores):
    assert many.engine_cores(engines, cpus) == cores


class ListingClient:
    """The stack list as it reads on successive calls."""

    def __init__(self, *listings):
        self.listings = list(listings)

    def statuses(self):
        return self.listings.pop(0) if len(self.listings) > 1 else self.listings[0]


def test_the_watcher_notes_each_stack_when_it_reaches_the_end_and_failures_apart(
        monkeypatch):
    monkeypatch.setattr(many, 'WATCH_INTERVAL', 0)
    client = ListingClient(
        {'a': 'CREATE_IN_PROGRESS', 'b': 'CREATE_IN_PROGRESS', 'c': 'CREATE_IN_PROGRESS'},
        {'a': 'CREATE_COMPLETE', 'b': 'CREATE_IN_PROGRESS', 'c': 'CREATE_FAILED'},
        {'a': 'CREATE_COMPLETE', 'b': 'CREATE_COMPLETE', 'c': 'CREATE_FAILED'})
    clock = iter([0.5, 1.0, 2.0, 3.0])
    monkeypatch.setattr(many.time, 'perf_counter', lambda: next(clock))
    finished, failed = many.Watcher(client, ['a', 'b', 'c']).wait(
        {'CREATE_COMPLETE'}, started=0.0, timeout=60)
    assert finished == {'a': 1.0, 'b': 2.0}
    assert failed == {'c': 'CREATE_FAILED'}


def test_a_deleted_stack_is_done_when_it_leaves_the_list(monkeypatch):
    monkeypatch.setattr(many, 'WATCH_INTERVAL', 0)
    client = ListingClient({'a': 'DELETE_IN_PROGRESS'}, {})
    clock = iter([0.2, 0.7])
    monkeypatch.setattr(many.time, 'perf_counter', lambda: next(clock))
    finished, failed = many.Watcher(client, ['a']).wait(
        {None, 'DELETE_COMPLETE'}, started=0.0, timeout=60)
    assert finished == {'a': 0.7} and not failed


def test_the_watcher_gives_up_at_its_timeout(monkeypatch):
    monkeypatch.setattr(many, 'WATCH_INTERVAL', 0)
    clock = iter([1.0, 11.0])
    monkeypatch.setattr(many.time, 'perf_counter', lambda: next(clock))
    finished, failed = many.Watcher(ListingClient({'a': 'CREATE_IN_PROGRESS'}), ['a']).wait(
        {'CREATE_COMPLETE'}, started=0.0, timeout=10)
    assert not finished and not failed


def test_a_phase_counts_only_the_stacks_that_finished():
    spec = many.Spec(4, 10, 10)
    samples = [{'load_1m': 1.5, 'wall_s': 0.1, 'cpu_s': 0.1},
               {'load_1m': 2.5, 'wall_s': 0.2, 'cpu_s': 0.1}]
    record = many.phase_record(spec, 'create', {'a': 1.0, 'b': 2.0, 'c': 4.0},
                               {'d': 'CREATE_FAILED'}, wall=4.0, engine_cpu=3.0,
                               cores=2, samples=samples)
    assert record['complete'] == 3 and record['failed_count'] == 1
    assert record['resources_per_s'] == 75.0            # 300 resources in 4 s
    assert record['resources_per_s_per_engine_core'] == 37.5
    assert record['resources_per_engine_cpu_s'] == 100.0
    assert record['stack_p50_s'] == 2.0 and record['stack_max_s'] == 4.0
    assert record['load_1m'] == 2.5 and record['contention'] == 2.0
    table = many.markdown(spec, [record], '--many 4x10x10')
    assert '| create | 3 of 4 | 4.00 | 2.0 | 75.0 | 37.5 | 100.0 | 2.5 | 2.0 |' in table
    assert 'create: 1 stacks failed, e.g. d CREATE_FAILED' in table
