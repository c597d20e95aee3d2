"""``heat-conv-bench --doc FILE``: the short table that leads a document,
rewritten from the run that just ended.

One row per workload and phase, one column per service measured (the
median wall time of its completed repetitions), the ratio of each other
service's median to the first one's, and the load the row was measured
at. Only figures of this run go in: a table that mixes runs mixes loads.
The table replaces what lies between the document's two markers, and the
plot of the run is written beside the document, so that one command
regenerates both.
"""
import collections
import os
import statistics
import time

from heat_conv.bench import calibration

BEGIN = '<!-- heat-conv-bench --doc: begin -->'
END = '<!-- heat-conv-bench --doc: end -->'


class MarkersMissing(ValueError):
    pass


def check(path):
    """Refuse a document without the markers before a long run, not after."""
    with open(path) as f:
        text = f.read()
    _bounds(text, path)


def _bounds(text, path='the document'):
    begin, end = text.find(BEGIN), text.find(END)
    if begin < 0 or end < begin:
        raise MarkersMissing(f'{path} has no "{BEGIN}" line followed by "{END}": '
                             'the table goes between them')
    return begin, end + len(END)


def splice(text, block):
    """``text`` with what lies between the markers (kept) replaced by ``block``."""
    begin, end = _bounds(text)
    return text[:begin] + BEGIN + '\n' + block.strip('\n') + '\n' + END + text[end:]


def plot_path(doc_path):
    """Where the run's plot goes: beside the document, named after it."""
    return os.path.splitext(doc_path)[0] + '-headline.png'


def _groups(records):
    """{(label, wait, phase): {topology: [records]}}, and the topologies, both
    in the order the run met them."""
    groups = collections.OrderedDict()
    topologies = []
    for r in records:
        if r.get('type') != 'phase':
            continue
        if r['topology'] not in topologies:
            topologies.append(r['topology'])
        key = (r['label'], r['wait_s'], r['phase'])
        groups.setdefault(key, collections.defaultdict(list))[r['topology']].append(r)
    return groups, topologies


def _median(group):
    done = [r['wall_s'] for r in group if r.get('status') == 'COMPLETE']
    return statistics.median(done) if done else None


def _cell(group):
    median = _median(group)
    if median is not None:
        done = sum(1 for r in group if r.get('status') == 'COMPLETE')
        runs = '' if done == len(group) else f' ({done} of {len(group)})'
        return f'{median:.2f}{runs}'
    if not group:
        return 'not run'
    return group[0].get('status') or 'no value'


def _load(group):
    loads = [r['load_1m'] for r in group if r.get('load_1m') is not None]
    low, high = (f'{min(loads):.1f}', f'{max(loads):.1f}') if loads else ('n/a',) * 2
    text = low if low == high else f'{low}-{high}'
    worst = calibration.busy(group)
    if worst:
        text += f', busy ({worst[0]:.2f} x)'
    return text


def _ratio(other, first):
    if other is None or first is None or first <= 0:
        return 'n/a'
    return f'{other / first:.1f}'


def table(records):
    groups, topologies = _groups(records)
    if not groups:
        return ''
    first, others = topologies[0], topologies[1:]
    head = ['workload', 'phase'] + [f'{t} s' for t in topologies] + \
        [f'{t} / {first}' for t in others] + ['load (1 min)']
    lines = ['| ' + ' | '.join(head) + ' |', '|' + '---|' * len(head)]
    for (label, wait, phase), by_topology in groups.items():
        workload = label + (f', {wait:g} s actions' if wait else '')
        cells = [workload, phase] + [_cell(by_topology.get(t, [])) for t in topologies]
        base = _median(by_topology.get(first, []))
        cells += [_ratio(_median(by_topology.get(t, [])), base) for t in others]
        cells.append(_load([r for g in by_topology.values() for r in g]))
        lines.append('| ' + ' | '.join(cells) + ' |')
    return '\n'.join(lines) + '\n'


def block(records, command, plot_name=None, now=None):
    """The document's lead: when and how it was measured, the table, the plot."""
    phases = [r for r in records if r.get('type') == 'phase']
    _, topologies = _groups(phases)
    loads = [r['load_1m'] for r in phases if r.get('load_1m') is not None]
    when = time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime(now))
    load = (f'; the 1-minute load average was {min(loads):.1f} to {max(loads):.1f}'
            if loads else '')
    repetitions = max((r.get('rep', 0) + 1 for r in phases), default=0)
    names = ' and '.join(filter(None, [', '.join(topologies[:-1]), topologies[-1]])) \
        if topologies else 'nothing'
    lines = [f'Measured {when} on this machine ({os.cpu_count()} cores), '
             f'{names} in the same run, {repetitions} '
             f'repetition{"s" if repetitions != 1 else ""} each{load}. '
             'Seconds are the median wall time of the completed repetitions, from '
             'the request to the status poll that shows the final status; a '
             'ratio over 1 means the first service was faster. "busy" marks a row '
             'where a CPU loop timed around a phase took more than '
             f'{calibration.BUSY_CONTENTION:g} x its CPU time.'
             + (' **One repetition: it shows that the command works, not figures '
                'to quote.**' if repetitions == 1 else ''), '',
             f'`{command}`', '', table(phases)]
    if plot_name:
        lines += ['', f'![wall time per resource against N, this run]({plot_name})']
    return '\n'.join(lines) + '\n'


def update(doc_path, records, command, rows, draw=True, now=None):
    """Rewrite the document's lead and its plot; the plot's path, or None
    when not drawn (``draw`` false, or no matplotlib): the table is
    written all the same."""
    from heat_conv.bench import report
    png = plot_path(doc_path)
    drawn = None
    if draw:
        try:
            drawn = report.plot(rows, png)
        except ImportError:
            pass
    with open(doc_path) as f:
        text = f.read()
    text = splice(text, block(records, command,
                              os.path.basename(png) if drawn else None, now))
    with open(doc_path, 'w') as f:
        f.write(text)
    return drawn
