"""etc/systemd/: a unit per process, valid for systemd, running the
installed console scripts."""
import configparser
import os
import shutil
import subprocess
import sys

import pytest

from tests.deploy.devstack import PROCESSES
from tests.deploy.devstack import REPO

UNITS = REPO / 'etc' / 'systemd'
INSTALL_BIN = '/opt/heat-conv/bin/'   # where doc/operations.md installs heat-conv


def _unit(name):
    parser = configparser.ConfigParser(strict=False, interpolation=None)
    parser.optionxform = str
    parser.read(UNITS / name)
    return parser


def _console_scripts():
    parser = configparser.ConfigParser()
    parser.read(REPO / 'setup.cfg')
    entries = parser['options.entry_points']['console_scripts'].strip().splitlines()
    return {line.split('=')[0].strip() for line in entries}


@pytest.mark.parametrize('process', PROCESSES)
def test_each_process_has_a_unit_running_its_console_script(process):
    unit = _unit(f'{process}.service')
    command = unit['Service']['ExecStart'].split()
    assert command == [INSTALL_BIN + process]
    assert process in _console_scripts()
    assert unit['Service']['User'] == 'heat-conv'
    assert unit['Service']['Restart'] == 'on-failure'
    assert unit['Service']['Environment'] == 'HEAT_CONV_STATE_PATH=/var/lib/heat-conv'
    assert unit['Service']['StateDirectory'] == 'heat-conv'
    assert unit['Unit']['PartOf'] == 'heat-conv.target'
    assert unit['Install']['WantedBy'] == 'heat-conv.target'


def test_forking_processes_let_their_parent_stop_the_children():
    for process in ('heat-conv-engine', 'heat-conv-observer'):
        assert _unit(f'{process}.service')['Service']['KillMode'] == 'mixed'


def test_uwsgi_unit_runs_the_shipped_ini_instead_of_heat_conv_api():
    unit = _unit('heat-conv-api-uwsgi.service')
    assert unit['Unit']['Conflicts'] == 'heat-conv-api.service'
    assert unit['Service']['ExecStart'].split() == [
        INSTALL_BIN + 'uwsgi', '--ini', '/etc/heat_conv/heat-conv-api-uwsgi.ini']
    assert (REPO / 'etc' / 'heat_conv' / 'heat-conv-api-uwsgi.ini').exists()


def test_systemd_accepts_the_units(tmp_path):
    analyze = shutil.which('systemd-analyze')
    if analyze is None:
        pytest.skip('systemd-analyze is not installed (Debian: apt-get install systemd)')
    # systemd checks that ExecStart's program exists: point it at this venv's.
    bin_dir = os.path.dirname(sys.executable) + '/'
    for path in UNITS.iterdir():
        (tmp_path / path.name).write_text(path.read_text().replace(INSTALL_BIN, bin_dir))
    done = subprocess.run([analyze, 'verify', '--man=no',
                           *sorted(str(p) for p in tmp_path.iterdir())],
                          capture_output=True, text=True, cwd=tmp_path)
    # It exits 0 on what it ignores (an unknown key, a bad value): those count.
    assert done.returncode == 0 and not (done.stdout + done.stderr).strip(), (
        done.stdout + done.stderr)


def test_a_process_reads_the_shared_file_then_its_own(tmp_path):
    """What the units rely on instead of --config-file: oslo.config reads
    heat_conv.conf, then PROG.conf, from ~/.heat_conv or /etc/heat_conv."""
    conf_dir = tmp_path / '.heat_conv'
    conf_dir.mkdir()
    (conf_dir / 'heat_conv.conf').write_text(
        f'[DEFAULT]\nstate_path = {tmp_path}\n'
        f'[database]\nconnection = sqlite:///{tmp_path}/shared.sqlite\n')
    (conf_dir / 'heat-conv-manage.conf').write_text(
        f'[database]\nconnection = sqlite:///{tmp_path}/own.sqlite\n')
    env = dict(os.environ, HOME=str(tmp_path))
    done = subprocess.run([os.path.join(os.path.dirname(sys.executable), 'heat-conv-manage'),
                           'db', 'sync'], env=env, capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0, done.stderr
    assert (tmp_path / 'own.sqlite').exists()
    assert not (tmp_path / 'shared.sqlite').exists()
