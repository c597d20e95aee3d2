"""The real-cloud table: each phase of each service, with the service calls
the cloud received (the counting proxy's) and the load average beside it.

Rows are in the order the phases ran within a workload, repetition by
repetition, so that alternated runs of two services sit next to each
other; the ratio lines compare the medians of the services' wall times.
"""
import collections
import statistics


def _server_reads(by_call, one):
    """Nova's server status reads: lists of servers, or one server's."""
    wanted = '/servers/{id}' if one else ('/servers', '/servers/detail')
    return sum(n for key, n in by_call.items() if key.startswith('compute GET ')
               and key.split('?')[0].endswith(wanted))


def rows(records):
    out = []
    for r in records:
        if r.get('type') != 'phase' or r.get('service_calls') is None:
            continue
        by_call = r['service_calls_by_call']
        kinds = r['service_calls_by_kind']
        out.append({
            'workload': r['label'], 'phase': r['phase'], 'rep': r['rep'],
            'service': r['topology'], 'status': r['status'], 'wall_s': r.get('wall_s'),
            'load': r.get('load_1m'), 'resources': r['resources'],
            'calls': r['service_calls'], 'per_resource': r['service_calls_per_resource'],
            'writes': kinds.get('write', 0), 'lists': kinds.get('list', 0),
            'reads_one': kinds.get('read one', 0),
            'server_lists': _server_reads(by_call, one=False),
            'server_reads_one': _server_reads(by_call, one=True)})
    return out


def ratios(table):
    """{(workload, phase): {service: median wall s}}."""
    walls = collections.defaultdict(lambda: collections.defaultdict(list))
    for row in table:
        if row['status'] == 'COMPLETE':
            walls[(row['workload'], row['phase'])][row['service']].append(row['wall_s'])
    return {key: {svc: statistics.median(v) for svc, v in by_service.items()}
            for key, by_service in walls.items()}


def markdown(records):
    table = rows(records)
    if not table:
        return ''
    head = ('| workload | phase | rep | service | wall s | load avg (1 min) '
            '| service calls | per resource | writes | lists | reads of one object '
            '| Nova server lists | Nova reads of one server |')
    lines = [head, '|' + '---|' * (head.count('|') - 1)]
    order = {key: n for n, key in enumerate(dict.fromkeys(
        (row['workload'], row['phase']) for row in table))}
    for row in sorted(table, key=lambda r: (order[(r['workload'], r['phase'])],
                                            r['rep'])):
        wall = f'{row["wall_s"]:.1f}' if row['status'] == 'COMPLETE' else row['status']
        lines.append(
            f'| {row["workload"]} | {row["phase"]} | {row["rep"]} | {row["service"]} '
            f'| {wall} | {row["load"]:.1f} | {row["calls"]} | {row["per_resource"]:.2f} '
            f'| {row["writes"]} | {row["lists"]} | {row["reads_one"]} '
            f'| {row["server_lists"]} | {row["server_reads_one"]} |')
    lines.append('')
    for (workload, phase), medians in ratios(table).items():
        parts = ', '.join(f'{svc} {wall:.1f} s' for svc, wall in medians.items())
        line = f'- {workload} {phase}, median wall time: {parts}'
        if len(medians) == 2:
            (a, wa), (b, wb) = medians.items()
            line += f'; {a} / {b} = {wa / wb:.2f}'
        lines.append(line)
    return '\n'.join(lines) + '\n'


def main(argv=None):
    """``python -m heat_conv.bench.cloud_report results.jsonl``: the table
    again from a run's records."""
    import json
    import sys
    argv = sys.argv[1:] if argv is None else argv
    if len(argv) != 1:
        print('usage: python -m heat_conv.bench.cloud_report RESULTS.jsonl',
              file=sys.stderr)
        return 2
    with open(argv[0]) as f:
        records = [json.loads(line) for line in f if line.strip()]
    print(markdown(records), end='')
    return 0


if __name__ == '__main__':
    raise SystemExit(main())
