"""heat-conv-api and the WSGI entry point."""
import importlib
import os
import signal
import subprocess
import sys
import time

import requests
import webob

from heat_conv.bench.topology import free_port
from heat_conv.common import config


def test_wsgi_module_exposes_the_application(monkeypatch, tmp_path):
    conf_file = tmp_path / 'api.conf'
    conf_file.write_text('[api]\n')
    calls = []
    monkeypatch.setattr(config, 'parse_args', lambda argv, **kw: calls.append((argv, kw)))
    monkeypatch.setenv('HEAT_CONV_CONFIG_FILE', str(conf_file))
    sys.modules.pop('heat_conv.wsgi.api', None)
    module = importlib.import_module('heat_conv.wsgi.api')
    assert calls == [([], {'default_config_files': [str(conf_file)],
                           'prog': 'heat-conv-api'})]
    resp = webob.Request.blank('/').get_response(module.application)
    assert resp.status_int == 300



def test_heat_conv_api_serves_until_sigterm(tmp_path):
    port = free_port()
    conf_file = tmp_path / 'heat_conv.conf'
    conf_file.write_text(
        f'[DEFAULT]\nstate_path = {tmp_path}\n'
        f'[database]\nconnection = sqlite:///{tmp_path}/db.sqlite\n'
        f'[api]\nbind_port = {port}\n')
    proc = subprocess.Popen([sys.executable, '-m', 'heat_conv.cmd.api', '--config-file',
                             str(conf_file)], stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT, env=dict(os.environ))
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                resp = requests.get(f'http://127.0.0.1:{port}/v1/t1/build_info', timeout=1)
                break
            except requests.ConnectionError:
                assert proc.poll() is None, proc.stdout.read().decode()
                assert time.monotonic() < deadline, 'heat-conv-api did not start'
                time.sleep(0.05)
        assert resp.status_code == 200 and 'api' in resp.json()
        assert requests.get(f'http://127.0.0.1:{port}/healthcheck').status_code == 200
        proc.send_signal(signal.SIGTERM)
        assert proc.wait(timeout=15) == 0
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
