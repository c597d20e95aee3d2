"""Turn phase records into flags, a markdown table and a plot."""
import collections
import statistics

SLOW_FACTOR = 3.0


def _key(record):
    return (record['topology'], record['label'], record['wait_s'], record['phase'])


def flag_slow(records, factor=SLOW_FACTOR):
    """Records of phases more than ``factor`` x slower than the median of their
    repetitions; each returned record carries ``median_s``."""
    groups = collections.defaultdict(list)
    for r in records:
        if r.get('wall_s') is not None:
            groups[_key(r)].append(r)
    flagged = []
    for group in groups.values():
        if len(group) < 2:
            continue
        median = statistics.median(r['wall_s'] for r in group)
        for r in group:
            if r['wall_s'] > factor * median:
                flagged.append(dict(r, type='slow', median_s=median))
    return flagged


def _median(values):
    values = [v for v in values if v is not None]
    return statistics.median(values) if values else None


def _fmt(value, digits=2):
    if value is None:
        return 'n/a'
    return f'{value:.{digits}f}'


def summarize(records):
    """One row per (topology, workload, wait, phase): medians over repetitions."""
    groups = collections.OrderedDict()
    for r in records:
        groups.setdefault(_key(r), []).append(r)
    rows = []
    for (topology, label, wait, phase), group in groups.items():
        done = [r for r in group if r.get('status') == 'COMPLETE']
        row = {'topology': topology, 'label': label, 'wait_s': wait, 'phase': phase,
               'workload': group[0]['workload'], 'size': group[0]['size'],
               'runs': len(group), 'ok': len(done),
               'status': group[0].get('status') if not done else 'COMPLETE',
               'reason': next((r.get('reason') for r in group if r.get('reason')), None)}
        if done:
            row.update(
                wall_s=_median(r['wall_s'] for r in done),
                max_s=max(r['wall_s'] for r in done),
                overhead_s=_median(r['overhead_s'] for r in done),
                ms_per_resource=_median(r['ms_per_resource'] for r in done),
                overhead_ms_per_resource=_median(r['overhead_ms_per_resource']
                                                 for r in done),
                statements_per_resource=_median(r.get('statements_per_resource')
                                                for r in done),
                messages_per_resource=_median(r.get('messages_per_resource')
                                              for r in done),
                supersede_latency_s=_median(r.get('supersede_latency_s')
                                            for r in done),
                # The cloud's settle to the resource's end: the median run's
                # median, and the worst run's 99th percentile.
                settle_p50_ms=_median(r.get('settle_p50_ms') for r in done),
                settle_p99_ms=max((r['settle_p99_ms'] for r in done
                                   if r.get('settle_p99_ms') is not None), default=None),
                cpu_s={name: _median(r['processes'].get(name, {}).get('cpu_s')
                                     for r in done)
                       for name in done[0].get('processes', {})},
                peak_rss_mb=max((p['peak_rss_mb'] for r in done
                                 for p in r.get('processes', {}).values()), default=None),
                slow=sum(1 for r in done if r.get('slow')))
            by_role = [r['statements_by_role'] for r in done if 'statements_by_role' in r]
            if by_role:
                row['statements_by_role_per_resource'] = {
                    role: round(_median(b[role] for b in by_role) / row['size'], 2)
                    for role in by_role[0]}
        rows.append(row)
    return rows


def _cpu(row):
    cpu = row.get('cpu_s') or {}
    engines = sum(v for k, v in cpu.items() if k.startswith('engine') and v)
    parts = []
    if 'all' in cpu:
        parts.append(f'all {_fmt(cpu["all"], 1)}')
    if engines:
        parts.append(f'engines {engines:.1f}')
    for name in ('api', 'observer', 'cloud'):
        if cpu.get(name) is not None:
            parts.append(f'{name} {cpu[name]:.1f}')
    # Processes named by --pid (builds started by hand, compared with each
    # other): two decimals, as their differences are small.
    for name in sorted(set(cpu) - {'all', 'api', 'observer', 'cloud'}):
        if not name.startswith('engine') and cpu[name] is not None:
            parts.append(f'{name} {cpu[name]:.2f}')
    return ', '.join(parts) or 'n/a'


def _settles(row):
    if row.get('settle_p50_ms') is None:
        return 'n/a'
    return f'{row["settle_p50_ms"]:.0f} / {row["settle_p99_ms"]:.0f}'


def markdown(rows):
    head = ('| topology | workload | wait s | phase | runs | wall s (median) | max s '
            '| overhead s | ms/resource | DB stmts/res | msgs/res | supersede s '
            '| settle p50/p99 ms | CPU s | peak RSS MB | >3x median |')
    lines = [head, '|' + '---|' * (head.count('|') - 1)]
    for row in rows:
        if row.get('wall_s') is None:
            lines.append(f'| {row["topology"]} | {row["label"]} | {row["wait_s"]:g} | '
                         f'{row["phase"]} | {row["runs"]} | {row["status"]}: '
                         f'{row.get("reason") or ""} |' + ' |' * 10)
            continue
        lines.append(
            f'| {row["topology"]} | {row["label"]} | {row["wait_s"]:g} | {row["phase"]} '
            f'| {row["ok"]}/{row["runs"]} | {_fmt(row["wall_s"])} | {_fmt(row["max_s"])} '
            f'| {_fmt(row["overhead_s"])} | {_fmt(row["ms_per_resource"], 1)} '
            f'| {_fmt(row["statements_per_resource"], 1)} '
            f'| {_fmt(row["messages_per_resource"], 2)} '
            f'| {_fmt(row["supersede_latency_s"], 3)} | {_settles(row)} | {_cpu(row)} '
            f'| {_fmt(row["peak_rss_mb"], 0)} | {row["slow"]} |')
    return '\n'.join(lines) + '\n'


def plot(rows, path):
    """Time and overhead per resource against N, one line per workload
    (and topology), one row of panels per phase: the figure saved at
    ``path`` (None: nothing to draw)."""
    fig = figure(rows)
    if fig is None:
        return None
    from matplotlib import pyplot
    fig.savefig(path, dpi=90)
    pyplot.close(fig)
    return path


def figure(rows):
    """The plot's figure. Its axes start at zero, so that a line's height
    is its size; the overhead panels are drawn only when an action wait
    makes them differ from the wall time (with no wait, they are equal)."""
    import matplotlib
    matplotlib.use('Agg')
    from matplotlib import pyplot

    rows = [r for r in rows if r.get('wall_s') is not None]
    phases = [p for p in ('create', 'update', 'replace', 'supersede', 'delete')
              if any(r['phase'] == p for r in rows)]
    if not phases:
        return None
    panels = [('ms_per_resource', 'wall time per resource (ms)')]
    if any(r.get('wait_s') for r in rows):
        panels.append(('overhead_ms_per_resource', 'overhead per resource (ms)'))
    fig, axes = pyplot.subplots(len(phases), len(panels),
                                figsize=(5.5 * len(panels), 3.2 * len(phases)),
                                squeeze=False)
    # One colour per line in every panel, one legend for the figure.
    keys = sorted({(r['workload'], r['topology'], r['wait_s']) for r in rows})
    colours = {key: f'C{n % 10}' for n, key in enumerate(keys)}
    handles = {}
    for i, phase in enumerate(phases):
        lines = collections.defaultdict(lambda: collections.defaultdict(list))
        for r in rows:
            if r['phase'] == phase:
                lines[(r['workload'], r['topology'], r['wait_s'])][r['size']].append(r)
        for col, (field, title) in enumerate(panels):
            ax = axes[i][col]
            for key, by_size in sorted(lines.items()):
                workload, topology, wait = key
                sizes = sorted(by_size)
                # The median of the repetitions at each N.
                values = [statistics.median(p[field] for p in by_size[n]) for n in sizes]
                label = f'{workload} ({topology}' + (f', wait {wait:g}s)' if wait
                                                     else ')')
                handles[label], = ax.plot(sizes, values, marker='o', label=label,
                                          color=colours[key])
            ax.set_xlim(left=0)
            ax.set_ylim(bottom=0)
            ax.set_xlabel('resources (N)')
            ax.set_title(f'{phase}: {title}')
            ax.grid(True, alpha=0.3)
    width, height = fig.get_size_inches()
    # As many legend columns as the longest label lets fit across the
    # figure (some 0.07 inch a character in the small font, plus the line
    # drawn before it), and room below the panels for its rows.
    longest = max(len(label) for label in handles)
    ncol = max(1, min(3, len(handles), int(width / (0.07 * longest + 0.6))))
    rows = -(-len(handles) // ncol)
    fig.legend(list(handles.values()), list(handles), loc='lower center',
               ncol=ncol, fontsize='small')
    fig.tight_layout(rect=(0, min(0.5, (0.25 * rows + 0.1) / height), 1, 1))
    return fig
