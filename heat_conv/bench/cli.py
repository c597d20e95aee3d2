"""heat-conv-bench: the same workloads against any Heat v1 endpoint.

By default it starts the topology itself (``--topology embedded``:
heat-conv-all on SQLite; ``--topology distributed --engines N``: API, N
engines, observer and cloud as processes on MariaDB and RabbitMQ), each on
a fresh database, and stops it afterwards. ``--endpoint URL`` runs against
a service someone else runs (Heat included); then only what the API shows
is measured.

Writes JSON lines (one per phase, then summaries and flags), a markdown
table and, with matplotlib (the ``bench`` extra), a PNG plot.
"""
import argparse
import json
import os
import sys
import time

from heat_conv.bench import report
from heat_conv.bench import runner
from heat_conv.bench import service_limits
from heat_conv.bench import topology as topologies
from heat_conv.bench import workloads

DEFAULT_WORKLOADS = ['chain:100', 'layered:10x10', 'independent:100',
                     'layered:10x100']


def parse_args(argv):
    p = argparse.ArgumentParser(
        prog='heat-conv-bench', description=__doc__.split('\n\n')[0],
        formatter_class=argparse.RawDescriptionHelpFormatter,
        epilog='Example: heat-conv-bench --topology embedded,distributed '
               '--workload chain:10,100 --workload layered:10x10 --repeat 3 '
               '--output bench-out')
    p.add_argument('--endpoint', help='Heat v1 endpoint (http://HOST:8004/v1/TENANT) '
                   'of a running service; default: start --topology')
    p.add_argument('--token', help='X-Auth-Token for --endpoint')
    p.add_argument('--topology', default='embedded',
                   help='embedded, distributed, or both comma-separated '
                        '(default: embedded)')
    p.add_argument('--engines', type=int, default=2,
                   help='engine processes of the distributed topology (default 2)')
    p.add_argument('--workload', action='append', metavar='NAME:SIZES',
                   help='independent:N, chain:N, layered:LxW, fanin:N, group:N; '
                        'several sizes comma-separated (chain:10,100,1000); '
                        'repeatable (default: ' + ' '.join(DEFAULT_WORKLOADS) + ')')
    p.add_argument('--wait', action='append', type=float, metavar='SECS',
                   help='action_wait_secs of every create, update and delete '
                        '(repeatable; default 0)')
    p.add_argument('--phases', default=','.join(runner.PHASES),
                   help='comma-separated subset of ' + ','.join(runner.PHASES))
    p.add_argument('--repeat', type=int, default=1, metavar='K',
                   help='repetitions of every workload; a phase more than '
                        f'{report.SLOW_FACTOR:g}x slower than the median of its '
                        'repetitions is flagged')
    p.add_argument('--timeout', type=float,
                   help='seconds a phase may take before it counts as stuck')
    p.add_argument('--output', default='bench-results', metavar='DIR',
                   help='where results.jsonl, results.md and results.png go')
    p.add_argument('--no-plot', action='store_true', help='skip the PNG plot')
    p.add_argument('--config', action='append', default=[], metavar='SECTION.KEY=VALUE',
                   help='heat-conv option for the started topology (repeatable), '
                        'e.g. observer.poll_interval=0.2; the limits a workload '
                        'exceeds by default (max_resources_per_stack, '
                        'max_template_size, max_json_body_size) are raised for it')
    p.add_argument('--mysql', default='root@127.0.0.1:3306',
                   help='USER[:PASSWORD]@HOST[:PORT] of a MariaDB account that may '
                        'create databases and users (distributed)')
    p.add_argument('--rabbit', default='guest:guest@127.0.0.1:5672',
                   help='USER:PASSWORD@HOST:PORT of RabbitMQ (distributed)')
    p.add_argument('--transport-latency', action='append', metavar='URL',
                   nargs='?', const='default',
                   help='instead of workloads, measure the per-message latency of '
                        'an oslo.messaging transport URL (repeatable; alone: '
                        'fake://, inproc:// and rabbit:// of --rabbit)')
    p.add_argument('--keep', action='store_true',
                   help='keep the started topology\'s work directory and logs')
    args = p.parse_args(argv)
    args.phases = [x for x in args.phases.split(',') if x]
    unknown = set(args.phases) - set(runner.PHASES)
    if unknown:
        p.error(f'unknown phases: {", ".join(sorted(unknown))}')
    try:
        args.workloads = _workloads(args.workload or DEFAULT_WORKLOADS)
    except ValueError as exc:
        p.error(str(exc))
    args.waits = args.wait or [0.0]
    args.topologies = [t for t in args.topology.split(',') if t]
    if args.endpoint:
        args.topologies = ['external']
    for t in args.topologies:
        if t not in ('embedded', 'distributed', 'external'):
            p.error(f'unknown topology {t!r}')
    return args


def _workloads(specs):
    out = []
    for spec in specs:
        name, _, sizes = spec.partition(':')
        for size in (sizes or '').split(',') or ['']:
            out.append(workloads.parse(f'{name}:{size}'))
    return out


def _topology(name, args):
    # Listed first, so the user's own --config overrides them.
    config = service_limits.needed(args.workloads, args.waits) + args.config
    common = {'keep': args.keep, 'config': config}
    if name == 'external':
        return topologies.External(args.endpoint)
    if name == 'embedded':
        return topologies.Embedded(**common)
    return topologies.Distributed(engines=args.engines, mysql=args.mysql,
                                  rabbit=args.rabbit, **common)


def _progress(record):
    if record['type'] == 'topology':
        print(f'{record["topology"]}: {record["endpoint"]}; statements: '
              f'{record["statements"]}; messages: {record["messages"]}',
              file=sys.stderr, flush=True)
        return
    what = f'{record["topology"]:<15} {record["label"]:<20} {record["phase"]:<9} ' \
           f'rep {record["rep"]}'
    if record.get('wall_s') is None:
        print(f'{what}: {record["status"]} {record.get("reason") or ""}',
              file=sys.stderr, flush=True)
        return
    extra = ''
    if record.get('statements_per_resource') is not None:
        extra += f' {record["statements_per_resource"]:.1f} stmts/res'
    if record.get('messages_per_resource') is not None:
        extra += f' {record["messages_per_resource"]:.2f} msgs/res'
    if record.get('supersede_latency_s') is not None:
        extra += f' takeover {record["supersede_latency_s"] * 1000:.0f} ms'
    print(f'{what}: {record["status"]} {record["wall_s"]:.2f} s{extra}',
          file=sys.stderr, flush=True)


def run(args):
    os.makedirs(args.output, exist_ok=True)
    jsonl = open(os.path.join(args.output, 'results.jsonl'), 'w')
    records = []

    def emit(record):
        records.append(record)
        jsonl.write(json.dumps(record) + '\n')
        jsonl.flush()
        _progress(record)

    started = time.time()
    for name in args.topologies:
        with _topology(name, args) as topo:
            emit({'type': 'topology', 'topology': topo.describe(),
                  'endpoint': topo.endpoint,
                  'statements': topo.statements.source or topo.statements.reason,
                  'messages': topo.messages.source or topo.messages.reason,
                  'processes': sorted(topo.processes.pids),
                  'config': list(getattr(topo, 'config', []))})
            for rep in range(args.repeat):
                for workload in args.workloads:
                    for wait in args.waits:
                        runner.Runner(topo, workload, wait, args.phases, rep,
                                      args.timeout, emit).run()
    phases = [r for r in records if r['type'] == 'phase']
    slow = report.flag_slow(phases)
    for record in slow:
        record['slow'] = True
    marked = {(r['topology'], r['label'], r['wait_s'], r['phase'], r['rep'])
              for r in slow}
    for r in phases:
        r['slow'] = (r['topology'], r['label'], r['wait_s'], r['phase'],
                     r['rep']) in marked
    rows = report.summarize(phases)
    for record in slow:
        emit(dict(record))
        print(f'SLOW: {record["label"]} {record["phase"]} rep {record["rep"]} took '
              f'{record["wall_s"]:.2f} s, median {record["median_s"]:.2f} s',
              file=sys.stderr)
    for row in rows:
        jsonl.write(json.dumps(dict(row, type='summary')) + '\n')
    jsonl.close()
    table = report.markdown(rows)
    with open(os.path.join(args.output, 'results.md'), 'w') as f:
        f.write(f'heat-conv-bench {" ".join(args.argv)}\n\n{table}')
    print(table)
    if not args.no_plot:
        try:
            path = report.plot(rows, os.path.join(args.output, 'results.png'))
            if path:
                print(f'plot: {path}', file=sys.stderr)
        except ImportError:
            print('no plot: matplotlib is not installed (pip install '
                  '"heat-conv[bench]")', file=sys.stderr)
    print(f'{len(phases)} phases in {time.time() - started:.0f} s; results in '
          f'{args.output}', file=sys.stderr)
    failed = [r for r in phases if r['status'] not in ('COMPLETE', 'UNSUPPORTED',
                                                       'SKIPPED')]
    return 1 if failed or slow else 0


def latency(args):
    from heat_conv.bench import transport_latency
    from heat_conv.common import config

    config.set_lib_defaults()
    config.CONF([], project='heat_conv')
    urls = []
    for url in args.transport_latency:
        if url == 'default':
            urls += ['fake://', 'inproc://', f'rabbit://{args.rabbit}/']
        else:
            urls.append(url)
    os.makedirs(args.output, exist_ok=True)
    results = []
    with open(os.path.join(args.output, 'transport.jsonl'), 'w') as out:
        for url in urls:
            result = transport_latency.measure(url)
            results.append(result)
            out.write(json.dumps(result) + '\n')
    table = transport_latency.markdown(results)
    with open(os.path.join(args.output, 'transport.md'), 'w') as f:
        f.write(table)
    print(table)
    return 0


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    args = parse_args(argv)
    args.argv = argv
    if args.transport_latency:
        return latency(args)
    return run(args)
