"""heat-conv-manage: administrative commands (``db sync``, ``db version``)."""
import argparse
import sys

from heat_conv import cmd


def main(argv=None):
    cmd.prepare()
    from heat_conv.common import config
    from heat_conv.db import migration
    from heat_conv.db import session

    argv = sys.argv[1:] if argv is None else argv
    parser = argparse.ArgumentParser(
        prog='heat-conv-manage',
        description='Administer heat-conv. Options after "--" go to oslo.config '
                    '(e.g. -- --config-file /etc/heat_conv/heat_conv.conf).')
    sub = parser.add_subparsers(dest='group', required=True)
    db = sub.add_parser('db', help='database schema')
    db_sub = db.add_subparsers(dest='command', required=True)
    db_sub.add_parser('sync', help='upgrade the schema to the latest version')
    db_sub.add_parser('version', help='print the schema version')
    own, _, conf_args = _split(argv)
    args = parser.parse_args(own)
    config.parse_args(conf_args, prog='heat-conv-manage')

    engine = session.get_engine()
    if args.command == 'sync':
        migration.upgrade(engine)
        print('database schema at revision %s' % migration.current_revision(engine))
    else:
        print(migration.current_revision(engine) or 'empty')
    return 0


def _split(argv):
    if '--' in argv:
        i = argv.index('--')
        return argv[:i], '--', argv[i + 1:]
    own = [a for a in argv if not a.startswith('--config')]
    conf = [a for a in argv if a.startswith('--config')]
    return own, None, conf


if __name__ == '__main__':
    sys.exit(main())
