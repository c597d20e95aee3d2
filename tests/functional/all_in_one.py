"""heat-conv-all as a subprocess, and the command-line clients run against it.

The service gets its own state directory and free ports, so a test run
never touches (or collides with) a heat-conv the developer is running.
"""
import os
import pathlib
import re
import shutil
import signal
import subprocess
import sys
import time

import pytest
import requests

from heat_conv.bench.topology import free_port  # noqa: F401 (tests import it from here)

TENANT = 'admin'
SAMPLES = pathlib.Path(__file__).resolve().parents[2] / 'sample-templates'


def sample(name):
    return str(SAMPLES / name)


def console_script(name):
    """The installed script next to this interpreter (the venv's), else on PATH."""
    bin_dir = os.path.dirname(sys.executable)
    path = shutil.which(name, path=bin_dir) or shutil.which(name)
    if path is None:
        pytest.skip(f'{name} is not installed (pip install -e . provides it)')
    return path


class AllInOne:
    """A running heat-conv-all; its log goes to a file, shown on failure."""

    def __init__(self, state_dir):
        self.state_dir = pathlib.Path(state_dir)
        self.api_port, self.cloud_port = free_port(), free_port()
        self.metrics_port = free_port()
        self.metrics_url = f'http://127.0.0.1:{self.metrics_port}/metrics'
        self.url = f'http://127.0.0.1:{self.api_port}'
        self.endpoint = f'{self.url}/v1/{TENANT}'
        self.conf_file = self.state_dir / 'heat_conv.conf'
        self.conf_file.write_text(
            f'[DEFAULT]\nstate_path = {self.state_dir}\n'
            'enable_stack_abandon = true\nenable_stack_adopt = true\n'
            f'[api]\nbind_port = {self.api_port}\n'
            f'[cloud]\nbind_port = {self.cloud_port}\n'
            f'[metrics]\napi_port = {self.metrics_port}\n')
        self.log_path = self.state_dir / 'heat-conv-all.log'
        self.proc = None

    def start(self, timeout=90):
        with open(self.log_path, 'wb') as log:
            self.proc = subprocess.Popen(
                [console_script('heat-conv-all'), '--config-file', str(self.conf_file)],
                stdout=log, stderr=subprocess.STDOUT, env=client_environment())
        deadline = time.monotonic() + timeout
        while True:
            try:
                if requests.get(f'{self.url}/healthcheck', timeout=1).status_code == 200:
                    return self
            except requests.ConnectionError:
                pass
            assert self.proc.poll() is None, f'heat-conv-all exited:\n{self.log()}'
            assert time.monotonic() < deadline, f'heat-conv-all did not start:\n{self.log()}'
            time.sleep(0.1)

    def log(self, tail=8000):
        return self.log_path.read_text(errors='replace')[-tail:]

    def interrupt(self, timeout):
        """Ctrl-C; the exit code, or None if it is still running after ``timeout``."""
        self.proc.send_signal(signal.SIGINT)
        try:
            return self.proc.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            return None

    def kill(self):
        if self.proc is not None and self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()

    # --- the REST API, for checking state and waiting cheaply -------------

    def stack(self, name):
        """The stack as ``GET /stacks/NAME`` shows it (after the redirect);
        None once it is gone."""
        resp = requests.get(f'{self.endpoint}/stacks/{name}', timeout=10)
        if resp.status_code == 404:
            return None
        resp.raise_for_status()
        return resp.json()['stack']

    def outputs(self, name):
        return {o['output_key']: o['output_value'] for o in self.stack(name)['outputs']}

    def physical_ids(self, name):
        resp = requests.get(f'{self.endpoint}/stacks/{name}/resources', timeout=10)
        resp.raise_for_status()
        return {r['resource_name']: r['physical_resource_id']
                for r in resp.json()['resources']}

    def resource_status(self, name, resource):
        resp = requests.get(f'{self.endpoint}/stacks/{name}/resources/{resource}',
                            timeout=10)
        resp.raise_for_status()
        return resp.json()['resource']['resource_status']

    def wait_for_resource(self, name, resource, status, timeout=90):
        deadline = time.monotonic() + timeout
        while (current := self.resource_status(name, resource)) != status:
            assert time.monotonic() < deadline, \
                f'{name}.{resource} is {current}, expected {status}'
            time.sleep(0.2)

    def finish_cloud_action(self, name, resource):
        """End the resource's slow action in the simulated cloud, now."""
        object_id = self.physical_ids(name)[resource]
        assert object_id, f'{name}.{resource} has no cloud object yet'
        resp = requests.post(f'http://127.0.0.1:{self.cloud_port}/v1/objects/'
                             f'{object_id}/finish', timeout=10)
        resp.raise_for_status()

    def wait_for(self, name, status, timeout=90):
        """Wait until the stack's status is ``status`` (None: deleted)."""
        deadline = time.monotonic() + timeout
        while True:
            stack = self.stack(name)
            current = stack and stack['stack_status']
            if current == status:
                return stack
            assert time.monotonic() < deadline, \
                f'{name} is {current}, expected {status}'
            time.sleep(0.2)


def client_environment(**extra):
    """The test's environment without a developer's real-cloud settings."""
    env = {key: value for key, value in os.environ.items()
           if not key.startswith('OS_') and key != 'HEAT_CONV_ENDPOINT'}
    env.update(extra)
    return env


class Clients:
    """The ``openstack`` and ``heat-conv`` CLIs, each run as a subprocess."""

    def __init__(self, service):
        self.service = service
        self._openstack = console_script('openstack')
        self._heat_conv = console_script('heat-conv')

    def openstack(self, *args, ok=True):
        argv = [self._openstack, '--os-auth-type', 'none',
                '--os-endpoint', self.service.endpoint, *args]
        return self._run(argv, client_environment(), ok)

    def heat_conv(self, *args, ok=True):
        env = client_environment(HEAT_CONV_ENDPOINT=self.service.endpoint)
        return self._run([self._heat_conv, *args], env, ok)

    @staticmethod
    def _run(argv, env, ok):
        done = subprocess.run(argv, env=env, capture_output=True, text=True, timeout=120)
        if ok is not None:
            succeeded = done.returncode == 0
            assert succeeded == ok, (
                f'{" ".join(argv)} exited {done.returncode}\n'
                f'stdout:\n{done.stdout}\nstderr:\n{done.stderr}')
        return done


# heatclient's --wait prints one line per event:
#   2026-01-01 10:00:00Z <event id> [stack.resource]: CREATE_COMPLETE  reason
_EVENT_LINE = re.compile(r'^\d{4}-\d\d-\d\d \S+ (?P<id>\S+) \[(?P<where>[^\]]+)\]: '
                         r'(?P<status>[A-Z]+_[A-Z_]+)  (?P<reason>.*)$')


def printed_events(output):
    """(event id, 'stack' or 'stack.resource', status) for each event line."""
    return [(m['id'], m['where'], m['status'])
            for m in map(_EVENT_LINE.match, output.splitlines()) if m]


def assert_waited(output, stack, action, resources, final='COMPLETE'):
    """--wait printed each event once, including the stack's ``final``
    status for ``action`` (events that arrived in the same poll may follow
    it) and events for every one of ``resources``."""
    events = printed_events(output)
    assert events, f'--wait printed no events:\n{output}'
    ids = [event_id for event_id, _, _ in events]
    assert len(ids) == len(set(ids)), f'an event was printed twice:\n{output}'
    stack_statuses = [status for _, where, status in events if where == stack]
    assert f'{action}_{final}' in stack_statuses, output
    seen = {where.split('.', 1)[1] for _, where, _ in events if '.' in where}
    assert set(resources) <= seen, f'no events for {set(resources) - seen}:\n{output}'
    return events
