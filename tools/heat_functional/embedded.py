"""heat-conv-all started for one run: free ports, a fresh state directory
(SQLite, in-process messaging, the simulated cloud), stopped afterwards."""
import os
import re
import shutil
import signal
import subprocess
import tempfile
import time
import urllib.error
import urllib.request

TENANT = 'admin'
_RUNNING = re.compile(r'heat-conv is running: API (?P<url>\S+)/v1/')


class ServiceError(RuntimeError):
    pass


class EmbeddedService:
    """``with EmbeddedService(bin_dir, log_path) as service: service.endpoint``"""

    def __init__(self, bin_dir, log_path, start_timeout=120):
        self.bin_dir = bin_dir
        self.log_path = log_path
        self.start_timeout = start_timeout
        self.state_dir = None
        self.conf_file = None
        self.url = None
        self.proc = None

    @property
    def endpoint(self):
        return f'{self.url}/v1/{TENANT}'

    def __enter__(self):
        self.start()
        return self

    def __exit__(self, *exc):
        self.stop()

    def start(self):
        self.state_dir = tempfile.mkdtemp(prefix='heat-functional-state-')
        self.conf_file = os.path.join(self.state_dir, 'heat_conv.conf')
        with open(self.conf_file, 'w', encoding='utf-8') as f:
            f.write(self.conf_text())
        env = {k: v for k, v in os.environ.items() if not k.startswith('OS_')}
        with open(self.log_path, 'wb') as log:
            self.proc = subprocess.Popen(
                [os.path.join(self.bin_dir, 'heat-conv-all'), '--config-file', self.conf_file],
                stdout=log, stderr=subprocess.STDOUT, env=env, start_new_session=True)
        self.url = self._wait_until_healthy()

    def conf_text(self):
        # Port 0: each server binds a free port and the start-up line says
        # which. Abandon and adopt on, as in Heat's gate (its suite uses
        # them).
        return (f'[DEFAULT]\nstate_path = {self.state_dir}\n'
                'enable_stack_abandon = true\nenable_stack_adopt = true\n'
                '[api]\nbind_port = 0\n'
                '[cloud]\nbind_port = 0\n')

    def _wait_until_healthy(self):
        deadline = time.monotonic() + self.start_timeout
        url = None
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise ServiceError(f'heat-conv-all exited with {self.proc.returncode}; '
                                   f'see {self.log_path}:\n{self.log_tail()}')
            if url is None:
                found = _RUNNING.search(self.log_tail(100000))
                url = found and found['url']
            if url is not None and _healthy(url):
                return url
            time.sleep(0.2)
        raise ServiceError(f'heat-conv-all did not become healthy in {self.start_timeout} s; '
                           f'see {self.log_path}:\n{self.log_tail()}')

    def log_tail(self, size=3000):
        try:
            with open(self.log_path, encoding='utf-8', errors='replace') as f:
                return f.read()[-size:]
        except OSError:
            return ''

    def manage_command(self):
        """argv of heat-conv-manage on this service's configuration."""
        return [os.path.join(self.bin_dir, 'heat-conv-manage')], \
            ['--', '--config-file', self.conf_file]

    def stop(self, timeout=30):
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGINT)
            try:
                self.proc.wait(timeout)
            except subprocess.TimeoutExpired:
                os.killpg(self.proc.pid, signal.SIGKILL)
                self.proc.wait()
        if self.state_dir is not None:
            shutil.rmtree(self.state_dir, ignore_errors=True)
            self.state_dir = None


def _healthy(url):
    try:
        with urllib.request.urlopen(f'{url}/healthcheck', timeout=2) as resp:
            return resp.status == 200
    except (urllib.error.URLError, OSError):
        return False
