"""The targets judged from fabricated phase records: met, not met, not measured."""
import pytest

from heat_conv.bench import plan
from heat_conv.bench import targets
from heat_conv.bench import targets_report

SIZES = plan.FULL
# Wall times that meet every target (distributed; embedded a little faster).
GOOD = {'chain-100': 0.8, 'layered-10x10': 0.9, 'independent-100': 0.4,
        'layered-10x100': 7.0, 'layered-10x1000': 70.0, 'independent-1000': 3.0}


def _record(topology, label, phase, wall, rep=0, wait=0.0, **extra):
    return dict({'type': 'phase', 'topology': topology, 'label': label,
                 'workload': label.split('-')[0], 'wait_s': wait, 'phase': phase,
                 'rep': rep, 'status': 'COMPLETE', 'wall_s': wall,
                 'statements_per_resource': 10.0, 'messages_per_resource': 1.0,
                 'processes': {'api': {'cpu_s': 1.0, 'peak_rss_mb': 120.0},
                               'engine-0': {'cpu_s': 5.0, 'peak_rss_mb': 300.0}}},
                **extra)


def _good_run():
    records = []
    for item in plan.targets(SIZES).items:
        topology = 'distributed-2e' if item.topology == 'distributed' else 'embedded'
        wall = GOOD[item.workload.label] * (0.9 if topology == 'embedded' else 1.0)
        for rep in range(item.repetitions):
            for phase in item.phases:
                extra = {'supersede_latency_s': 0.05} if phase == 'supersede' else {}
                records.append(_record(topology, item.workload.label, phase, wall,
                                       rep, item.wait, **extra))
    return records


def _find(records, topology, label, phase, rep=0):
    return next(r for r in records if r['topology'] == topology and r['label'] == label
                and r['phase'] == phase and r['rep'] == rep)


def _verdict(verdicts, starts, ends=''):
    (v,) = [v for v in verdicts if v.target.startswith(starts)
            and v.target.endswith(ends)]
    return v


def test_a_run_that_meets_every_target_is_all_met():
    verdicts = targets.evaluate(_good_run(), SIZES)
    assert [v for v in verdicts if v.met is not True] == []
    # 4 workloads x 3 phases of time, embedded vs distributed, linear time and
    # memory, slow actions, statements and messages x 3 phases, supersede at
    # 100 and 1,000, the pathological check per topology.
    assert len(verdicts) == 12 + 1 + 2 + 1 + 6 + 2 + 2
    assert _verdict(verdicts, 'chain-100 create').measured == '0.80 s (median of 20)'


def test_no_records_leave_every_target_not_measured():
    verdicts = targets.evaluate([], SIZES)
    assert {v.met for v in verdicts} == {None}


def test_a_median_over_its_limit_is_not_met_with_the_value_shown():
    records = _good_run()
    for r in records:
        if r['label'] == 'chain-100' and r['phase'] == 'update':
            r['wall_s'] = 1.25
    verdicts = targets.evaluate(records, SIZES)
    v = _verdict(verdicts, 'chain-100 update <= 0.9 s')
    assert (v.measured, v.met) == ('1.25 s (median of 20)', False)
    assert _verdict(verdicts, 'chain-100 create').met is True


def test_a_failed_phase_fails_its_target_and_the_pathological_check():
    records = _good_run()
    stuck = _find(records, 'distributed-2e', 'independent-100', 'delete', rep=4)
    stuck.update(status='FAILED', wall_s=None, reason='still DELETE_IN_PROGRESS')
    verdicts = targets.evaluate(records, SIZES)
    v = _verdict(verdicts, 'independent-100 delete')
    assert v.met is False and '1 of 20 failed (still DELETE_IN_PROGRESS)' in v.measured
    v = _verdict(verdicts, 'no phase > 3 x', '(distributed)')
    assert v.met is False
    assert '1 failed or stuck: independent-100 delete rep 4 (still DELETE_IN_PROGRESS)' \
        in v.measured
    assert _verdict(verdicts, 'no phase > 3 x', '(embedded)').met is True


def test_a_phase_three_times_slower_than_its_median_is_named():
    records = _good_run()
    _find(records, 'embedded', 'layered-10x10', 'create', rep=7)['wall_s'] = 5.0
    verdicts = targets.evaluate(records, SIZES)
    v = _verdict(verdicts, 'no phase > 3 x the median of its 20 repetitions: chain-100, '
                 'layered-10x10, independent-100, create/update/delete (embedded)')
    assert v.met is False
    assert _verdict(verdicts, 'no phase > 3 x', '(distributed)').met is True
    assert 'slowest 6.2 x its median (layered-10x10 create rep 7, 5.00 s)' in v.measured
    assert '1 over: layered-10x10 create rep 7 5.00 s (median 0.81 s)' in v.measured


def test_too_few_repetitions_cannot_tell_a_pathological_run():
    records = [r for r in _good_run() if r['topology'] == 'distributed-2e'
               or r['rep'] < 5]
    v = _verdict(targets.evaluate(records, SIZES), 'no phase > 3 x', '(embedded)')
    assert v.met is None and '45 phases' in v.measured and '180 planned' in v.measured


def test_the_pairs_where_embedded_is_slower_are_named():
    records = _good_run()
    for r in records:
        if r['topology'] == 'embedded' and r['label'] == 'layered-10x100' \
                and r['phase'] == 'update':
            r['wall_s'] = 9.5
    v = _verdict(targets.evaluate(records, SIZES), 'embedded median')
    assert v.met is False
    assert v.measured == 'slower in 1 of 12: layered-10x100 update 9.50 vs 7.00 s'


def test_statements_and_messages_name_each_workload_over_the_limit():
    records = _good_run()
    for r in records:
        if r['topology'] == 'distributed-2e' and r['phase'] == 'update' \
                and r['label'] in ('layered-10x10', 'chain-100'):
            r['statements_per_resource'] = 16.9 if r['label'] == 'layered-10x10' else 15
        if r['label'] == 'independent-1000':
            r['messages_per_resource'] = 3.5
    verdicts = targets.evaluate(records, SIZES)
    v = _verdict(verdicts, 'DB statements per resource, update')
    assert v.met is False
    assert v.measured == 'max 16.9 (layered-10x10); over: layered-10x10 16.9, ' \
        'chain-100 15.0'
    assert _verdict(verdicts, 'DB statements per resource, create').met is True
    v = _verdict(verdicts, 'messages per resource, create')
    assert v.measured == 'max 3.50 (independent-1000 wait 2); over: ' \
        'independent-1000 wait 2 3.50'


def test_counts_a_topology_cannot_make_are_not_measured_with_its_reason():
    records = _good_run()
    for r in records:
        r.update(messages_per_resource=None, messages_why='no broker answered')
    verdicts = targets.evaluate(records, SIZES)
    v = _verdict(verdicts, 'messages per resource, delete')
    assert (v.measured, v.met) == ('no broker answered', None)


def test_linear_cost_and_memory_of_the_10000_resource_create():
    records = _good_run()
    big = _find(records, 'distributed-2e', 'layered-10x1000', 'create')
    big['wall_s'] = 91.0
    big['processes']['engine-1'] = {'cpu_s': 60.0, 'peak_rss_mb': 612.0}
    verdicts = targets.evaluate(records, SIZES)
    v = _verdict(verdicts, 'layered-10x1000 create <= 12 x layered-10x100')
    assert (v.measured, v.met) == ('13.0 x (91.00 s / 7.00 s)', False)
    v = _verdict(verdicts, "every process's peak RSS")
    assert (v.measured, v.met) == ('612 MB (engine-1)', False)


def test_slow_actions_are_judged_against_twice_their_ideal():
    records = _good_run()
    for r in records:
        if r['label'] == 'independent-1000':
            r['wall_s'] = 16.8
    v = _verdict(targets.evaluate(records, SIZES), 'independent-1000 with 2 s actions')
    assert v.target == 'independent-1000 with 2 s actions: create <= 4 s ' \
        '(ideal 2 s, distributed)'
    assert (v.measured, v.met) == ('16.80 s (median of 3)', False)


def test_a_supersede_that_could_not_be_set_up_is_not_measured():
    records = [r for r in _good_run() if r['phase'] != 'supersede']
    records.append(_record('distributed-2e', 'layered-10x10', 'supersede', None,
                           status='SKIPPED', reason='the create ended before an update'))
    verdicts = targets.evaluate(records, SIZES)
    v = _verdict(verdicts, 'superseding update takes over <= 100 ms, layered-10x10 (')
    assert (v.measured, v.met) == ('the create ended before an update', None)
    v = _verdict(verdicts, 'superseding update takes over <= 100 ms, layered-10x100')
    assert (v.measured, v.met) == ('no run', None)


@pytest.mark.parametrize('latency, shown, met', [
    (0.4, '400 ms (median of 3)', False), (None, 'no takeover seen (median of 3)', False),
    (0.08, '80 ms (median of 3)', True)])
def test_supersede_latency(latency, shown, met):
    records = _good_run()
    for r in records:
        if r['phase'] == 'supersede':
            r['supersede_latency_s'] = latency
    v = _verdict(targets.evaluate(records, SIZES), 'superseding update takes over '
                 '<= 100 ms, layered-10x100')
    assert (v.measured, v.met) == (shown, met)


def test_targets_md_shows_each_verdict_and_the_tally():
    verdicts = [targets.Verdict('a <= 1 s', '0.50 s', True),
                targets.Verdict('b <= 1 s', '2.00 s | odd', False),
                targets.Verdict('c', 'no run', None)]
    text = targets_report.table(verdicts)
    assert '| a <= 1 s | 0.50 s | met |' in text
    assert '| b <= 1 s | 2.00 s \\| odd | **not met** |' in text
    assert '| c | no run | not measured |' in text
    assert targets_report.tally(verdicts) == \
        '1 of 3 targets met, 1 not met, 0 not judged (machine busy), 1 not measured'
    busy = targets.Verdict('d <= 1 s', '3.00 s; not judged: machine busy (load 9.0, ...)',
                           targets.BUSY)
    assert '| not judged: machine busy |' in targets_report.table([busy])
    assert targets_report.tally([busy]) == \
        '0 of 1 targets met, 0 not met, 1 not judged (machine busy), 0 not measured'


def test_the_quick_plan_says_its_verdicts_are_not_the_targets():
    quick = plan.targets(plan.QUICK)
    text = targets_report.document([], [], quick, 'heat-conv-bench --targets-quick',
                                   started=0.0, load_before=1.0)
    assert 'say nothing about the targets themselves' in text
    full = targets_report.document([], [], plan.targets(plan.FULL),
                                   'heat-conv-bench --targets', 0.0, 1.0)
    assert 'max_resources_per_stack = 10000' in full
    assert 'say nothing' not in full


def _busy(records, label, phase, contention=2.5, load=9.0):
    for r in records:
        if r['label'] == label and r['phase'] == phase and r['topology'] != 'embedded':
            r.update(contention=contention, load_1m=load)


def test_a_time_measured_on_a_busy_machine_is_not_judged_met_or_missed():
    records = _good_run()
    for r in records:
        if r['label'] == 'chain-100' and r['phase'] == 'update':
            r['wall_s'] = 1.25          # over its limit, but the machine was busy
    _busy(records, 'chain-100', 'update')
    _busy(records, 'chain-100', 'create')   # within it: not judged either
    verdicts = targets.evaluate(records, SIZES)
    for phase, shown in (('update', '1.25'), ('create', '0.80')):
        v = _verdict(verdicts, f'chain-100 {phase} <= 0.9 s')
        assert v.met == targets.BUSY
        assert v.measured == (f'{shown} s (median of 20) (load 9.0); not judged: machine '
                              'busy (load 9.0, a CPU loop took 2.50 x its CPU time)')
    assert _verdict(verdicts, 'chain-100 delete').met is True


def test_a_quiet_machine_shows_its_load_and_is_judged():
    records = _good_run()
    _busy(records, 'chain-100', 'update', contention=1.1, load=1.5)
    v = _verdict(targets.evaluate(records, SIZES), 'chain-100 update <= 0.9 s')
    assert (v.measured, v.met) == ('0.80 s (median of 20) (load 1.5)', True)


def test_counts_are_judged_whatever_the_load():
    records = _good_run()
    for r in records:
        r.update(contention=3.0, load_1m=12.0)
        if r['label'] == 'chain-100' and r['phase'] == 'create':
            r['statements_per_resource'] = 40.0
    verdicts = targets.evaluate(records, SIZES)
    assert _verdict(verdicts, 'DB statements per resource, create').met is False
    assert _verdict(verdicts, 'messages per resource, create').met is True
    assert _verdict(verdicts, 'every process').met is True        # memory
    assert _verdict(verdicts, 'chain-100 create').met == targets.BUSY


def test_embedded_against_distributed_and_the_slow_phase_check_wait_on_a_busy_machine():
    records = _good_run()
    _find(records, 'embedded', 'chain-100', 'create')['wall_s'] = 9.0
    _find(records, 'embedded', 'chain-100', 'create').update(contention=2.0, load_1m=6.0)
    verdicts = targets.evaluate(records, SIZES)
    v = _verdict(verdicts, 'no phase', '(embedded)')
    assert v.met == targets.BUSY and 'machine busy (load 6.0' in v.measured
    assert _verdict(verdicts, 'no phase', '(distributed)').met is True
