"""Every process says at start-up what it is and how it runs, logs through
oslo.log, writes DEBUG lines with --debug, and says when it stops; the
API's own server logs every request."""
import os
import re
import signal
import subprocess
import sys
import time

import pytest
import requests

from heat_conv.bench.topology import free_port


@pytest.fixture
def conf_file(tmp_path):
    conf = tmp_path / 'heat_conv.conf'
    conf.write_text(
        f'[DEFAULT]\nstate_path = {tmp_path}\ntransport_url = fake://\n'
        f'[database]\nconnection = sqlite:///{tmp_path}/db.sqlite\n'
        f'[api]\nbind_port = {free_port()}\n'
        f'[cloud]\nbind_port = {free_port()}\nurl = http://127.0.0.1:1\n')
    from heat_conv.db import migration
    from heat_conv.db import session as db_session
    engine = db_session.configure(f'sqlite:///{tmp_path}/db.sqlite')
    migration.upgrade(engine)
    engine.dispose()
    return conf


def _start(module, conf_file, *extra):
    log = open(str(conf_file) + f'.{module}.log', 'w+')
    proc = subprocess.Popen([sys.executable, '-m', f'heat_conv.cmd.{module}',
                             '--config-file', str(conf_file), '--debug', *extra],
                            stdout=log, stderr=subprocess.STDOUT, env=dict(os.environ),
                            start_new_session=True)
    return proc, log


def _read(log):
    with open(log.name, errors='replace') as f:
        return f.read()


def _wait_for(log, proc, pattern, timeout=60):
    deadline = time.monotonic() + timeout
    while True:
        text = _read(log)
        if re.search(pattern, text):
            return text
        assert proc.poll() is None, f'exited with {proc.returncode}:\n{text[-3000:]}'
        assert time.monotonic() < deadline, f'no {pattern!r} in:\n{text[-3000:]}'
        time.sleep(0.1)


def _stop(proc, log):
    proc.send_signal(signal.SIGTERM)
    try:
        assert proc.wait(timeout=30) == 0, _read(log)[-3000:]
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
        log.close()
    return _read(log)


STARTS = {
    'engine': (r'INFO heat_conv\.engine\.server .*engine \S+ started on host \S+ \(pid '
               r'\d+\): topic \S+, heartbeat every 2 s \(dead after 3 missed\)',
               r'INFO heat_conv\.engine\.server .*engine \S+ stopped after [0-9.]+ s: '
               r'every step it had taken finished; re-drove \d+ steps'),
    'observer': (r'INFO heat_conv\.observer\.service .*observer \S+ started on host \S+ '
                 r'\(pid \d+\): watching 0 stack\(s\); polls every 1\.0 s',
                 r'INFO heat_conv\.observer\.service .*observer \S+ stopped'),
    'cloud': (r'INFO heat_conv\.cmd\.cloud .*Simulated cloud listening on http',
              r'INFO heat_conv\.cmd\.cloud .*Stopping the simulated cloud'),
}


@pytest.mark.parametrize('module', sorted(STARTS))
def test_a_process_logs_its_start_its_debug_lines_and_its_stop(module, conf_file):
    started, stopped = STARTS[module]
    proc, log = _start(module, conf_file)
    try:
        text = _wait_for(log, proc, started)
    finally:
        text = _stop(proc, log)
    assert ' DEBUG ' in text, '--debug did not turn DEBUG lines on'
    assert re.search(stopped, text), text[-3000:]
    assert 'Traceback' not in text, text


def test_the_api_logs_its_start_and_every_request(conf_file):
    proc, log = _start('api', conf_file)
    try:
        text = _wait_for(log, proc, r'INFO heat_conv\.cmd\.api .*heat-conv API listening '
                                    r'on (http://\S+)')
        url = re.search(r'listening on (http://\S+)', text).group(1)
        resp = requests.get(f'{url}/v1/t1/stacks?limit=1')
        assert resp.status_code == 200
        request_id = resp.headers['x-openstack-request-id']
        assert requests.get(f'{url}/v1/t1/stacks/nothing').status_code == 404
        text = _wait_for(log, proc, r'"GET /v1/t1/stacks/nothing HTTP/1.1" status: 404')
    finally:
        text = _stop(proc, log)
    line = re.search(r'INFO heat_conv\.api\.access .*127\.0\.0\.1 "GET /v1/t1/stacks\?limit=1 '
                     r'HTTP/1\.1" status: 200 len: (\d+) time: [0-9.]+ request: (\S+)', text)
    assert line, text[-3000:]
    assert int(line.group(1)) > 0 and line.group(2) == request_id
    assert ' DEBUG ' in text


def test_manage_writes_debug_lines_with_debug(conf_file):
    result = subprocess.run([sys.executable, '-m', 'heat_conv.cmd.manage', '--debug',
                             '--config-file', str(conf_file), 'db', 'version'],
                            capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    assert ' DEBUG ' in result.stderr
