"""The distributed topology on PostgreSQL, and what PostgreSQL counts.

PostgreSQL counts statements only with the pg_stat_statements module
loaded at the server's start (``shared_preload_libraries``); then every
statement of every session is counted, BEGIN and COMMIT included
(``pg_stat_statements.track_utility``, on by default), by role and
database, as MariaDB's USER_STATISTICS counts them. Without it the
statements are not counted, and the benchmark says so.
"""
from heat_conv.bench import settle_latency
from heat_conv.bench import topology


class Distributed(topology.Distributed):
    """API, N engines, observer and cloud on PostgreSQL and RabbitMQ; each
    role connects as a login role of its own, a member of the role that
    owns the database."""

    def __init__(self, postgresql='postgres@127.0.0.1:5432', **kwargs):
        super().__init__(**kwargs)
        self.pg_user, _, hostport = postgresql.rpartition('@')
        self.pg_user, _, self.pg_password = self.pg_user.partition(':')
        self.pg_host, _, port = hostport.partition(':')
        self.pg_port = int(port or 5432)
        self.owner = f'hcb_own_{self.suffix}'

    def describe(self):
        return f'distributed-{self.engines}e-pg'

    def _admin(self, database='postgres'):
        import psycopg
        return psycopg.connect(host=self.pg_host, port=self.pg_port,
                               user=self.pg_user or 'postgres',
                               password=self.pg_password or None, dbname=database,
                               autocommit=True)

    def _make_database(self):
        with self._admin() as conn:
            conn.execute(f'CREATE ROLE {self.owner} NOLOGIN')
            conn.execute(f'CREATE DATABASE {self.database} OWNER {self.owner}')
            self._db_made = True
            for user in self.users.values():
                conn.execute(f"CREATE ROLE {user} LOGIN PASSWORD '{self.suffix}' "
                             f'IN ROLE {self.owner}')
        # The engine's role creates the tables (db sync); every role uses them.
        with self._admin(self.database) as conn:
            for kind in ('TABLES', 'SEQUENCES'):
                conn.execute(f'ALTER DEFAULT PRIVILEGES FOR ROLE {self.users["engine"]} '
                             f'IN SCHEMA public GRANT ALL ON {kind} TO {self.owner}')

    def _db_url(self, role):
        return (f'postgresql+psycopg://{self.users[role]}:{self.suffix}@{self.pg_host}:'
                f'{self.pg_port}/{self.database}')

    def _statement_counter(self):
        return PostgreSQLStatements(self._admin, self.database, self.users)

    def _settle_reader(self):
        return settle_latency.ServerRows(lambda: self._admin(self.database), 'resource')

    def _drop_database(self):
        if not self._db_made:
            return
        try:
            with self._admin() as conn:
                conn.execute(f'DROP DATABASE IF EXISTS {self.database} WITH (FORCE)')
                for user in self.users.values():
                    conn.execute(f'DROP ROLE IF EXISTS {user}')
                conn.execute(f'DROP ROLE IF EXISTS {self.owner}')
        except Exception as exc:   # report, and go on cleaning up
            print(f'could not drop {self.database}: {exc}')


class PostgreSQLStatements:
    """Statements the server executed in the benchmark's database, by role
    (pg_stat_statements), and the sessions it opened (pg_stat_database)."""

    def __init__(self, admin_connect, database, users):
        self._connect = admin_connect
        self._conn = admin_connect()
        self.database = database
        self.users = dict(users)   # role -> PostgreSQL login role
        (preloaded,) = self._conn.execute('SHOW shared_preload_libraries').fetchone()
        self.reason = None
        if 'pg_stat_statements' not in preloaded:
            self.reason = ('PostgreSQL counts statements only with pg_stat_statements '
                           'in shared_preload_libraries (doc/performance.md)')
        else:
            self._conn.execute('CREATE EXTENSION IF NOT EXISTS pg_stat_statements')
        self.source = None if self.reason else \
            'PostgreSQL pg_stat_statements per role (track_utility: BEGIN/COMMIT too)'

    def close(self):
        self._conn.close()

    def read(self):
        if self.reason:
            return None
        if self._conn.closed:
            self._conn = self._connect()
        rows = self._conn.execute(
            'SELECT r.rolname, sum(s.calls), '
            "sum(s.calls) FILTER (WHERE upper(s.query) IN ('COMMIT', 'END')), "
            "sum(s.calls) FILTER (WHERE upper(s.query) = 'ROLLBACK') "
            'FROM pg_stat_statements s JOIN pg_roles r ON r.oid = s.userid '
            'JOIN pg_database d ON d.oid = s.dbid WHERE d.datname = %s '
            'GROUP BY r.rolname', (self.database,)).fetchall()
        by_user = {name: (int(calls or 0), int(commits or 0), int(rollbacks or 0))
                   for name, calls, commits, rollbacks in rows}
        (sessions,) = self._conn.execute(
            'SELECT sessions FROM pg_stat_database WHERE datname = %s',
            (self.database,)).fetchone()
        out = {'server': {'sessions': int(sessions or 0)}}
        for role, user in self.users.items():
            calls, commits, rollbacks = by_user.get(user, (0, 0, 0))
            out[role] = {'statements': calls, 'commits': commits, 'rollbacks': rollbacks}
        return out

    def delta(self, before, after):
        if before is None or after is None:
            return None
        roles = {role: {k: after[role][k] - before[role][k] for k in after[role]}
                 for role in self.users}
        return {'source': self.source, 'by_role': roles,
                'statements': sum(r['statements'] for r in roles.values()),
                'connections': after['server']['sessions'] - before['server']['sessions'],
                'server_wide': None}
