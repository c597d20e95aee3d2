"""Run scenarios against real engine processes, MariaDB (or PostgreSQL) and
RabbitMQ.

The test process plays the API (it calls the engine service functions,
which cast over RabbitMQ); two ``heat-conv-engine`` processes, one
``heat-conv-observer`` and ``heat-conv-cloud`` (the simulated cloud's REST
service, with its own store) run as their own processes. Time is real, so
"slow" actions take a couple of seconds.
"""
import os
import signal
import socket
import subprocess
import sys
import time
import uuid

import kombu
import oslo_messaging

from heat_conv.bench.topology import free_port
from heat_conv.cloud import client as cloud_client
from heat_conv.common import config
from heat_conv.common import context
from heat_conv.db import api as db_api
from heat_conv.engine.core import rpc
from tests import services
from tests.scenarios import driver_base

CONF = config.CONF



def _wait_for_port(port, timeout=30):
    deadline = time.time() + timeout
    while time.time() < deadline:
        try:
            with socket.create_connection(('127.0.0.1', port), timeout=1):
                return
        except OSError:
            time.sleep(0.1)
    raise AssertionError(f'nothing listens on port {port}')


def cluster_conf(rabbit_url, db_url, workdir, exchange, topic, default_extra='',
                 database_extra=''):
    """What every test cluster's processes share in their config file: the
    broker with an exchange and a topic of the cluster's own (clusters of
    parallel runs do not hear each other), the database, and heartbeats
    short enough that a killed engine is taken over within the test."""
    return (f'[DEFAULT]\ndebug = true\ntransport_url = {rabbit_url}\n'
            f'control_exchange = {exchange}\nstate_path = {workdir}\n{default_extra}'
            f'[database]\nconnection = {db_url}\n{database_extra}'
            f'[engine]\ntopic = {topic}\nheartbeat_interval = 2\n')


class Cluster:
    """Engine and observer processes sharing one database, broker and cloud."""

    drift_interval = 1.0

    def __init__(self, db_url, rabbit_url, workdir, engines=2, observers=1,
                 database_options='', poll_interval=0.2, notify_settled=True):
        suffix = uuid.uuid4().hex[:8]
        self.cloud_url = f'http://127.0.0.1:{free_port()}'
        self.topic = f'heat-conv-test-{suffix}'
        # The cloud's settle notifications: a queue of the cluster's own, as
        # observers of parallel runs' clusters would otherwise share one.
        self.notification_topic = f'heat-conv-cloud-test-{suffix}'
        self.exchange = f'heat_conv_test_{suffix}'
        self.conf_file = os.path.join(workdir, 'heat_conv.conf')
        with open(self.conf_file, 'w') as f:
            f.write(cluster_conf(rabbit_url, db_url, workdir, self.exchange, self.topic,
                                 default_extra='enable_stack_abandon = true\n'
                                               'enable_stack_adopt = true\n',
                                 database_extra=database_options) +
                    f'[observer]\npoll_interval = {poll_interval}\n'
                    f'settling_poll_interval = {poll_interval}\n'
                    f'drift_interval = {self.drift_interval}\n'
                    f'[cloud]\nurl = {self.cloud_url}\n'
                    f'notification_topic = {self.notification_topic}\n'
                    f'notify_settled = {str(notify_settled).lower()}\n'
                    f'bind_port = {self.cloud_url.rsplit(":", 1)[1]}\n'
                    f'store_path = {os.path.join(workdir, "cloud.sqlite")}\n')
        self.workdir = workdir
        self.engines = 0
        self.logs = []
        self.log_paths = {}   # pid -> its log file
        self.procs = []
        self.engine_procs = []
        self.observer_procs = []
        # The simulated cloud runs as its own process, as in production.
        self._spawn('heat_conv.cmd.cloud', workdir, 'cloud')
        _wait_for_port(int(self.cloud_url.rsplit(':', 1)[1]))
        for _ in range(engines):
            self.start_engine()
        for _ in range(observers):
            self.start_observer()
        self._configure_self(rabbit_url, db_url)
        self._wait_for_engines(engines)

    def _spawn(self, module, workdir, name, env=None):
        """``env``: the process's environment (e.g. a PYTHONPATH that runs
        another release's code), by default this process's. With one, the
        process runs in ``workdir``: ``python -c`` puts its directory first
        on the path, and this checkout's would win."""
        log = open(os.path.join(workdir, f'{name}.log'), 'w')
        self.logs.append(log)
        # A session of its own: killing it kills its worker processes too,
        # as when a host dies.
        proc = subprocess.Popen(
            [sys.executable, '-c', f'from {module} import main; main()',
             '--config-file', self.conf_file],
            stdout=log, stderr=subprocess.STDOUT, start_new_session=True, env=env,
            cwd=workdir if env is not None else None)
        self.procs.append(proc)
        self.log_paths[proc.pid] = log.name
        return proc

    def log_of(self, proc):
        """What ``proc`` logged so far."""
        with open(self.log_paths[proc.pid], errors='replace') as f:
            return f.read()

    def start_engine(self, env=None):
        """Start one more heat-conv-engine (one worker process)."""
        proc = self._spawn('heat_conv.cmd.engine', self.workdir, f'engine-{self.engines}',
                           env)
        self.engines += 1
        self.engine_procs.append(proc)
        return proc

    def start_observer(self, env=None):
        proc = self._spawn('heat_conv.cmd.observer', self.workdir,
                           f'observer-{len(self.observer_procs)}', env)
        self.observer_procs.append(proc)
        return proc

    @staticmethod
    def kill(proc):
        """SIGKILL a process and its workers: no chance to clean up."""
        try:
            os.killpg(proc.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        proc.wait()

    def _configure_self(self, rabbit_url, db_url):
        self.rabbit_url = rabbit_url
        CONF.set_override('transport_url', rabbit_url)
        CONF.set_override('control_exchange', self.exchange)
        CONF.set_override('topic', self.topic, group='engine')
        self.transport = oslo_messaging.get_rpc_transport(CONF)
        self.dispatcher = rpc.OsloDispatcher(self.transport)
        self.client = cloud_client.HttpCloudClient(self.cloud_url)

    def _wait_for_engines(self, count, timeout=60):
        self.wait_for_services('heat-conv-engine', count, timeout)

    def wait_for_services(self, binary, count, timeout=60):
        if count <= 0:
            return   # nothing to read (the schema may be an older release's)
        deadline = time.time() + timeout
        while time.time() < deadline:
            # An engine beats only once its RPC server has started, that is,
            # once its queue is declared and bound: casts from now on arrive.
            if len([s for s in db_api.service_list() if s.deleted_at is None
                    and s.binary == binary]) >= count:
                return
            for proc in self.procs:
                if proc.poll() is not None and proc.returncode != -signal.SIGKILL:
                    raise AssertionError(f'a heat-conv process exited with '
                                         f'{proc.returncode}; see its log')
            time.sleep(0.2)
        raise AssertionError(f'{count} {binary} did not start')

    def engine_logs(self):
        """Everything the engine processes logged so far."""
        text = ''
        for i in range(self.engines):
            with open(os.path.join(self.workdir, f'engine-{i}.log'), errors='replace') as f:
                text += f.read()
        return text

    def close(self):
        for proc in self.procs:
            if proc.poll() is None:
                proc.terminate()
        for proc in self.procs:
            try:
                proc.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self.kill(proc)
        for log in self.logs:
            log.close()
        self.transport.cleanup()
        _delete_queue(self.rabbit_url, f'{self.notification_topic}.info')
        for key in ('transport_url', 'control_exchange'):
            CONF.clear_override(key)
        CONF.clear_override('topic', group='engine')


def _delete_queue(rabbit_url, name):
    """Delete a queue the cluster's processes left on the broker."""
    amqp = rabbit_url.replace('rabbit://', 'amqp://', 1).rstrip('/') + '//'
    try:
        with kombu.Connection(amqp) as conn:
            conn.channel().queue_delete(name)
    except Exception:   # never made, or the broker went: nothing to keep
        pass


class ProcessDriver(driver_base.Driver):
    slow = 2

    def __init__(self, cluster):
        super().__init__()
        self.cluster = cluster
        self.cloud = cluster.client
        # The cluster's cloud outlives each scenario: earlier ones' objects.
        self.foreign_ids = frozenset(o['id'] for o in self.cloud.list())
        self.ctx = context.RequestContext(project_id='tenant', user_id='user')
        self._previous = (rpc.set_dispatcher(cluster.dispatcher),
                          cloud_client.set_client(cluster.client))

    def close(self):
        rpc.set_dispatcher(self._previous[0])
        cloud_client.set_client(self._previous[1])

    def run_until(self, predicate, what='condition', timeout=90):
        deadline = time.time() + timeout
        while time.time() < deadline:
            if predicate():
                return
            time.sleep(0.05)
        raise AssertionError(f'timed out waiting for {what}; stack is '
                             f'{self.stack_status()}')

    def drain(self):
        self.run_until(lambda: not db_api.resources_locked(self.stack_id),
                       'in-flight actions to end')


def driving(cluster):
    """A ProcessDriver on ``cluster``, the test process on its database (a
    generator for a fixture)."""
    from heat_conv.db import session as db_session
    db_session.configure(cluster.db_url)
    d = ProcessDriver(cluster)
    yield d
    d.close()


# database -> (how to make a fresh one: its url and drop, whether the
# processes may use MariaDB's own SQL: [database] mariadb_extensions).
DATABASES = {
    'mariadb': (services.mysql_database, True),
    # MySQL 8.0's path, on MariaDB (no MySQL runs here).
    'mariadb-as-mysql': (services.mysql_database, False),
    'postgresql': (services.postgres_database, True),
}


def running_cluster(tmp_path_factory, name, database='mariadb', **kwargs):
    """A cluster on a fresh database (a generator for a fixture): MariaDB,
    or another of DATABASES; ``kwargs`` go to Cluster (e.g. ``engines``)."""
    from heat_conv.db import migration
    from heat_conv.db import session as db_session

    make, extensions = DATABASES[database]
    url, drop = make()
    rabbit = services.rabbit_url()
    CONF.set_override('mariadb_extensions', extensions, group='database')
    engine = db_session.configure(url)
    migration.upgrade(engine)
    c = Cluster(url, rabbit, str(tmp_path_factory.mktemp(name)),
                database_options='' if extensions else 'mariadb_extensions = false\n',
                **kwargs)
    c.db_url = url
    yield c
    c.close()
    engine.dispose()
    drop()
    CONF.clear_override('mariadb_extensions', group='database')
