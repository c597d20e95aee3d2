"""targets.md: every target with its measured value and whether it is met."""
import collections
import os
import time

from heat_conv.bench import targets

MET = {True: 'met', False: '**not met**', None: 'not measured',
       targets.BUSY: 'not judged: machine busy'}


def _cell(text):
    return str(text).replace('|', '\\|').replace('\n', ' ')


def table(verdicts):
    lines = ['| target | measured | met? |', '|---|---|---|']
    lines += [f'| {_cell(v.target)} | {_cell(v.measured)} | {MET[v.met]} |'
              for v in verdicts]
    return '\n'.join(lines) + '\n'


def tally(verdicts):
    counts = collections.Counter(v.met for v in verdicts)
    return (f'{counts[True]} of {len(verdicts)} targets met, {counts[False]} not met, '
            f'{counts[targets.BUSY]} not judged (machine busy), {counts[None]} not measured')


def comparison(records):
    """Embedded against distributed, median wall time per workload and phase."""
    phases = targets.Phases(records)
    lines = ['| workload | phase | embedded s | distributed s | embedded / distributed |',
             '|---|---|---|---|---|']
    for key in phases.keys('distributed'):
        embedded = targets.median_wall(phases.get('embedded', *key[1:]))
        distributed = targets.median_wall(phases.groups[key])
        if embedded is None or distributed is None:
            continue
        lines.append(f'| {key[1]} | {key[3]} | {embedded:.2f} | {distributed:.2f} '
                     f'| {embedded / distributed:.2f} |')
    return '\n'.join(lines) + '\n' if len(lines) > 2 else ''


def _sources(records):
    """Where the counts come from, once each."""
    seen = []
    for r in records:
        for field in ('statements_source', 'messages_source'):
            if r.get(field) and r[field] not in seen:
                seen.append(r[field])
    return seen


def plan_table(plan):
    lines = ['| topology | workload | action wait s | phases | repetitions |',
             '|---|---|---|---|---|']
    lines += [f'| {i.topology} | {i.workload.label} | {i.wait:g} | {", ".join(i.phases)} '
              f'| {i.repetitions} |' for i in plan.items]
    return '\n'.join(lines) + '\n'


def document(verdicts, records, plan, command, started, load_before):
    quick = plan.sizes.name != 'full'
    out = [f'# heat-conv-bench targets{" (quick plan)" if quick else ""}', '',
           f'`{command}`', '',
           f'Run {time.strftime("%Y-%m-%d %H:%M", time.localtime(started))}, '
           f'{(time.time() - started) / 60:.0f} min, on {os.cpu_count()} cores; load '
           f'average {load_before:.1f} at the start, {os.getloadavg()[0]:.1f} at the end.',
           '']
    if quick:
        out += ['Quick plan: small stacks and few repetitions, to show that the mode '
                'runs. The verdicts apply the full targets\' limits to these small '
                'stacks and say nothing about the targets themselves.', '']
    out += [f'{note}.' for note in plan.notes] + ['']
    sources = _sources(records)
    out += ['Counted by: ' + '; '.join(sources) + '.' if sources
            else 'No server-side counts.', '',
            tally(verdicts) + '.', '', table(verdicts)]
    compared = comparison(records)
    if compared:
        out += ['## Embedded against distributed (medians)', '', compared]
    out += ['## Plan', '', plan_table(plan)]
    return '\n'.join(out)
