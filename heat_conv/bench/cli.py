"""heat-conv-bench: the same workloads against any Heat v1 endpoint.

By default it starts the topology itself (``--topology embedded``:
heat-conv-all on SQLite; ``--topology distributed --engines N``: API, N
engines, observer and cloud as processes on MariaDB and RabbitMQ), each on
a fresh database, and stops it afterwards. ``--endpoint URL`` runs against
a service someone else runs (Heat included); then only what the API shows
is measured.

Writes JSON lines (one per phase, then summaries and flags), a markdown
table and, with matplotlib (the ``bench`` extra), a PNG plot.

``--targets`` runs the plan that measures every target of issue 11 in
both topologies and writes targets.md: each target, the measured value,
met or not (``--targets-quick``: the same plan on small stacks).

``--rest SxR:T`` measures what S stacks of R resources cost at rest for T
seconds in the distributed topology (see heat_conv.bench.rest).
"""
import argparse
import json
import os
import sys

from heat_conv.bench import headline
from heat_conv.bench import keystone
from heat_conv.bench import mode_args
from heat_conv.bench import plan as plans
from heat_conv.bench import report
from heat_conv.bench import runner
from heat_conv.bench import session
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
    p.add_argument('--endpoint', action='append', metavar='[NAME=]URL',
                   help='Heat v1 endpoint (http://HOST:8004/v1/TENANT) of a running '
                        'service; with --os-cloud, %%(project_id)s or a URL ending '
                        'in /v1 gets the token\'s project, and "catalog" is the '
                        'orchestration endpoint of its service catalog; '
                        'repeatable, NAME naming each in the results (default: '
                        'start --topology; with --os-cloud alone, the catalog\'s)')
    p.add_argument('--token', help='X-Auth-Token sent to --endpoint')
    p.add_argument('--os-cloud', metavar='CLOUD',
                   help='authenticate as this cloud of clouds.yaml '
                        '(OS_CLIENT_CONFIG_FILE names the file): a token sent with '
                        'every call, renewed as it nears its end; with no --endpoint '
                        'or --topology, the workloads run against the orchestration '
                        'endpoint of the token\'s service catalog')
    p.add_argument('--service-cloud', metavar='CLOUD',
                   help='with --topology keystone: the service user (a cloud of '
                        'clouds.yaml) heat-conv validates tokens as and takes '
                        'trusts for, e.g. minicloud-heat-conv')
    p.add_argument('--calls', action='append', default=[], metavar='NAME=URL',
                   help='the counting proxy (heat_conv.bench.callcount) between '
                        'endpoint NAME and its cloud: service calls per phase')
    p.add_argument('--pid', action='append', default=[], metavar='NAME=PID',
                   help='the process (its children too) serving endpoint NAME, '
                        'on this machine: its CPU seconds and peak memory per phase')
    p.add_argument('--alternate', action='store_true',
                   help='start every topology at once and take their repetitions '
                        'in turn, so that the machine\'s load falls on all alike')
    p.add_argument('--topology',
                   help='embedded, distributed, keystone (the distributed layout '
                        'behind Keystone on a real cloud: --os-cloud, '
                        '--service-cloud; its cloud calls counted), '
                        'comma-separated (default: embedded)')
    p.add_argument('--engines', type=int, default=2,
                   help='engine processes of the distributed topology (default 2)')
    p.add_argument('--workload', action='append', metavar='NAME:SIZES',
                   help='independent:N, chain:N, layered:LxW, fanin:N, group:N; '
                        'on a real cloud servers:N (N servers, each on a port of '
                        'its own) and ports:N; '
                        'several sizes comma-separated (chain:10,100,1000); '
                        'repeatable (default: ' + ' '.join(DEFAULT_WORKLOADS) + ')')
    p.add_argument('--wait', action='append', type=float, metavar='SECS',
                   help='action_wait_secs of every create, update and delete '
                        '(repeatable; default 0)')
    p.add_argument('--phases',
                   help='comma-separated subset of ' + ','.join(runner.PHASES)
                        + ' (default: all)')
    p.add_argument('--repeat', type=int, metavar='K',
                   help='repetitions of every workload (default 1); a phase more '
                        f'than {report.SLOW_FACTOR:g}x slower than the median of its '
                        'repetitions is flagged')
    p.add_argument('--timeout', type=float,
                   help='seconds a phase may take before it counts as stuck')
    p.add_argument('--output', default='bench-results', metavar='DIR',
                   help='where results.jsonl, results.md, results.png (and targets.md) go')
    p.add_argument('--no-plot', action='store_true', help='skip the PNG plot')
    p.add_argument('--doc', metavar='FILE',
                   help='after the run, replace what lies between FILE\'s lines '
                        f'"{headline.BEGIN}" and "{headline.END}" with this run\'s '
                        'table (each workload and phase, each service\'s median, '
                        'their ratio, the load) and write its plot beside FILE '
                        '(FILE-headline.png); doc/performance.md is written so')
    p.add_argument('--config', action='append', default=[], metavar='SECTION.KEY=VALUE',
                   help='heat-conv option for the started topology (repeatable), '
                        'e.g. observer.poll_interval=0.2')
    p.add_argument('--mysql', default='root@127.0.0.1:3306',
                   help='USER[:PASSWORD]@HOST[:PORT] of a MariaDB account that may '
                        'create databases and users (distributed)')
    p.add_argument('--database', choices=('mariadb', 'postgresql'), default='mariadb',
                   help='the server of the distributed topology (default mariadb); '
                        'for MySQL 8.0\'s path on MariaDB, add --config '
                        'database.mariadb_extensions=false')
    p.add_argument('--postgresql', default='postgres@127.0.0.1:5432',
                   help='USER[:PASSWORD]@HOST[:PORT] of a PostgreSQL account that may '
                        'create databases and roles (--database postgresql)')
    p.add_argument('--rabbit', default='guest:guest@127.0.0.1:5672',
                   help='USER:PASSWORD@HOST:PORT of RabbitMQ (distributed)')
    p.add_argument('--transport-latency', action='append', metavar='URL',
                   nargs='?', const='default',
                   help='instead of workloads, measure the per-message latency of '
                        'an oslo.messaging transport URL (repeatable; alone: '
                        'fake://, inproc:// and rabbit:// of --rabbit)')
    p.add_argument('--keep', action='store_true',
                   help='keep the started topology\'s work directory and logs')
    mode = p.add_mutually_exclusive_group()
    mode.add_argument('--targets', action='store_true',
                      help='measure every target of issue 11 (both topologies, '
                           'per-workload waits and repetitions; tens of minutes) '
                           'and write targets.md: target, measured, met?')
    mode.add_argument('--targets-quick', action='store_true',
                      help='the --targets plan on small stacks with 2 repetitions, '
                           'to check in seconds that it runs')
    mode.add_argument('--rest', metavar='SxR:T',
                      help='S stacks of R cloud-backed resources at rest for T seconds '
                           '(distributed topology; e.g. 20x100:60): CPU seconds per '
                           'process, statements and writes MariaDB counted, against '
                           'the same interval idle; writes rest.md and rest.jsonl')
    mode.add_argument('--many', metavar='SxLxW',
                      help='S stacks of LxW layered resources created, updated and '
                           'deleted at once by S clients (distributed topology; issue '
                           '30 asks for 100x10x10): wall time and resources per second '
                           'per engine core of each phase; writes many.md and many.jsonl')
    args = p.parse_args(argv)
    if args.doc:
        mode_args.check_doc(p, args)
    if args.many:
        mode_args.check_many(p, args)
        return args
    if args.rest:
        mode_args.check_rest(p, args)
        return args
    if args.targets or args.targets_quick:
        mode_args.check_targets(p, args)
        args.plan = plans.targets(plans.QUICK if args.targets_quick else plans.FULL)
        return args
    args.phases = [x for x in (args.phases or ','.join(runner.PHASES)).split(',') if x]
    unknown = set(args.phases) - set(runner.PHASES)
    if unknown:
        p.error(f'unknown phases: {", ".join(sorted(unknown))}')
    try:
        args.workloads = _workloads(args.workload or DEFAULT_WORKLOADS)
    except ValueError as exc:
        p.error(str(exc))
    topologies = [t for t in (args.topology or 'embedded').split(',') if t]
    args.endpoints = {}
    if args.os_cloud and not (args.endpoint or args.topology):
        # A cloud and nothing else: measure the Heat its catalog names.
        args.endpoint = [f'{args.os_cloud}={keystone.CATALOG}']
    for spec in args.endpoint or ():
        name, _, url = spec.partition('=') if '=' in spec.split('://')[0] \
            else ('', '', spec)
        args.endpoints[name or 'external'] = url
    if keystone.CATALOG in args.endpoints.values() and not args.os_cloud:
        p.error(f'--endpoint {keystone.CATALOG} is found in the service catalog of '
                '--os-cloud: give --os-cloud')
    if args.endpoints:
        topologies = (topologies if args.topology else []) + list(args.endpoints)
    if args.token and not args.endpoints:
        p.error('--token is sent to --endpoint only: the topologies the tool starts '
                'need none')
    if args.token and args.os_cloud:
        p.error('--token and --os-cloud both say how to authenticate: give one')
    for t in topologies:
        if t not in ('embedded', 'distributed', 'keystone') and t not in args.endpoints:
            p.error(f'unknown topology {t!r}')
    if 'keystone' in topologies and not (args.os_cloud and args.service_cloud):
        p.error('--topology keystone needs --os-cloud and --service-cloud')
    try:
        args.calls = dict(_named(spec) for spec in args.calls)
    except ValueError as exc:
        p.error(str(exc))
    unknown = set(args.calls) - set(args.endpoints)
    if unknown:
        p.error(f'--calls names no --endpoint: {", ".join(sorted(unknown))}')
    args.pids = {}
    for spec in args.pid:
        name, _, pid = spec.partition('=')
        if not name or not pid.isdigit():
            p.error(f'--pid {spec!r}: say NAME=PID')
        args.pids[name] = int(pid)
    unknown = set(args.pids) - set(args.endpoints)
    if unknown:
        p.error(f'--pid names no --endpoint: {", ".join(sorted(unknown))}')
    args.plan = plans.from_flags(topologies, args.workloads, args.wait or [0.0],
                                 args.phases, args.repeat or 1)
    return args


def _named(spec):
    name, sep, url = spec.partition('=')
    if not sep or not name or not url:
        raise ValueError(f'{spec!r}: say NAME=URL')
    return name, url


def _workloads(specs):
    out = []
    for spec in specs:
        name, _, sizes = spec.partition(':')
        for size in (sizes or '').split(',') or ['']:
            out.append(workloads.parse(f'{name}:{size}'))
    return out


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
    if args.rest:
        from heat_conv.bench import rest
        return rest.run(args)
    if args.many:
        from heat_conv.bench import many
        return many.run(args)
    args.user_auth = None
    if args.os_cloud:
        args.user_auth = keystone.user_session(args.os_cloud)
    return session.run(args.plan, args)
