"""heat-conv processes on several test hosts (network namespaces).

Engines and the observer run each in a host of their own (netns.Host) and
reach MariaDB, RabbitMQ and the simulated cloud of the root namespace
through that host's links, relayed by one forwarder process. The test
process plays the API from the root namespace, on the loopback addresses,
so a fault injected between a host and a service never touches it. The
cloud keeps its call log ([cloud] log_calls), which checks.py reads.
"""
import os
import signal
import subprocess
import sys
import time
import uuid

import oslo_messaging

from heat_conv.cloud import client as cloud_client
from heat_conv.common import config
from heat_conv.db import api as db_api
from heat_conv.engine.core import rpc
from tests.chaos import netns
from tests.scenarios import process_driver

CONF = config.CONF

HEARTBEAT = 2          # [engine] heartbeat_interval: an engine is dead after 3 missed
LEASE_SECS = 6         # [observer] lease_secs


class ChaosCluster:
    """``engines`` engine hosts (e0, e1, ...) and one observer host (obs)."""

    def __init__(self, db_url, rabbit_url, workdir, engines=3):
        self.workdir = workdir
        self.db_url = db_url
        suffix = uuid.uuid4().hex[:8]
        self.cloud_port = process_driver.free_port()
        self.cloud_url = f'http://127.0.0.1:{self.cloud_port}'
        self.topic = f'heat-conv-chaos-{suffix}'
        self.exchange = f'heat_conv_chaos_{suffix}'
        self._db_port = int(db_url.split('@', 1)[1].split('/', 1)[0].rsplit(':', 1)[1])
        self._rabbit_url = rabbit_url
        self.procs, self.logs = [], []
        self.engine_procs = {}   # host name -> process
        self.observer_proc = None
        self.network = None
        self.transport = None
        try:
            self._start(engines)
        except BaseException:
            self.close()
            raise

    # --- start-up -----------------------------------------------------------

    def _start(self, engines):
        self._spawn('cloud', None, 'heat_conv.cmd.cloud', self._conf('cloud', '127.0.0.1'))
        process_driver._wait_for_port(self.cloud_port)
        self.network = netns.Network([f'e{i}' for i in range(engines)] + ['obs'])
        self._start_forwarder()
        for i in range(engines):
            self.start_engine(f'e{i}')
        self.observer_proc = self._spawn('obs', self.network['obs'], 'heat_conv.cmd.observer',
                                         self._host_conf('obs'))
        self._configure_self()
        self.wait_for_services('heat-conv-engine', engines)
        self.wait_for_services('heat-conv-observer', 1)

    def _ports(self):
        rabbit_port = int(self._rabbit_url.rsplit(':', 1)[1].split('/')[0])
        return {'db': self._db_port, 'mq': rabbit_port, 'cloud': self.cloud_port}

    def _start_forwarder(self):
        specs = [f'{host.address(service)}:{port}=127.0.0.1:{port}'
                 for host in self.network.hosts.values()
                 for service, port in self._ports().items()]
        log = self._log('forwarder')
        proc = subprocess.Popen([sys.executable, '-m', 'tests.chaos.forwarder'] + specs,
                                stdout=subprocess.PIPE, stderr=log, text=True,
                                start_new_session=True)
        self.procs.append(proc)
        if proc.stdout.readline().strip() != 'ready':
            raise AssertionError('the forwarder did not start; see forwarder.log')

    def _conf(self, name, address):
        """A config file for a process that reaches the services at
        ``address`` (127.0.0.1 in the root namespace)."""
        ports = self._ports()
        db = self.db_url.replace(f'127.0.0.1:{ports["db"]}', f'{address}:{ports["db"]}')
        rabbit = self._rabbit_url.replace(f'127.0.0.1:{ports["mq"]}',
                                          f'{address}:{ports["mq"]}')
        path = os.path.join(self.workdir, f'{name}.conf')
        with open(path, 'w') as f:
            f.write(f'[DEFAULT]\ndebug = true\nhost = {name}\ntransport_url = {rabbit}\n'
                    f'control_exchange = {self.exchange}\nstate_path = {self.workdir}\n'
                    f'[database]\nconnection = {db}\n'
                    f'[engine]\ntopic = {self.topic}\nheartbeat_interval = {HEARTBEAT}\n'
                    f'[observer]\npoll_interval = 0.2\ndrift_interval = 1\n'
                    f'lease_secs = {LEASE_SECS}\n'
                    f'[cloud]\nurl = http://{address}:{ports["cloud"]}\n'
                    f'bind_port = {ports["cloud"]}\nlog_calls = true\n'
                    f'store_path = {os.path.join(self.workdir, "cloud.sqlite")}\n')
        return path

    def _host_conf(self, name):
        # Each service by the host's own link to it, so each can be cut alone.
        host = self.network[name]
        path = self._conf(name, '127.0.0.1')
        with open(path) as f:
            text = f.read()
        ports = self._ports()
        for service, key in (('db', 'db'), ('mq', 'mq'), ('cloud', 'cloud')):
            text = text.replace(f'127.0.0.1:{ports[key]}',
                                f'{host.address(service)}:{ports[key]}')
        with open(path, 'w') as f:
            f.write(text)
        return path

    def _log(self, name):
        log = open(os.path.join(self.workdir, f'{name}.log'), 'a')
        self.logs.append(log)
        return log

    def _spawn(self, name, host, module, conf, prelude=''):
        argv = [sys.executable, '-c', f'{prelude}from {module} import main; main()',
                '--config-file', conf]
        if host is not None:
            argv = host.command(argv)
        # A session of its own: a kill reaches its worker processes too.
        proc = subprocess.Popen(argv, stdout=self._log(name), stderr=subprocess.STDOUT,
                                start_new_session=True, cwd=os.getcwd())
        proc.log_name = name
        self.procs.append(proc)
        return proc

    def start_engine(self, name, clock_offset=None):
        """Start the engine of host ``name``; ``clock_offset`` seconds added
        to every reading of its clock (timeutils' hook), for skew."""
        prelude = ''
        if clock_offset is not None:
            prelude = ('import time\nfrom heat_conv.common import timeutils\n'
                       'class Skewed:\n'
                       f'    def time(self): return time.time() + {float(clock_offset)!r}\n'
                       'timeutils.set_clock(Skewed())\n')
        previous = self.engine_procs.get(name)
        if previous is not None and previous.poll() is not None:
            self.procs.remove(previous)   # replaced: its exit is no failure
        proc = self._spawn(name, self.network[name], 'heat_conv.cmd.engine',
                           self._host_conf(name), prelude)
        self.engine_procs[name] = proc
        return proc

    def _configure_self(self):
        CONF.set_override('transport_url', self._rabbit_url)
        CONF.set_override('control_exchange', self.exchange)
        CONF.set_override('topic', self.topic, group='engine')
        self.transport = oslo_messaging.get_rpc_transport(CONF)
        self.dispatcher = rpc.OsloDispatcher(self.transport)
        self.client = cloud_client.HttpCloudClient(self.cloud_url)

    def wait_for_services(self, binary, count, timeout=90):
        deadline = time.time() + timeout
        while time.time() < deadline:
            live = [s for s in db_api.service_list()
                    if s.deleted_at is None and s.binary == binary]
            if len(live) >= count:
                return
            for proc in self.procs:
                if proc.poll() is not None and proc.returncode != -signal.SIGKILL:
                    raise AssertionError(f'{getattr(proc, "log_name", proc.args)} exited '
                                         f'with {proc.returncode}; see its log')
            time.sleep(0.2)
        raise AssertionError(f'{count} {binary} did not start')

    # --- faults and observation --------------------------------------------

    def log_of(self, name):
        with open(os.path.join(self.workdir, f'{name}.log'), errors='replace') as f:
            return f.read()

    def engine_id_of(self, name):
        """The engine id host ``name``'s engine logged at start-up."""
        import re
        found = re.findall(r'engine ([0-9a-f-]{36}) (?:started|on)', self.log_of(name))
        return found[-1] if found else None

    def close(self):
        for proc in self.procs:
            if proc.poll() is None:
                try:
                    os.killpg(proc.pid, signal.SIGCONT)   # a paused one must hear TERM
                    os.killpg(proc.pid, signal.SIGTERM)
                except ProcessLookupError:
                    pass
        for proc in self.procs:
            try:
                proc.wait(timeout=30)
            except subprocess.TimeoutExpired:
                try:
                    os.killpg(proc.pid, signal.SIGKILL)
                except ProcessLookupError:
                    pass
                proc.wait()
        if self.network is not None:
            self.network.close()
        for log in self.logs:
            log.close()
        if self.transport is not None:
            self.transport.cleanup()
            for key in ('transport_url', 'control_exchange'):
                CONF.clear_override(key)
            CONF.clear_override('topic', group='engine')


def running(tmp_path_factory, name, **kwargs):
    """A ChaosCluster on a fresh MariaDB database (a generator for a fixture)."""
    from heat_conv.db import migration
    from heat_conv.db import session as db_session
    from tests import services

    url, drop = services.mysql_database()
    rabbit = services.rabbit_url()
    engine = db_session.configure(url)
    migration.upgrade(engine)
    c = None
    try:
        c = ChaosCluster(url, rabbit, str(tmp_path_factory.mktemp(name)), **kwargs)
        yield c
    finally:
        if c is not None:
            c.close()
        engine.dispose()
        drop()
