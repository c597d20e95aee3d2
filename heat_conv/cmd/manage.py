"""heat-conv-manage: administrative commands.

    heat-conv-manage [--config-file FILE] db sync|upgrade|version|check
    heat-conv-manage db sync --config-file FILE       (the same)
    heat-conv-manage purge_deleted [-g days|hours|minutes|seconds]
                                   [-p PROJECT] [-b BATCH_SIZE] [AGE]
    heat-conv-manage reset_stack_status STACK_ID
    heat-conv-manage service list|clean
    heat-conv-manage import-heat --heat-connection URL
                                 [--auth-encryption-key KEY] [--project P]
                                 [--dry-run]

The commands are oslo.config sub-commands, so oslo.config's options
(``--config-file``, ``--config-dir``, ``--debug``, ...) work before the
command, as every OpenStack ``*-manage`` accepts them, and after it.
"""
import datetime
import sys

from heat_conv import cmd


def _db_sync(engine, migration):
    before = migration.current_revision(engine)
    migration.upgrade(engine)
    after = migration.current_revision(engine)
    if before == after:
        print(f'database schema at revision {after}: already the latest')
    else:
        print(f'database schema at revision {after} (was {before or "empty"})')
    return 0


def _db_version(engine, migration):
    print(migration.current_revision(engine) or 'empty')
    return 0


def _db_check(engine, migration):
    current, head = migration.current_revision(engine), migration.head_revision()
    if current == head:
        print(f'database schema at revision {current}: the latest')
        return 0
    print(f'database schema at revision {current or "empty"}, the latest is {head}: '
          'run "heat-conv-manage db sync"')
    return 1


def _service_list(engine, migration):
    from heat_conv.cmd import manage_services
    from heat_conv.db import api as db_api
    return manage_services.service_list(db_api)


def _service_clean(engine, migration):
    from heat_conv.cmd import manage_services
    from heat_conv.db import api as db_api
    return manage_services.service_clean(db_api)


# category -> command -> (function, help)
COMMANDS = {
    'db': {
        'sync': (_db_sync, 'Upgrade the schema to the latest version. Safe while '
                           'the services run (see doc/operations.md).'),
        'upgrade': (_db_sync, 'The same as "db sync".'),
        'version': (_db_version, 'Print the schema revision ("empty" before the '
                                 'first sync).'),
        'check': (_db_check, 'Exit 0 if the schema is the latest, 1 if "db sync" '
                             'has work to do.'),
    },
    'service': {
        'list': (_service_list, 'List the engine and observer processes and whether '
                                'each is up (its heartbeat is recent), down (it missed '
                                'its heartbeats) or stopped.'),
        'clean': (_service_clean, 'Remove the processes that are down or stopped from '
                                  'the list.'),
    },
}
CATEGORY_HELP = {'db': 'The database schema.',
                 'service': 'The engine and observer processes.'}

RESET = 'reset_stack_status'
RESET_HELP = ('Make a stack stuck IN_PROGRESS (its engine died and nothing took it '
              'over) FAILED, with its nested stacks and its resources in progress, '
              'so that it can be updated or deleted again. Refused while a live '
              'engine is working on it.')

PURGE = 'purge_deleted'
PURGE_HELP = ('Remove stacks deleted more than AGE ago from the database, with '
              'their nested stacks, resources, events and templates: they are no '
              'longer listed with show_deleted.')
GRANULARITY = ('days', 'hours', 'minutes', 'seconds')
# purge_deleted's own options; each takes a value.
PURGE_OPTIONS = {'-g', '--granularity', '-p', '--project-id', '-b', '--batch_size',
                 '--batch-size'}
IMPORT = 'import-heat'
IMPORT_HELP = ("Take over a Heat database's stacks (nested stacks, resources and "
               "trusts), without touching the cloud: see doc/operations.md, "
               "\"Moving over from Heat\". Stop Heat's engines first.")
IMPORT_OPTIONS = {'--heat-connection', '--auth-encryption-key', '--project'}
# Each command's own options that take a value.
OWN_OPTIONS = {PURGE: PURGE_OPTIONS, IMPORT: IMPORT_OPTIONS, RESET: set()}
# oslo.config's and oslo.log's command-line options that take a value (the
# others are flags), for finding where an option given after purge_deleted
# ends.
VALUE_OPTIONS = {'--config-file', '--config-dir', '--log-file', '--logfile',
                 '--log-dir', '--logdir', '--log-config-append', '--log-config',
                 '--log_config', '--log-date-format', '--syslog-log-facility',
                 '--shell_completion'}


def _add_command_parsers(subparsers):
    for category, commands in COMMANDS.items():
        parser = subparsers.add_parser(category, help=CATEGORY_HELP[category])
        actions = parser.add_subparsers(dest='action', metavar='COMMAND')
        actions.required = True
        for name, (_, help_text) in commands.items():
            actions.add_parser(name, help=help_text, description=help_text)
    purge = subparsers.add_parser(PURGE, help=PURGE_HELP, description=PURGE_HELP)
    purge.add_argument('age', nargs='?', type=int, default=90,
                       help='How long deleted stacks are kept (default: 90).')
    purge.add_argument('-g', '--granularity', choices=GRANULARITY, default='days',
                       help='The unit of AGE (default: days).')
    purge.add_argument('-p', '--project-id', dest='project_id',
                       help='Only the stacks of this project.')
    purge.add_argument('-b', '--batch_size', '--batch-size', dest='batch_size', type=int,
                       default=20, help='Stacks removed per transaction (default: 20); '
                                        'a stack may have many events.')
    heat = subparsers.add_parser(IMPORT, help=IMPORT_HELP, description=IMPORT_HELP)
    heat.add_argument('--heat-connection', required=True,
                      help="Heat's [database] connection URL (read only).")
    heat.add_argument('--auth-encryption-key',
                      help="Heat's auth_encryption_key, which encrypts its stacks' "
                           "trusts (default: Heat's default key).")
    heat.add_argument('--project', help='Only the stacks of this project (id).')
    heat.add_argument('--dry-run', action='store_true',
                      help='Print what would be imported and what could not be, '
                           'with the reasons; write nothing.')
    _add_reset_parser(subparsers)


def _add_reset_parser(subparsers):
    reset = subparsers.add_parser(RESET, help=RESET_HELP, description=RESET_HELP)
    reset.add_argument('stack_id', help='The id of the stack.')


def options_first(argv):
    """Move the command words behind the options.

    oslo.config's parser reads its own options only before a sub-command,
    so ``db sync --config-file F`` becomes ``--config-file F db sync``. The
    db commands carry no arguments, so everything else is an option or an
    option's value, in its order; purge_deleted keeps its own options and
    AGE. A lone ``--`` (``db sync -- --config-file F``, which earlier
    versions required) is dropped.
    """
    argv = [arg for arg in argv if arg != '--']
    for i, word in enumerate(argv[:-1]):
        if word in COMMANDS and argv[i + 1] in COMMANDS[word]:
            return argv[:i] + argv[i + 2:] + argv[i:i + 2]
    for command, options in OWN_OPTIONS.items():
        if command in argv:
            i = argv.index(command)
            own, others = _split_own_arguments(argv[i + 1:], options)
            return argv[:i] + others + [command] + own
    return argv


def _split_own_arguments(words, options):
    own, others, i = [], [], 0
    while i < len(words):
        word = words[i]
        name = word.split('=', 1)[0]
        with_value = '=' not in word
        if name in options or name in ('-h', '--help', '--dry-run') \
                or not word.startswith('-') \
                or word[1:].isdigit():   # a negative AGE, for argparse to refuse
            take = 2 if name in options and with_value else 1
            own += words[i:i + take]
        else:
            take = 2 if name in VALUE_OPTIONS and with_value else 1
            others += words[i:i + take]
        i += take
    return own, others


def _purge_deleted(args, db_api):
    if args.age < 0:
        print('heat-conv-manage: AGE must not be negative', file=sys.stderr)
        return 1
    if args.batch_size < 1:
        print('heat-conv-manage: the batch size must be at least 1', file=sys.stderr)
        return 1
    from heat_conv.common import timeutils
    before = timeutils.utcnow() - datetime.timedelta(**{args.granularity: args.age})
    purged = db_api.stacks_purge_deleted(before, tenant=args.project_id,
                                         batch_size=args.batch_size)
    whose = f' of project {args.project_id}' if args.project_id else ''
    print(f'purged {purged} stack(s){whose} deleted before {before:%Y-%m-%d %H:%M:%S} UTC')
    return 0


def _reset_stack_status(args):
    from heat_conv.engine import api as engine_api
    try:
        done = engine_api.reset_stack_status(args.stack_id)
    except engine_api.ResetRefused as exc:
        print(f'heat-conv-manage: {exc}', file=sys.stderr)
        return 1
    if not done.stacks and not done.resources:
        print(f'stack {args.stack_id} is not IN_PROGRESS: nothing to reset')
        return 0
    print(f'reset {len(done.stacks)} stack(s) and {done.resources} resource(s) to '
          f'FAILED: {", ".join(done.stacks)}')
    return 0


def _import_heat(args, engine):
    import sqlalchemy

    from heat_conv.heat_import import importer
    from heat_conv.heat_import import report_text
    try:
        report = importer.run(args.heat_connection, key=args.auth_encryption_key,
                              project=args.project, dry_run=args.dry_run,
                              own_engine=engine)
    except sqlalchemy.exc.SQLAlchemyError as exc:
        reason = str(getattr(exc, 'orig', None) or exc).splitlines()[0]
        print(f"heat-conv-manage: cannot read Heat's database: {reason}", file=sys.stderr)
        return 1
    for line in report_text.lines(report):
        print(line)
    # 2: some stacks stay with Heat (the report says why); 1 is an error.
    return 2 if report.count(importer.REFUSED) else 0


def main(argv=None):
    cmd.prepare()
    import sqlalchemy
    from oslo_config import cfg
    from oslo_db import exception as db_exception

    from heat_conv.common import config
    from heat_conv.db import clock as db_clock
    from heat_conv.db import migration
    from heat_conv.db import servers
    from heat_conv.db import session

    argv = sys.argv[1:] if argv is None else argv
    config.CONF.register_cli_opt(cfg.SubCommandOpt(
        'category', title='Commands', handler=_add_command_parsers,
        help='Run "heat-conv-manage CATEGORY --help" for its commands.'))
    config.set_lib_defaults()
    # Results go to stdout for scripts to read; logging to stderr.
    config.CONF.set_default('use_stderr', True)
    config.parse_args(options_first(argv), prog='heat-conv-manage')
    category = config.CONF.category
    # Heartbeats are compared with the database's clock (service, reset).
    db_clock.follow()
    from oslo_log import log as logging
    log = logging.getLogger('heat_conv.cmd.manage')
    try:
        engine = session.get_engine()
        log.debug('heat-conv-manage %s on %s', ' '.join(
            w for w in (category.name, getattr(category, 'action', None)) if w),
            engine.url.render_as_string(hide_password=True))
        servers.check(engine)   # connects
    except servers.Unsupported as exc:
        print(f'heat-conv-manage: {exc}', file=sys.stderr)
        return 1
    except (db_exception.DBError, sqlalchemy.exc.OperationalError) as exc:
        reason = str(getattr(exc, 'orig', None) or getattr(exc, 'inner_exception', None)
                     or exc).splitlines()[0]
        print(f'heat-conv-manage: cannot connect to the database of [database] '
              f'connection: {reason}', file=sys.stderr)
        return 1
    if category.name == PURGE:
        from heat_conv.db import api as db_api
        return _purge_deleted(category, db_api)
    if category.name == RESET:
        return _reset_stack_status(category)
    if category.name == IMPORT:
        return _import_heat(category, engine)
    return COMMANDS[category.name][category.action][0](engine, migration)


if __name__ == '__main__':
    sys.exit(main())
