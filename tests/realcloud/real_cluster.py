"""heat-conv as in production, against the mini-cloud: heat-conv-api with
Keystone auth, two heat-conv-engine processes and a heat-conv-observer, on
a MariaDB database and RabbitMQ (an exchange and topic of their own), each
process in a session of its own so that a SIGKILL takes it down at once,
as a host would go.
"""
import os
import re
import signal
import subprocess
import time
import uuid

import requests
import sqlalchemy

from tests import services
from tests.functional import all_in_one
from tests.realcloud import keystone_rig
from tests.scenarios import process_driver


class Cluster:
    def __init__(self, rig, workdir, engines=2):
        self.workdir = workdir
        self.db_url, self._drop = services.mysql_database()
        suffix = uuid.uuid4().hex[:8]
        self.api_port = all_in_one.free_port()
        self.url = f'http://127.0.0.1:{self.api_port}'
        self.conf_file = os.path.join(workdir, 'heat_conv.conf')
        with open(self.conf_file, 'w') as f:
            f.write(process_driver.cluster_conf(
                        services.rabbit_url(), self.db_url, workdir,
                        f'heat_conv_e2e_{suffix}', f'heat-conv-e2e-{suffix}') +
                    f'[api]\nbind_port = {self.api_port}\nauth_strategy = keystone\n'
                    + keystone_rig.keystone_conf(rig))
        self.logs = {}
        self.procs = []
        self.engines = []
        self._run('heat-conv-manage', 'db', 'sync')
        self.api = self._spawn('heat-conv-api', 'api')
        self.engines = [self._spawn('heat-conv-engine', f'engine-{i}')
                        for i in range(engines)]
        self.observer = self._spawn('heat-conv-observer', 'observer')
        self._wait_until_up(engines)

    def _command(self, program):
        return [all_in_one.console_script(program), '--config-file', self.conf_file]

    def _run(self, program, *args):
        done = subprocess.run(self._command(program) + list(args), capture_output=True,
                              text=True, timeout=300)
        assert done.returncode == 0, f'{program} {args}: {done.stdout}{done.stderr}'

    def _spawn(self, program, name):
        path = os.path.join(self.workdir, f'{name}.log')
        with open(path, 'wb') as log:
            proc = subprocess.Popen(self._command(program), stdout=log,
                                    stderr=subprocess.STDOUT, start_new_session=True,
                                    env=all_in_one.client_environment())
        self.logs[proc.pid] = path
        self.procs.append(proc)
        return proc

    def log_of(self, proc, tail=8000):
        with open(self.logs[proc.pid], errors='replace') as f:
            return f.read()[-tail:]

    def logs_text(self, tail=3000):
        return '\n'.join(f'--- {os.path.basename(path)}\n{self.log_of(proc, tail)}'
                         for proc in self.procs for path in [self.logs[proc.pid]])

    def engine_id(self, proc):
        """The engine id ``proc`` logged at its start."""
        found = re.search(r'engine (\S+) started on host', self.log_of(proc, 10 ** 6))
        return found and found.group(1)

    def query(self, sql, **params):
        engine = sqlalchemy.create_engine(self.db_url)
        try:
            with engine.connect() as conn:
                return conn.execute(sqlalchemy.text(sql), params).fetchall()
        finally:
            engine.dispose()

    def live_engines(self):
        engine = sqlalchemy.create_engine(self.db_url)
        try:
            with engine.connect() as conn:
                return conn.execute(sqlalchemy.text(
                    "SELECT COUNT(*) FROM service WHERE deleted_at IS NULL "
                    "AND `binary` = 'heat-conv-engine'")).scalar()
        finally:
            engine.dispose()

    def _wait_until_up(self, engines, timeout=120):
        deadline = time.monotonic() + timeout
        while True:
            for proc in self.procs:
                assert proc.poll() is None, f'a process exited:\n{self.logs_text()}'
            try:
                up = requests.get(f'{self.url}/healthcheck', timeout=2).status_code == 200
            except requests.ConnectionError:
                up = False
            if up and self.live_engines() >= engines:
                return
            assert time.monotonic() < deadline, f'the cluster did not start:\n' \
                                                f'{self.logs_text()}'
            time.sleep(0.3)

    @staticmethod
    def kill(proc):
        """SIGKILL ``proc`` and its workers: no chance to clean up."""
        try:
            os.killpg(proc.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        proc.wait()

    def close(self):
        for proc in self.procs:
            if proc.poll() is None:
                os.killpg(proc.pid, signal.SIGTERM)
        for proc in self.procs:
            try:
                proc.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self.kill(proc)
        self._drop()
