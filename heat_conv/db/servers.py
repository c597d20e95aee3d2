"""The database server: which kind and version it is, whether heat-conv
supports it, and which of the SQL that only some servers have it may use.

Supported: MariaDB 10.6+, MySQL 8.0+, PostgreSQL 15+, and SQLite 3.35+ for
the embedded default. MariaDB has two things the others lack, and heat-conv
uses them there: an INSERT of many rows that returns their ids in the same
statement (``INSERT ... RETURNING``, which PostgreSQL and SQLite also have)
and ``JSON_TABLE``, which expands one JSON parameter into rows. Elsewhere
the same writes take a portable form (features). ``[database]
mariadb_extensions = false`` makes a MariaDB server take MySQL's path: the
test suite runs its MariaDB tier that way too, which is how the MySQL path
is tested where no MySQL runs.
"""
import dataclasses
import re
import sqlite3

from oslo_config import cfg

from heat_conv.common import config

CONF = config.CONF

server_opts = [
    cfg.BoolOpt('mariadb_extensions', default=True,
                help='Use the SQL that only MariaDB has (an INSERT of many rows '
                     'with RETURNING, JSON_TABLE) when the server is MariaDB. '
                     'False: take the statements MySQL 8.0 runs, on MariaDB too '
                     '(a few more statements per traversal). For testing '
                     'MySQL\'s path on MariaDB; leave it on in production.'),
]

CONF.register_opts(server_opts, group='database')


def list_opts():
    return [('database', server_opts)]


# kind -> the oldest version heat-conv supports
MINIMUM = {'MariaDB': (10, 6), 'MySQL': (8, 0), 'PostgreSQL': (15,), 'SQLite': (3, 35)}
SUPPORTED = 'MariaDB 10.6+, MySQL 8.0+, PostgreSQL 15+ or SQLite 3.35+'


class Unsupported(Exception):
    """The server is not one heat-conv supports; the message is one line."""


@dataclasses.dataclass(frozen=True)
class Features:
    # An INSERT of many rows that returns their ids (one statement, not an
    # INSERT and a SELECT).
    returning_many: bool
    # MariaDB's JSON_TABLE: many rows as one JSON parameter.
    json_table: bool


def kind_of(dialect):
    """'MariaDB', 'MySQL', 'PostgreSQL' or 'SQLite' (else the dialect's name)."""
    if dialect.name in ('mysql', 'mariadb'):
        return 'MariaDB' if getattr(dialect, 'is_mariadb', False) else 'MySQL'
    return {'postgresql': 'PostgreSQL', 'sqlite': 'SQLite'}.get(dialect.name, dialect.name)


def features(dialect):
    """What the server behind ``dialect`` (connected once) may be asked."""
    mariadb = kind_of(dialect) == 'MariaDB'
    extensions = not mariadb or CONF.database.mariadb_extensions
    return Features(
        returning_many=bool(dialect.insert_executemany_returning) and extensions,
        json_table=mariadb and extensions and
        (dialect.server_version_info or ()) >= MINIMUM['MariaDB'])


def parse_version(text):
    """The leading numbers of a server's version string: '10.11.6-MariaDB-1'
    is (10, 11, 6), '15.4 (Debian 15.4-1)' is (15, 4); () if none."""
    match = re.match(r'\s*(\d+(?:\.\d+)*)', text or '')
    return tuple(int(part) for part in match.group(1).split('.')) if match else ()


def refusal(kind, version_text):
    """Why heat-conv cannot run on this server (one line), or None."""
    if kind not in MINIMUM:
        return (f'the database server is {kind}, which heat-conv does not support; '
                f'it needs {SUPPORTED}')
    version = parse_version(version_text)
    if not version or version < MINIMUM[kind]:
        return (f'the database server is {kind} {version_text or "(version unknown)"}; '
                f'heat-conv needs {SUPPORTED}')
    return None


def version_text(conn):
    """The server's own version string (one statement; none on SQLite)."""
    name = conn.dialect.name
    if name == 'sqlite':
        return sqlite3.sqlite_version
    if name == 'postgresql':
        return conn.exec_driver_sql('SHOW server_version').scalar()
    return conn.exec_driver_sql('SELECT VERSION()').scalar()


def check(engine):
    """Raise Unsupported (one line) unless heat-conv supports the server
    behind ``engine``; returns its kind and version string."""
    with engine.connect() as conn:
        kind, text = kind_of(conn.dialect), version_text(conn)
    reason = refusal(kind, text)
    if reason is not None:
        raise Unsupported(reason)
    return kind, text
