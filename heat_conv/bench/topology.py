"""The services the benchmark runs against, started and stopped by it.

``Embedded``: one ``heat-conv-all`` on a fresh SQLite database.
``Distributed``: the production layout as separate processes (API, N
engines, observer, simulated cloud) on a fresh MariaDB database and a fresh
RabbitMQ vhost, each role connecting as its own MySQL user so the server
counts each role's statements. ``External``: an endpoint someone else runs;
only what its API shows can be measured.
"""
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import uuid

import requests

from heat_conv.bench import counters
from heat_conv.bench import settle_latency

TENANT = 'admin'


_given_ports = set()


def free_port():
    """A port nothing listens on, never one this process was given before.

    The kernel may hand the same free port to two binds in a row; a service
    given it for its API and its cloud then fails to start.
    """
    while True:
        with socket.socket() as sock:
            sock.bind(('127.0.0.1', 0))
            port = sock.getsockname()[1]
        if port not in _given_ports:
            _given_ports.add(port)
            return port


def _wait_for(what, ready, procs, timeout=120):
    deadline = time.monotonic() + timeout
    while not ready():
        for name, proc in procs.items():
            if proc.poll() is not None:
                raise RuntimeError(f'{name} exited with {proc.returncode} while '
                                   f'waiting for {what}')
        if time.monotonic() > deadline:
            raise RuntimeError(f'timed out waiting for {what}')
        time.sleep(0.1)


def _http_ok(url):
    try:
        return requests.get(url, timeout=2).status_code == 200
    except requests.RequestException:
        return False


def _config_text(sections):
    lines = []
    for section, values in sections.items():
        lines.append(f'[{section}]')
        lines.extend(f'{key} = {value}' for key, value in values.items())
    return '\n'.join(lines) + '\n'


def _merge(base, overrides):
    """``overrides``: ['section.key=value', ...] on top of ``base``."""
    out = {section: dict(values) for section, values in base.items()}
    for item in overrides or ():
        key, _, value = item.partition('=')
        section, _, name = key.rpartition('.')
        out.setdefault(section or 'DEFAULT', {})[name] = value
    return out


class Topology:
    """Processes the benchmark started; subclasses start them."""

    name = None
    endpoint = None

    def __init__(self, workdir=None, keep=False, config=()):
        self.workdir = workdir or tempfile.mkdtemp(prefix='heat-conv-bench-')
        self.keep = keep
        self.config = list(config)
        self.procs = {}
        self._logs = []
        self.statements = counters.Unavailable('not measured')
        self.messages = counters.Unavailable('not measured')
        self.processes = counters.Processes({})
        self.calls = counters.Unavailable(
            'no counting proxy between this service and a cloud')
        self.settles = settle_latency.Unavailable('not measured')
        # The counters as the last phase ended, while nothing ran since.
        self.last_reading = None
        # How the API is authenticated: a fixed token, or a keystoneauth
        # Session asked at every call (None: no auth).
        self.token = None
        self.auth = None
        self.tenant = TENANT

    def _spawn(self, name, module, *config_files, args=()):
        log = open(os.path.join(self.workdir, f'{name}.log'), 'wb')
        self._logs.append(log)
        argv = [sys.executable, '-c', f'import sys; from {module} import main; '
                f'sys.exit(main())', *args]
        for path in config_files:
            argv += ['--config-file', path]
        self.procs[name] = subprocess.Popen(argv, stdout=log, stderr=subprocess.STDOUT,
                                            start_new_session=True)
        return self.procs[name]

    def _write(self, name, sections):
        path = os.path.join(self.workdir, name)
        with open(path, 'w') as f:
            f.write(_config_text(_merge(sections, self.config)))
        return path

    def describe(self):
        return self.name

    def stop(self):
        for proc in self.procs.values():
            if proc.poll() is None:
                proc.send_signal(signal.SIGTERM)
        for name, proc in self.procs.items():
            try:
                proc.wait(timeout=30)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()
        for log in self._logs:
            log.close()
        self.statements.close()
        self._cleanup()
        if not self.keep:
            shutil.rmtree(self.workdir, ignore_errors=True)

    def _cleanup(self):
        pass

    def log_tail(self, chars=3000):
        out = []
        for name in self.procs:
            path = os.path.join(self.workdir, f'{name}.log')
            try:
                with open(path, errors='replace') as f:
                    out.append(f'--- {name} ---\n' + f.read()[-chars:])
            except OSError:
                pass
        return '\n'.join(out)

    def __enter__(self):
        try:
            self.start()
        except BaseException:
            self.stop()
            raise
        return self

    def __exit__(self, *exc):
        self.stop()


class External(Topology):
    name = 'external'

    def __init__(self, endpoint, name=None, pid=None, **kwargs):
        super().__init__(**kwargs)
        self.endpoint = endpoint
        # --endpoint NAME=URL: the name the results carry, so that two
        # endpoints measured in one run can be told apart.
        self.name = name or self.name
        why = 'the endpoint is not started by the benchmark: its servers\' counters ' \
              'are not visible'
        self.statements = counters.Unavailable(why)
        self.messages = counters.Unavailable(why)
        self.settles = settle_latency.Unavailable(
            'the endpoint is not started by the benchmark: its database is not visible')
        # --pid NAME=PID: whoever started the endpoint says which process
        # serves it, so that its CPU is counted as a started topology's is.
        self.processes = counters.Processes({name or self.name: pid} if pid else {})

    def start(self):
        pass

    def stop(self):
        pass


class Embedded(Topology):
    """heat-conv-all on SQLite with its in-process transport."""

    name = 'embedded'

    def start(self):
        api_port, cloud_port = free_port(), free_port()
        conf = self._write('heat_conv.conf', {
            'DEFAULT': {'state_path': self.workdir},
            'api': {'bind_port': api_port},
            'cloud': {'bind_port': cloud_port}})
        self._spawn('all', 'heat_conv.cmd.all', conf)
        base = f'http://127.0.0.1:{api_port}'
        _wait_for('heat-conv-all', lambda: _http_ok(base + '/healthcheck'), self.procs)
        self.endpoint = f'{base}/v1/{TENANT}'
        self.statements = counters.Unavailable(
            'SQLite has no server to count statements (embedded topology)')
        self.messages = counters.Unavailable(
            'messages travel in-process, with no broker to count them '
            '(embedded topology)')
        self.processes = counters.Processes({'all': self.procs['all'].pid})
        self.settles = settle_latency.SQLiteRows(os.path.join(self.workdir,
                                                              'heat_conv.sqlite'))


class Distributed(Topology):
    """API, N engines, observer and cloud on MariaDB and RabbitMQ."""

    name = 'distributed'
    ROLES = ('api', 'engine', 'observer')

    def __init__(self, engines=2, mysql='root@127.0.0.1:3306',
                 rabbit='guest:guest@127.0.0.1:5672', **kwargs):
        super().__init__(**kwargs)
        self.engines = engines
        self.mysql_user, _, hostport = mysql.rpartition('@')
        self.mysql_user, _, self.mysql_password = self.mysql_user.partition(':')
        self.mysql_host, _, port = hostport.partition(':')
        self.mysql_port = int(port or 3306)
        self.rabbit = rabbit
        creds = rabbit.rpartition('@')[0]
        self.rabbit_user, _, self.rabbit_password = creds.partition(':')
        self.suffix = uuid.uuid4().hex[:10]
        self.database = f'heat_conv_bench_{self.suffix}'
        self.users = {role: f'hcb_{role[:3]}_{self.suffix}' for role in self.ROLES}
        self.vhost = f'heat-conv-bench-{self.suffix}'
        self._vhost_made = False
        self._db_made = False

    def describe(self):
        return f'distributed-{self.engines}e'

    def _admin(self):
        import pymysql
        return pymysql.connect(host=self.mysql_host, port=self.mysql_port,
                               user=self.mysql_user or 'root',
                               password=self.mysql_password, autocommit=True,
                               ssl_disabled=True)

    def _make_database(self):
        with self._admin() as conn, conn.cursor() as cur:
            cur.execute(f'CREATE DATABASE {self.database} CHARACTER SET utf8mb4')
            self._db_made = True
            for user in self.users.values():
                cur.execute(f"CREATE USER '{user}'@'%' IDENTIFIED BY '{self.suffix}'")
                cur.execute(f"GRANT ALL ON {self.database}.* TO '{user}'@'%'")

    def _statement_counter(self):
        return counters.MariaDBStatements(self._admin, self.users)

    def _settle_reader(self):
        return settle_latency.ServerRows(self._admin, f'{self.database}.resource')

    def _db_url(self, role):
        return (f'mysql+pymysql://{self.users[role]}:{self.suffix}@{self.mysql_host}:'
                f'{self.mysql_port}/{self.database}?charset=utf8mb4')

    def _make_vhost(self):
        try:
            done = subprocess.run(['rabbitmqctl', 'add_vhost', self.vhost],
                                  capture_output=True, text=True, timeout=60)
            user = self.rabbit_user
            if done.returncode == 0:
                self._vhost_made = True
                subprocess.run(['rabbitmqctl', 'set_permissions', '-p', self.vhost,
                                user, '.*', '.*', '.*'], capture_output=True,
                               timeout=60, check=True)
                return self.vhost
        except (OSError, subprocess.SubprocessError):
            pass
        return None   # the default vhost, with a topic of our own

    def start(self):
        self._make_database()
        vhost = self._make_vhost()
        api_port, cloud_port = free_port(), free_port()
        transport = f'rabbit://{self.rabbit}/' + (vhost or '')
        common = self._write('common.conf', {
            'DEFAULT': {'state_path': self.workdir, 'transport_url': transport,
                        'control_exchange': f'heat_conv_bench_{self.suffix}'},
            'engine': {'topic': f'heat-conv-bench-{self.suffix}'},
            'api': {'bind_port': api_port},
            'cloud': {'bind_port': cloud_port, 'url': f'http://127.0.0.1:{cloud_port}',
                      'store_path': os.path.join(self.workdir, 'cloud.sqlite'),
                      # Its own queue, should the run share the default vhost.
                      'notification_topic': f'heat-conv-bench-cloud-{self.suffix}'}})
        role_conf = {role: self._write(f'{role}.conf', {
            'database': {'connection': self._db_url(role)}}) for role in self.ROLES}

        migrate = subprocess.run(
            [sys.executable, '-c', 'import sys; from heat_conv.cmd.manage import main; '
             'sys.exit(main())', 'db', 'sync', '--', '--config-file', common,
             '--config-file', role_conf['engine']],
            capture_output=True, text=True, timeout=300)
        if migrate.returncode:
            raise RuntimeError('db sync failed:\n' + migrate.stdout + migrate.stderr)

        self._spawn('cloud', 'heat_conv.cmd.cloud', common)
        _wait_for('the simulated cloud',
                  lambda: _http_ok(f'http://127.0.0.1:{cloud_port}/v1/objects'),
                  self.procs)
        for i in range(self.engines):
            self._spawn(f'engine-{i}', 'heat_conv.cmd.engine', common,
                        role_conf['engine'])
        self._spawn('observer', 'heat_conv.cmd.observer', common,
                    role_conf['observer'])
        self._spawn('api', 'heat_conv.cmd.api', common, role_conf['api'])
        base = f'http://127.0.0.1:{api_port}'
        _wait_for('the API', lambda: _http_ok(base + '/healthcheck'), self.procs)
        self.api_base = base
        self.cloud_url = f'http://127.0.0.1:{cloud_port}'
        self.endpoint = f'{base}/v1/{self.tenant}'
        _wait_for(f'{self.engines} engines', self._engines_up, self.procs)
        time.sleep(1)   # let the RPC servers finish subscribing

        self.statements = self._statement_counter()
        self.settles = self._settle_reader()
        self.messages = counters.RabbitMessages(
            vhost or '/', user=self.rabbit_user, password=self.rabbit_password)
        self.processes = counters.Processes(
            {name: proc.pid for name, proc in self.procs.items()})

    def _engines_up(self):
        try:
            resp = requests.get(self.endpoint + '/services', timeout=5,
                                headers=self._admin_headers())
        except requests.RequestException:
            return False
        if resp.status_code != 200:
            return False
        return sum(1 for s in resp.json()['services']
                   if s['binary'] == 'heat-conv-engine' and s['status'] == 'up') \
            >= self.engines

    def _admin_headers(self):
        """Headers that let the benchmark list the engine services."""
        return {}

    def _cleanup(self):
        self._drop_database()
        if self._vhost_made:
            subprocess.run(['rabbitmqctl', 'delete_vhost', self.vhost],
                           capture_output=True, timeout=60)

    def _drop_database(self):
        if self._db_made:
            try:
                with self._admin() as conn, conn.cursor() as cur:
                    cur.execute(f'DROP DATABASE IF EXISTS {self.database}')
                    for user in self.users.values():
                        cur.execute(f"DROP USER IF EXISTS '{user}'@'%'")
            except Exception as exc:   # report, and go on cleaning up
                print(f'could not drop {self.database}: {exc}', file=sys.stderr)
