"""tools/minicloud's commands."""
import argparse
import signal
import sys

from minicloud_rig import layout
from minicloud_rig.procs import RigError


def main(argv=None):
    parser = argparse.ArgumentParser(
        prog='tools/minicloud',
        description='The heat-conv mini-cloud (doc/minicloud.md).')
    sub = parser.add_subparsers(dest='command', required=True)
    install = sub.add_parser('install', help='create/refresh the venv')
    install.add_argument('--force', action='store_true')
    start = sub.add_parser('start', help='start every service')
    start.add_argument('--timeout', type=float, default=900)
    stop = sub.add_parser('stop', help='stop every service')
    stop.add_argument('--purge', action='store_true',
                      help='also drop databases, vhost and state')
    restart = sub.add_parser('restart', help='stop the named processes (all'
                             ' if none) and start the rig again')
    restart.add_argument('processes', nargs='*')
    restart.add_argument('--timeout', type=float, default=900)
    sub.add_parser('status', help='which services run; exit 1 if any is '
                   'down')
    health = sub.add_parser('health', help='the gate: a server and a volume'
                            ' end to end as the demo user')
    health.add_argument('--timeout', type=float, default=120,
                        help='seconds allowed for each wait')
    sub.add_parser('clean', help='delete everything in the demo and alt '
                   'projects (not what start made)')
    orch = sub.add_parser('orchestration-endpoint',
                          help="point the catalog's orchestration at URL")
    orch.add_argument('url')
    sub.add_parser('freeze', help='rewrite tools/minicloud-constraints.txt '
                   'from the venv')
    args = parser.parse_args(argv)
    # `tools/minicloud status | head` should end quietly.
    signal.signal(signal.SIGPIPE, signal.SIG_DFL)
    rig = layout.Rig()
    try:
        if args.command == 'install':
            from minicloud_rig import install as mod
            return mod.install(rig, force=args.force)
        if args.command == 'freeze':
            from minicloud_rig import install as mod
            return mod.freeze(rig)
        if args.command == 'start':
            from minicloud_rig import start as mod
            return mod.start(rig, timeout=args.timeout)
        if args.command == 'stop':
            from minicloud_rig import stop as mod
            return mod.stop(rig, purge=args.purge)
        if args.command == 'restart':
            from minicloud_rig import start as mod
            from minicloud_rig import stop as stop_mod
            stop_mod.stop(rig, only=args.processes)
            return mod.start(rig, timeout=args.timeout)
        if args.command == 'status':
            from minicloud_rig import status as mod
            return mod.status(rig)
        if args.command == 'health':
            from minicloud_rig import health as mod
            return mod.health(rig, timeout=args.timeout)
        if args.command == 'clean':
            from minicloud_rig import clean as mod
            return mod.clean(rig)
        if args.command == 'orchestration-endpoint':
            from minicloud_rig import keystone_setup as mod
            mod.set_orchestration_url(rig, args.url)
            mod.register_catalog(mod.Keystone(rig))
            print(f'minicloud: orchestration endpoint is now {args.url}')
            return 0
    except RigError as exc:
        print(exc.report(), file=sys.stderr)
        return 1
    return 2


if __name__ == '__main__':
    sys.exit(main())
