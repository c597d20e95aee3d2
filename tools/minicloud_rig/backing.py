"""The rig's share of MariaDB and RabbitMQ: its databases and its vhost."""
import json
import subprocess
import urllib.parse

from minicloud_rig import layout

# Nobody may listen to notifications; cap what they can pile up.
NOTIFICATION_POLICY = {'message-ttl': 600000, 'max-length': 10000}


class Database:
    """A root connection to the MariaDB the rig's databases live on."""

    def __init__(self, rig):
        url = urllib.parse.urlsplit(rig.db_base.replace('mysql+pymysql',
                                                         'mysql'))
        self.params = dict(host=url.hostname or '127.0.0.1',
                           port=url.port or 3306, user=url.username or 'root',
                           password=urllib.parse.unquote(url.password or ''))

    def _connect(self):
        import pymysql
        return pymysql.connect(autocommit=True, connect_timeout=5,
                               **self.params)

    def query(self, sql, args=None):
        conn = self._connect()
        try:
            with conn.cursor() as cur:
                cur.execute(sql, args)
                return cur.fetchall()
        finally:
            conn.close()

    def ensure_databases(self):
        for name in layout.DATABASES:
            self.query(f'CREATE DATABASE IF NOT EXISTS '
                       f'{layout.DB_PREFIX}{name} CHARACTER SET utf8mb4')

    def drop_databases(self):
        for name in layout.DATABASES:
            self.query(f'DROP DATABASE IF EXISTS {layout.DB_PREFIX}{name}')


def _rabbitmqctl(*args):
    return subprocess.run(['rabbitmqctl', '-q', *args], capture_output=True,
                          text=True, timeout=60)


def ensure_vhost():
    """The vhost, guest's rights on it, and a cap on notification queues."""
    steps = [
        ('add_vhost', layout.VHOST),
        ('set_permissions', '-p', layout.VHOST, 'guest', '.*', '.*', '.*'),
        ('set_policy', '-p', layout.VHOST, '--apply-to', 'queues',
         'minicloud-notifications', r'^(versioned_)?notifications\.',
         json.dumps(NOTIFICATION_POLICY)),
    ]
    for step in steps:
        done = _rabbitmqctl(*step)
        if done.returncode != 0 and 'already_exists' not in (
                done.stdout + done.stderr):
            raise RuntimeError(f'rabbitmqctl {" ".join(step)} failed: '
                               f'{done.stderr.strip() or done.stdout.strip()}')


def drop_vhost():
    done = _rabbitmqctl('delete_vhost', layout.VHOST)
    if done.returncode != 0 and 'no_such_vhost' not in (
            done.stdout + done.stderr):
        raise RuntimeError(f'rabbitmqctl delete_vhost failed: '
                           f'{done.stderr.strip()}')
