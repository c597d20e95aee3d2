"""tools/heat-functional: run Heat's functional tests against heat-conv-all
(started here) or against ``--endpoint URL``, and report per test."""
import argparse
import datetime
import json
import os
import re
import shutil
import stat
import subprocess
import sys
import time

from tools.heat_functional import embedded
from tools.heat_functional import pool
from tools.heat_functional import report
from tools.heat_functional import rig
from tools.heat_functional import rig_run
from tools.heat_functional import shim
from tools.heat_functional import skips
from tools.heat_functional import tempest_conf

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
DEFAULT_SKIP_FILE = os.path.join(ROOT, 'tools', 'heat-functional-skips.txt')
RIG_SKIP_FILE = os.path.join(ROOT, 'tools', 'heat-functional-rig-skips.txt')
SUITE = 'heat_integrationtests.functional (openstack-heat 27.0.1)'
# Environment that would send the suite's clients somewhere else.
_RESULT_FILES = ('results.json', 'results.txt', 'summary.md', 'tempest.conf', 'tests.json',
                 'heat-conv-all.log')
_FOREIGN_ENV = ('HEAT_URL', 'OS_NO_CLIENT_AUTH', 'TEMPEST_CONFIG', 'TEMPEST_CONFIG_DIR')


def parse_args(argv):
    p = argparse.ArgumentParser(
        prog='heat-functional',
        description="Run Heat's own functional tests (heat_integrationtests.functional) "
                    'against heat-conv-all, started on free ports with a fresh state '
                    'directory, or against a running Heat-compatible endpoint.')
    p.add_argument('patterns', nargs='*', metavar='REGEX',
                   help='run only tests whose id matches one of these (re.search), '
                        'e.g. test_template_resource or "ResourceGroupTest\\.test_props"')
    p.add_argument('--endpoint', metavar='URL',
                   help='a running Heat v1 endpoint, http://HOST:PORT/v1/TENANT, '
                        'instead of starting heat-conv-all')
    p.add_argument('--cloud', choices=('none', 'rig'), default='none',
                   help='"rig": run on the mini-cloud (tools/minicloud) with Keystone '
                        'auth as its users and no client shim, every test that needs '
                        'Nova, Neutron, Cinder, Glance or Keystone included; '
                        'heat-conv-all is started against the rig (default "none": '
                        'the embedded service, no cloud, the shim)')
    p.add_argument('--heat27', action='store_true',
                   help='with --cloud rig: run against the OpenStack Heat 27 that '
                        'tools/heat27 runs beside the rig instead of heat-conv')
    p.add_argument('--token', default=shim.DEFAULT_TOKEN,
                   help='X-Auth-Token the clients send (default: a dummy; '
                        'heat-conv and Heat in noauth mode ignore it)')
    p.add_argument('--concurrency', type=int, default=4, help='tests at once (default 4)')
    p.add_argument('--build-timeout', type=int, default=None,
                   help="seconds the suite waits for a stack or resource status "
                        "([heat_plugin] build_timeout; default 120, 600 with "
                        "--cloud rig)")
    p.add_argument('--build-interval', type=int, default=1,
                   help='seconds between the suite\'s status polls (default 1)')
    p.add_argument('--test-timeout', type=int, default=600,
                   help='seconds one test may take before it is interrupted (default '
                        '600); a worker still busy 120 s later is killed')
    p.add_argument('--results', default='heat-functional-results', metavar='DIR',
                   help='where results.json, results.txt, summary.md and the logs go '
                        '(default ./heat-functional-results)')
    p.add_argument('--skip-file', default=None,
                   help='the skip list (default tools/heat-functional-skips.txt, '
                        'tools/heat-functional-rig-skips.txt with --cloud rig)')
    p.add_argument('--list', action='store_true',
                   help='list the selected tests (and why any is skipped), run nothing')
    args = p.parse_args(argv)
    rig_mode = args.cloud == 'rig'
    if args.heat27 and not rig_mode:
        p.error('--heat27 needs --cloud rig')
    if rig_mode and args.endpoint:
        p.error('--endpoint is for runs without a cloud; with --cloud rig use --heat27 '
                'or the heat-conv started here')
    if args.build_timeout is None:
        args.build_timeout = 600 if rig_mode else 120
    if args.skip_file is None:
        args.skip_file = RIG_SKIP_FILE if rig_mode else DEFAULT_SKIP_FILE
    return args


def select(test_ids, patterns):
    regexes = [re.compile(p) for p in patterns]
    return [t for t in test_ids if not regexes or any(r.search(t) for r in regexes)]


def worker_env(results_dir, endpoint, token, extra_path=None):
    env = {k: v for k, v in os.environ.items()
           if k not in _FOREIGN_ENV and not k.startswith('OS_')}
    env.update({
        'TEMPEST_CONFIG_DIR': results_dir,
        'TEMPEST_CONFIG': 'tempest.conf',
        'PYTHONPATH': os.pathsep.join(p for p in (ROOT, env.get('PYTHONPATH')) if p),
    })
    if endpoint:
        env[shim.ENDPOINT_VAR] = endpoint
        env[shim.TOKEN_VAR] = token
    if extra_path:
        env['PATH'] = os.pathsep.join((extra_path, env.get('PATH', '')))
    return env


def list_tests(env, results_dir):
    path = os.path.join(results_dir, 'tests.json')
    done = subprocess.run([sys.executable, '-m', 'tools.heat_functional.worker', '--list', path],
                          env=env, capture_output=True, text=True)
    if done.returncode != 0:
        raise SystemExit('heat-functional: could not load the suite:\n'
                         f'{(done.stdout + done.stderr)[-5000:]}')
    with open(path, encoding='utf-8') as f:
        return json.load(f)


def write_heat_manage(bin_dir, command, conf_args):
    """test_purge runs ``heat-manage purge_deleted`` on the service's host:
    here that is heat-conv-manage on the started service's configuration
    (or Heat 27's own heat-manage)."""
    path = os.path.join(bin_dir, 'heat-manage')
    with open(path, 'w', encoding='utf-8') as f:
        f.write('#!/bin/sh\n# heat-manage for Heat\'s functional tests: heat-conv-manage\n'
                f'exec {" ".join(command)} "$@" {" ".join(conf_args)}\n')
    os.chmod(path, os.stat(path).st_mode | stat.S_IXUSR | stat.S_IXGRP | stat.S_IXOTH)


def prepare_results_dir(path):
    """Create ``path``; remove what an earlier run left there (only the
    runner's own files), since it would mislead."""
    os.makedirs(path, exist_ok=True)
    for name in os.listdir(path):
        full = os.path.join(path, name)
        if name == 'bin':
            shutil.rmtree(full)
        elif name in _RESULT_FILES or (name.startswith('worker-') and name.endswith('.log')):
            os.remove(full)


def main(argv=None):
    args = parse_args(sys.argv[1:] if argv is None else argv)
    results_dir = os.path.abspath(args.results)
    prepare_results_dir(results_dir)
    active_skips = skips.active(skips.load(args.skip_file), bool(args.endpoint))
    # Without a cloud the suite's configuration is written here; on the rig,
    # once the rig's objects exist (rig_run).
    tenant = shim.tenant_of(args.endpoint) if args.endpoint else embedded.TENANT
    tempest_conf.write(os.path.join(results_dir, 'tempest.conf'), tenant,
                       [s.entry for s in active_skips], args.build_timeout, args.build_interval)

    selected = select(list_tests(worker_env(results_dir, None, None), results_dir), args.patterns)
    if args.list:
        for test_id in selected:
            why = skips.reason_for(test_id, active_skips)
            print(test_id + (f'  [skip: {why}]' if why else ''))
        return 0
    if not selected:
        print('heat-functional: no test matches', ' '.join(args.patterns), file=sys.stderr)
        return 2

    started_at = datetime.datetime.now(datetime.timezone.utc)
    t0 = time.monotonic()
    if args.cloud == 'rig':
        endpoint, embedded_run, records, left = _run_on_rig(args, results_dir, selected,
                                                            active_skips)
    else:
        endpoint, embedded_run, records = _run_without_cloud(args, results_dir, selected,
                                                             active_skips)
        left = []
    wall = time.monotonic() - t0

    run_info = {'suite': SUITE, 'endpoint': endpoint, 'embedded': embedded_run,
                'cloud': args.cloud, 'heat27': args.heat27, 'left_on_cloud': left,
                'selection': args.patterns, 'started': started_at.isoformat(timespec='seconds'),
                'wall_seconds': round(wall, 1), 'concurrency': args.concurrency,
                'build_timeout': args.build_timeout, 'skip_file': args.skip_file}
    report.write(results_dir, records, run_info)
    failures = [r for r in records if r['status'] == 'fail']
    if failures:
        print('\nFailed:')
        for rec in sorted(failures, key=lambda r: r['id']):
            print(f'  {report.short(rec["id"])}: {report.first_line(rec["reason"], 200)}')
    print(f'\nwall time {wall:.0f} s; summary in {os.path.join(results_dir, "summary.md")}')
    if report.skip_listed(records):
        print(f'{report.skip_listed(records)} of the skips are on the skip list '
              f'({os.path.relpath(args.skip_file)})')
    print(report.closing_line(records))
    return 1 if failures or left else 0


def _run_without_cloud(args, results_dir, selected, active_skips):
    service = None
    try:
        if args.endpoint:
            endpoint, extra_path = args.endpoint.rstrip('/'), None
        else:
            print('heat-functional: starting heat-conv-all ...', flush=True)
            service = embedded.EmbeddedService(os.path.dirname(sys.executable),
                                               os.path.join(results_dir, 'heat-conv-all.log'))
            service.start()
            endpoint = service.endpoint
            extra_path = os.path.join(results_dir, 'bin')
            os.makedirs(extra_path, exist_ok=True)
            write_heat_manage(extra_path, *service.manage_command())
        print(f'heat-functional: {len(selected)} tests against {endpoint}, '
              f'{args.concurrency} at a time; results in {results_dir}', flush=True)
        records = _run(selected, args, results_dir,
                       worker_env(results_dir, endpoint, args.token, extra_path), active_skips)
    finally:
        if service is not None:
            service.stop()
    return endpoint, service is not None, records


def _run_on_rig(args, results_dir, selected, active_skips):
    """The suite on the mini-cloud: its clients log in to Keystone (the
    catalog proxy) as the rig's users; no shim."""
    run = rig_run.RigRun(args, results_dir, [s.entry for s in active_skips],
                         write_heat_manage, log=lambda text: print(text, flush=True))
    prefixes = sorted({stack_prefix(test_id) for test_id in selected})
    try:
        run.start(os.path.dirname(sys.executable), prefixes)
        target = 'Heat 27' if args.heat27 else 'heat-conv'
        print(f'heat-functional: {len(selected)} tests against {target} at {run.endpoint} '
              f'on the rig, {args.concurrency} at a time; results in {results_dir}',
              flush=True)
        records = _run(selected, args, results_dir,
                       worker_env(results_dir, None, None, run.extra_path), active_skips)
    except rig.RigError as exc:
        raise SystemExit(f'heat-functional: {exc}')
    finally:
        run.stop()
    return run.endpoint, run.embedded, records, run.left_behind


def stack_prefix(test_id):
    """The start of the names the suite gives a test's stacks
    (``Class-test_method-N``)."""
    path = test_id.split('(', 1)[0].split('.')
    return '-'.join(path[-2:]) + '-'


def _run(selected, args, results_dir, env, active_skips):
    done = []

    def on_result(rec):
        if rec['status'] == 'skip':
            why = skips.reason_for(rec['id'], active_skips)
            if why:
                rec['reason'] = report.SKIP_LIST_PREFIX + why
        rec.pop('event', None)
        done.append(rec)
        print(report.line(rec, len(done), len(selected)), flush=True)

    command = [sys.executable, '-m', 'tools.heat_functional.worker',
               '--timeout', str(args.test_timeout)]
    workers = pool.Pool(command, env, results_dir, args.concurrency,
                        hard_timeout=args.test_timeout + 120)
    workers.run(selected, on_result)
    return done
