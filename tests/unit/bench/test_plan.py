"""What a heat-conv-bench invocation plans to run."""
import json

import pytest

from heat_conv.bench import plan
from heat_conv.bench import workloads


def _row(item):
    return (item.topology, item.workload.label, item.wait, item.phases, item.repetitions)


def test_an_item_repeated_less_runs_only_in_the_first_rounds():
    p = plan.Plan([plan.Item('embedded', workloads.parse('chain:2'), 0.0,
                             ('create',), 3),
                   plan.Item('embedded', workloads.parse('chain:9'), 0.0,
                             ('create',), 1)])
    assert [(rep, item.workload.label) for rep, item in p.rounds('embedded')] == \
        [(0, 'chain-2'), (0, 'chain-9'), (1, 'chain-2'), (2, 'chain-2')]


def test_the_targets_plan_measures_every_target_of_the_issue():
    p = plan.targets(plan.FULL)
    rows = {_row(i) for i in p.items}
    lifecycle = ('create', 'update', 'delete')
    for topology in ('distributed', 'embedded'):
        for label in ('chain-100', 'layered-10x10', 'independent-100'):
            assert (topology, label, 0.0, lifecycle, 20) in rows
        assert (topology, 'layered-10x100', 0.0, lifecycle, 3) in rows
    assert ('distributed', 'layered-10x1000', 0.0, ('create',), 1) in rows
    assert ('distributed', 'independent-1000', 2.0, ('create',), 3) in rows
    assert ('distributed', 'layered-10x10', 0.0, ('supersede',), 3) in rows
    assert ('distributed', 'layered-10x100', 0.0, ('supersede',), 3) in rows
    assert len(rows) == len(p.items) == 12


def test_the_targets_plan_raises_heats_limits_for_10000_resources_and_says_so():
    p = plan.targets(plan.FULL)
    assert 'max_resources_per_stack=10000' in p.config
    limits = dict(c.split('=') for c in p.config)
    template = len(json.dumps(workloads.parse('layered:10x1000').template()))
    assert int(limits['max_template_size']) > template
    assert int(limits['max_json_body_size']) > template
    (note,) = p.notes
    assert 'max_resources_per_stack = 10000' in note and 'layered-10x1000' in note


def test_the_quick_plan_is_the_same_plan_on_small_stacks():
    full, quick = plan.targets(plan.FULL), plan.targets(plan.QUICK)
    assert [(i.topology, i.phases) for i in quick.items] == \
        [(i.topology, i.phases) for i in full.items]
    assert max(i.workload.size for i in quick.items) <= 100
    assert {i.repetitions for i in quick.items} <= {1, 2}
    assert quick.config == [] and 'default limits' in quick.notes[0]
    assert quick.phase_count < 50


@pytest.mark.parametrize('sizes', [plan.FULL, plan.QUICK])
def test_the_linear_cost_pair_is_ten_times_the_resources_in_as_many_layers(sizes):
    small = workloads.parse(sizes.thousand)
    big = workloads.parse(sizes.ten_thousand)
    assert big.size == 10 * small.size and big.layers == small.layers
