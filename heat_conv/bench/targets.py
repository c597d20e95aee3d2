"""The targets of issue 11, judged from the phase records of one run.

Each verdict is met (True), not met (False), not measured (None) or not
judged (BUSY), with the measured value written next to the target. A
phase that failed or got stuck makes its target not met (the service did
not do it); a target with no record (its topology did not start, or the
phase could not be set up, like a supersede whose create ended first) is
not measured. A time measured while the machine was busy (calibration)
is shown with the load and not judged: it says more about the other
processes than about heat-conv. Counts of statements and messages do not
depend on the load, and are judged whatever it was.
"""
import collections
import statistics

from heat_conv.bench import calibration
from heat_conv.bench import report
from heat_conv.bench import workloads

TIME_LIMITS_S = {'chain': 0.9, 'layered': 1.0, 'independent': 0.5, 'thousand': 8.0}
LINEAR_FACTOR = 12.0      # for ten times the resources
RSS_LIMIT_MB = 500
SLOW_ACTIONS_FACTOR = 2   # 1,000 actions of 2 s each in <= 4 s
STATEMENTS_LIMIT = 12
MESSAGES_LIMIT = 3
SUPERSEDE_LIMIT_S = 0.1
LIFECYCLE = ('create', 'update', 'delete')

Verdict = collections.namedtuple('Verdict', 'target measured met')
# A verdict's ``met`` when the machine was too busy to tell.
BUSY = 'busy'


def kind(topology):
    """'distributed-2e' -> 'distributed'."""
    return topology.split('-')[0]


def label(spec):
    return workloads.parse(spec).label


class Phases:
    """Phase records grouped by (topology kind, workload label, wait, phase)."""

    def __init__(self, records):
        self.groups = collections.defaultdict(list)
        for r in records:
            if r.get('type') == 'phase':
                self.groups[(kind(r['topology']), r['label'], r['wait_s'],
                             r['phase'])].append(r)

    def get(self, topology, spec_label, wait, phase):
        return self.groups.get((topology, spec_label, wait, phase), [])

    def keys(self, topology, phase=None):
        return [k for k in self.groups
                if k[0] == topology and (phase is None or k[3] == phase)]


def median_wall(group):
    done = [r['wall_s'] for r in group if r['status'] == 'COMPLETE']
    return statistics.median(done) if done else None


def judge(group, value, limit, show, timed=True):
    """The verdict on one group of repetitions: ``value(completed records)``
    against ``limit``; ``show`` formats a value. A ``timed`` value measured
    on a busy machine is not judged."""
    if not group:
        return 'no run', None
    done = [r for r in group if r['status'] == 'COMPLETE']
    failed = [r for r in group if r['status'] == 'FAILED']
    measured = value(done) if done else None
    if failed:
        text = f'{len(failed)} of {len(group)} failed ({failed[0].get("reason")})'
        if measured is not None:
            text = f'{show(measured)}; {text}'
        return text, False
    if measured is None:
        reason = next((r.get('reason') for r in group if r.get('reason')), None)
        return reason or 'no value', None
    runs = f' (median of {len(done)})' if len(done) > 1 else ''
    loads = [r['load_1m'] for r in done if r.get('load_1m') is not None]
    if timed and loads:
        runs += f' (load {max(loads):.1f})'
    worst = calibration.busy(done) if timed else None
    if worst:
        return f'{show(measured)}{runs}; {calibration.describe(worst)}', BUSY
    return show(measured) + runs, measured <= limit


def seconds(value):
    return f'{value:.2f} s'


def evaluate(records, sizes):
    phases = Phases(records)
    return (times(phases, sizes) + embedded_not_slower(phases)
            + linear(phases, sizes) + slow_actions(phases, sizes)
            + counts(phases, 'statements_per_resource', STATEMENTS_LIMIT,
                     'DB statements', 1)
            + counts(phases, 'messages_per_resource', MESSAGES_LIMIT, 'messages', 2)
            + supersede(phases, sizes) + pathological(phases, sizes))


def times(phases, sizes):
    out = []
    for role, limit in TIME_LIMITS_S.items():
        name = label(getattr(sizes, role))
        for phase in LIFECYCLE:
            measured, met = judge(phases.get('distributed', name, 0.0, phase),
                                  median_wall, limit, seconds)
            out.append(Verdict(f'{name} {phase} <= {limit:g} s (distributed)',
                               measured, met))
    return out


def embedded_not_slower(phases):
    pairs, slower, compared = [], [], []
    for key in phases.keys('distributed'):
        embedded = median_wall(phases.get('embedded', *key[1:]))
        distributed = median_wall(phases.groups[key])
        if embedded is None or distributed is None:
            continue
        pairs.append(key)
        compared += phases.get('embedded', *key[1:]) + phases.groups[key]
        if embedded > distributed:
            slower.append(f'{key[1]} {key[3]} {embedded:.2f} vs {distributed:.2f} s')
    target = 'embedded median <= distributed median, same workload and phase'
    if not pairs:
        return [Verdict(target, 'no workload ran in both', None)]
    worst = calibration.busy(compared)
    if worst:
        return [Verdict(target, f'slower in {len(slower)} of {len(pairs)}; '
                        + calibration.describe(worst), BUSY)]
    if slower:
        return [Verdict(target, f'slower in {len(slower)} of {len(pairs)}: '
                        + '; '.join(slower), False)]
    return [Verdict(target, f'not slower in any of {len(pairs)}', True)]


def linear(phases, sizes):
    small, big = label(sizes.thousand), label(sizes.ten_thousand)
    big_group = phases.get('distributed', big, 0.0, 'create')
    big_median = median_wall(big_group)
    base = median_wall(phases.get('distributed', small, 0.0, 'create'))
    if base is None:
        ratio = (f'no completed {small} create to compare with', None)
    else:
        ratio = judge(big_group, lambda done: median_wall(done) / base, LINEAR_FACTOR,
                      lambda v: f'{v:.1f} x ({big_median:.2f} s / {base:.2f} s)')
    rss = judge(big_group, peak_rss, RSS_LIMIT_MB,
                lambda v: f'{v:.0f} MB ({rss_owner(big_group, v)})', timed=False)
    return [Verdict(f'{big} create <= {LINEAR_FACTOR:g} x {small} create '
                    '(distributed)', *ratio),
            Verdict(f'every process\'s peak RSS during the {big} create '
                    f'<= {RSS_LIMIT_MB} MB', *rss)]


def peak_rss(done):
    return max((p['peak_rss_mb'] for r in done
                for p in r.get('processes', {}).values()), default=None)


def rss_owner(group, peak):
    return next(name for r in group for name, p in r.get('processes', {}).items()
                if p['peak_rss_mb'] == peak)


def slow_actions(phases, sizes):
    workload = workloads.parse(sizes.slow_actions)
    ideal = workload.critical_path() * sizes.action_wait
    limit = SLOW_ACTIONS_FACTOR * ideal
    measured, met = judge(
        phases.get('distributed', workload.label, sizes.action_wait, 'create'),
        median_wall, limit, seconds)
    return [Verdict(f'{workload.label} with {sizes.action_wait:g} s actions: create '
                    f'<= {limit:g} s (ideal {ideal:g} s, distributed)', measured, met)]


def counts(phases, field, limit, what, digits):
    """Per phase, the worst workload's median per resource, and which exceed."""
    out = []
    for phase in LIFECYCLE:
        values, why = [], None
        for key in phases.keys('distributed', phase):
            group = phases.groups[key]
            done = [r[field] for r in group
                    if r['status'] == 'COMPLETE' and r.get(field) is not None]
            name = key[1] + (f' wait {key[2]:g}' if key[2] else '')
            if done:
                values.append((statistics.median(done), name))
            why = why or next((r.get(field.split('_')[0] + '_why') for r in group), None)
        target = f'{what} per resource, {phase} <= {limit:g} (distributed)'
        if not values:
            out.append(Verdict(target, why or 'no run', None))
            continue
        values.sort(reverse=True)
        over = [f'{name} {value:.{digits}f}' for value, name in values if value > limit]
        text = f'max {values[0][0]:.{digits}f} ({values[0][1]})' + (
            '; over: ' + ', '.join(over) if over else f'; none of {len(values)} over')
        out.append(Verdict(target, text, not over))
    return out


def supersede(phases, sizes):
    out = []
    for spec in (sizes.layered, sizes.thousand):
        name = label(spec)
        group = phases.get('distributed', name, sizes.supersede_wait, 'supersede')
        measured, met = judge(
            group, median_latency, SUPERSEDE_LIMIT_S,
            lambda v: f'{v * 1000:.0f} ms' if v != float('inf') else 'no takeover seen')
        out.append(Verdict(f'superseding update takes over <= '
                           f'{SUPERSEDE_LIMIT_S * 1000:.0f} ms, {name} (distributed)',
                           measured, met))
    return out


def median_latency(done):
    # A takeover never seen within the runner's wait counts as endless.
    return statistics.median(r.get('supersede_latency_s') or float('inf') for r in done)


def pathological(phases, sizes):
    names = [label(spec) for spec in sizes.small()]
    planned = sizes.repetitions * len(LIFECYCLE) * len(names)
    out = []
    for topology in ('distributed', 'embedded'):
        group = [r for phase in LIFECYCLE for name in names
                 for r in phases.get(topology, name, 0.0, phase)]
        target = (f'no phase > {report.SLOW_FACTOR:g} x the median of its '
                  f'{sizes.repetitions} repetitions: {", ".join(names)}, '
                  f'create/update/delete ({topology})')
        out.append(Verdict(target, *_pathological(group, planned)))
    return out


def _pathological(group, planned):
    if not group:
        return 'no run', None
    failed = [r for r in group if r['status'] != 'COMPLETE']
    ratios = sorted(_ratios(group), key=lambda entry: entry[0], reverse=True)
    slow = [entry for entry in ratios if entry[0] > report.SLOW_FACTOR]
    text = f'{len(group)} phases'
    if ratios:
        ratio, r, _ = ratios[0]
        text += (f'; slowest {ratio:.1f} x its median ({r["label"]} {r["phase"]} '
                 f'rep {r["rep"]}, {r["wall_s"]:.2f} s)')
    if slow:
        text += f'; {len(slow)} over: ' + ', '.join(
            f'{r["label"]} {r["phase"]} rep {r["rep"]} {r["wall_s"]:.2f} s '
            f'(median {median:.2f} s)' for _, r, median in slow)
    if failed:
        text += f'; {len(failed)} failed or stuck: ' + ', '.join(
            f'{r["label"]} {r["phase"]} rep {r["rep"]} ({r.get("reason")})'
            for r in failed)
    if failed:
        return text, False
    worst = calibration.busy(group)
    if slow and worst:
        return f'{text}; {calibration.describe(worst)}', BUSY
    if slow:
        return text, False
    if len(group) < planned:
        return text + f' (of {planned} planned: too few to tell)', None
    return text, True


def _ratios(group):
    """(wall / median of its repetitions, record, median) of each completed
    phase."""
    by_key = collections.defaultdict(list)
    for r in group:
        if r['status'] == 'COMPLETE':
            by_key[(r['label'], r['phase'])].append(r)
    for runs in by_key.values():
        median = statistics.median(r['wall_s'] for r in runs)
        for r in runs:
            yield (r['wall_s'] / median if median else 1.0), r, median
