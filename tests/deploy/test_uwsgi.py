"""etc/heat_conv/heat-conv-api-uwsgi.ini serves the API under uWSGI."""
import os
import re
import signal
import subprocess
import sys
import time

import requests

from tests import services
from tests.deploy.devstack import REPO
from tests.functional.all_in_one import free_port

INI = REPO / 'etc' / 'heat_conv' / 'heat-conv-api-uwsgi.ini'


def test_ini_names_the_wsgi_application():
    assert re.search(r'^module = heat_conv\.wsgi\.api:application$', INI.read_text(),
                     re.MULTILINE)


def test_uwsgi_serves_the_api_and_stops_on_sigterm(tmp_path):
    uwsgi = os.path.join(os.path.dirname(sys.executable), 'uwsgi')
    if not os.access(uwsgi, os.X_OK):
        services.unavailable('uwsgi', 'not installed (the "test" extra has pyuwsgi)')
    port = free_port()
    ini = tmp_path / 'api.ini'
    # The shipped file, listening on a free port instead of 8004.
    ini.write_text(re.sub(r'^http-socket = .*$', f'http-socket = 127.0.0.1:{port}',
                          INI.read_text(), flags=re.MULTILINE))
    conf = tmp_path / 'heat_conv.conf'
    conf.write_text(f'[DEFAULT]\nstate_path = {tmp_path}\n')
    subprocess.run([os.path.join(os.path.dirname(sys.executable), 'heat-conv-manage'),
                    '--config-file', str(conf), 'db', 'sync'], check=True,
                   capture_output=True, timeout=120)
    log = tmp_path / 'uwsgi.log'
    with open(log, 'wb') as out:
        proc = subprocess.Popen([uwsgi, '--ini', str(ini)], cwd=tmp_path, stdout=out,
                                stderr=subprocess.STDOUT,
                                env=dict(os.environ, HEAT_CONV_CONFIG_FILE=str(conf)))
    try:
        deadline = time.monotonic() + 90
        # Both worker processes load the application (lazy-apps).
        while log.read_text(errors='replace').count('WSGI app 0 (mountpoint=\'\') ready') < 2:
            assert proc.poll() is None, log.read_text()
            assert time.monotonic() < deadline, log.read_text()
            time.sleep(0.2)
        base = f'http://127.0.0.1:{port}'
        assert requests.get(f'{base}/healthcheck', timeout=10).status_code == 200
        resp = requests.get(f'{base}/v1/admin/stacks', timeout=10)
        assert (resp.status_code, resp.json()) == (200, {'stacks': []})
        # uWSGI's request log is the access log (written after the answer).
        while 'GET /v1/admin/stacks => generated' not in log.read_text(errors='replace'):
            assert time.monotonic() < deadline, log.read_text()
            time.sleep(0.1)
        proc.send_signal(signal.SIGTERM)
        assert proc.wait(timeout=30) == 0, log.read_text()
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
