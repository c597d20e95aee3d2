"""What the servers count: MariaDB statements, RabbitMQ messages, and the
CPU time and peak memory of the processes the benchmark started.

Every counter is read before and after a phase; the difference is the
phase's. Each says where its numbers come from (``source``), and a counter
that cannot count on this endpoint says why instead of guessing.
"""
import os
import shutil
import subprocess
import urllib.parse

import requests

CLOCK_TICKS = os.sysconf('SC_CLK_TCK')


class Unavailable:
    """A counter that cannot count here; ``reason`` says why."""

    settle_secs = 0.0

    def __init__(self, reason):
        self.reason = reason
        self.source = None

    def read(self):
        return None

    @staticmethod
    def delta(before, after):
        return None

    def close(self):
        pass


class MariaDBStatements:
    """Statements the server executed, transaction statements included.

    With ``userstat`` on, per MySQL user from INFORMATION_SCHEMA.USER_STATISTICS
    (the benchmark gives each role its own user, so this counts exactly the
    processes it started, by role); otherwise the server-wide ``Questions``
    status, which also counts any other client of the server.
    """

    def __init__(self, admin_connect, users=None):
        # One connection for the whole run: on a server shared with other
        # work, a connection per reading could be refused ("Too many
        # connections") in the middle of a long run.
        self._conn = admin_connect()
        self.users = dict(users or {})   # role -> MySQL user
        with self._cursor() as cur:
            cur.execute("SHOW GLOBAL VARIABLES LIKE 'userstat'")
            row = cur.fetchone()
        self.per_user = bool(self.users) and row is not None and \
            str(row[1]).upper() in ('ON', '1')
        self.source = ('MariaDB USER_STATISTICS per role (userstat=ON)' if self.per_user
                       else 'MariaDB SHOW GLOBAL STATUS Questions (server-wide: '
                            'includes any other client of this server)')
        self.reason = None

    def _cursor(self):
        self._conn.ping(reconnect=True)
        return self._conn.cursor()

    def close(self):
        self._conn.close()

    def read(self):
        with self._cursor() as cur:
            cur.execute("SHOW GLOBAL STATUS WHERE Variable_name IN "
                        "('Questions', 'Com_commit', 'Com_begin', 'Com_rollback', "
                        "'Connections')")
            status = {name: int(value) for name, value in cur.fetchall()}
            out = {'server': status}
            if self.per_user:
                cur.execute(
                    'SELECT USER, SELECT_COMMANDS, UPDATE_COMMANDS, OTHER_COMMANDS, '
                    'COMMIT_TRANSACTIONS, ROLLBACK_TRANSACTIONS, TOTAL_CONNECTIONS '
                    'FROM INFORMATION_SCHEMA.USER_STATISTICS')
                by_user = {row[0]: row[1:] for row in cur.fetchall()}
                for role, user in self.users.items():
                    sel, upd, other, commits, rollbacks, conns = by_user.get(
                        user, (0,) * 6)
                    out[role] = {'statements': int(sel + upd + other),
                                 'select': int(sel), 'write': int(upd),
                                 'other': int(other), 'commits': int(commits),
                                 'rollbacks': int(rollbacks),
                                 'connections': int(conns)}
        return out

    def delta(self, before, after):
        if before is None or after is None:
            return None
        server = {k: after['server'][k] - before['server'].get(k, 0)
                  for k in after['server']}
        out = {'source': self.source}
        if self.per_user:
            roles = {}
            for role in self.users:
                roles[role] = {k: after[role][k] - before[role][k] for k in after[role]}
            out['by_role'] = roles
            out['statements'] = sum(r['statements'] for r in roles.values())
            out['connections'] = sum(r['connections'] for r in roles.values())
        else:
            # Questions counts the SHOW STATUS of the first read itself.
            out['statements'] = server['Questions'] - 1
            out['connections'] = server['Connections']
        out['server_wide'] = server
        return out


class RabbitMessages:
    """Messages the broker received and delivered.

    From the management HTTP API for the benchmark's own vhost when the
    management plugin is enabled; otherwise from ``rabbitmqctl eval`` of the
    broker's global counters, which include every other vhost's traffic.
    """

    def __init__(self, vhost, management_url='http://127.0.0.1:15672',
                 user='guest', password='guest'):
        self.vhost = vhost
        self._auth = (user, password)
        self._api = management_url.rstrip('/') + '/api/vhosts/' + \
            urllib.parse.quote(vhost, safe='')
        self.reason = None
        self.mode = None
        self.settle_secs = 0.0
        try:
            if requests.get(self._api, auth=self._auth, timeout=5).status_code == 200:
                self.mode = 'management'
        except requests.RequestException:
            pass
        if self.mode is None and shutil.which('rabbitmqctl'):
            if self._global() is not None:
                self.mode = 'rabbitmqctl'
        if self.mode == 'management':
            self.source = f'RabbitMQ management API, vhost {vhost}'
            # The broker publishes its statistics every interval: a read
            # shows what happened up to one interval ago.
            self.settle_secs = self._stats_interval() + 0.5
        elif self.mode == 'rabbitmqctl':
            self.source = ('RabbitMQ global counters via rabbitmqctl (broker-wide: '
                           'includes every other vhost and client)')
        else:
            self.source = None
            self.reason = ('neither the RabbitMQ management API nor rabbitmqctl '
                           'answered on this machine')

    @staticmethod
    def _stats_interval(default=5.0):
        try:
            done = subprocess.run(
                ['rabbitmqctl', 'eval',
                 'application:get_env(rabbit, collect_statistics_interval).'],
                capture_output=True, text=True, timeout=60)
        except (OSError, subprocess.TimeoutExpired):
            return default
        digits = ''.join(c for c in done.stdout if c.isdigit())
        return int(digits) / 1000 if digits else default

    def _global(self):
        code = ('C = rabbit_global_counters:overview(), '
                'P = maps:get([{protocol,amqp091}], C), '
                'Q = maps:get([{protocol,amqp091},{queue_type,rabbit_classic_queue}], C), '
                'io:format("~p ~p~n", [maps:get(messages_received_total, P), '
                'maps:get(messages_delivered_total, Q)]).')
        try:
            done = subprocess.run(['rabbitmqctl', 'eval', code], capture_output=True,
                                  text=True, timeout=60)
        except (OSError, subprocess.TimeoutExpired):
            return None
        for line in done.stdout.splitlines():
            parts = line.split()
            if len(parts) == 2 and all(p.isdigit() for p in parts):
                return {'published': int(parts[0]), 'delivered': int(parts[1])}
        return None

    def read(self):
        if self.mode == 'management':
            stats = requests.get(self._api, auth=self._auth,
                                 timeout=10).json().get('message_stats') or {}
            return {'published': stats.get('publish', 0),
                    'delivered': stats.get('deliver_get', 0)}
        if self.mode == 'rabbitmqctl':
            return self._global()
        return None

    def delta(self, before, after):
        if before is None or after is None:
            return None
        return {'source': self.source,
                'published': after['published'] - before['published'],
                'delivered': after['delivered'] - before['delivered']}


class Processes:
    """CPU seconds and peak RSS of the processes the benchmark started.

    A started process may fork its workers (oslo.service does): each name
    stands for the process and its descendants, CPU summed over them, peak
    RSS the largest of any one of them.
    """

    source = '/proc of the processes the benchmark started (and their children)'
    reason = None

    def __init__(self, pids):
        self.pids = dict(pids)   # name -> pid

    @staticmethod
    def _tree(pid):
        out, todo = [], [pid]
        while todo:
            current = todo.pop()
            out.append(current)
            try:
                for task in os.listdir(f'/proc/{current}/task'):
                    with open(f'/proc/{current}/task/{task}/children') as f:
                        todo.extend(int(c) for c in f.read().split())
            except OSError:
                pass
        return out

    @staticmethod
    def _one(pid):
        try:
            with open(f'/proc/{pid}/stat') as f:
                fields = f.read().rsplit(')', 1)[1].split()
            cpu = (int(fields[11]) + int(fields[12])) / CLOCK_TICKS
            peak = 0
            with open(f'/proc/{pid}/status') as f:
                for line in f:
                    if line.startswith('VmHWM:'):
                        peak = int(line.split()[1]) * 1024
            return cpu, peak
        except (OSError, IndexError, ValueError):
            return None

    def reset_peaks(self):
        """Start a new high-water mark of resident memory (Linux >= 4.0)."""
        for pid in self.pids.values():
            for member in self._tree(pid):
                try:
                    with open(f'/proc/{member}/clear_refs', 'w') as f:
                        f.write('5')
                except OSError:
                    pass

    def read(self):
        out = {}
        for name, pid in self.pids.items():
            seen = [v for v in map(self._one, self._tree(pid)) if v is not None]
            if not seen:
                continue
            out[name] = {'cpu_s': sum(cpu for cpu, _ in seen),
                         'peak_rss_mb': round(max(p for _, p in seen) / 2**20, 1)}
        return out

    def delta(self, before, after):
        out = {}
        for name, now in after.items():
            then = before.get(name, {'cpu_s': 0.0})
            out[name] = {'cpu_s': round(now['cpu_s'] - then['cpu_s'], 2),
                         'peak_rss_mb': now['peak_rss_mb']}
        return out
