"""Runs devstack/plugin.sh phases under stub devstack functions."""
import configparser
import os
import pathlib
import subprocess
import sys

REPO = pathlib.Path(__file__).resolve().parents[2]
STUBS = pathlib.Path(__file__).with_name('devstack_stubs.sh')
BIN_DIR = os.path.dirname(sys.executable)
PROCESSES = ('heat-conv-api', 'heat-conv-engine', 'heat-conv-observer', 'heat-conv-cloud')

# devstack's openrc USER PROJECT, as far as [heat_plugin] reads it.
_OPENRC = '''
export OS_USERNAME=$1 OS_PASSWORD=$1-secret OS_PROJECT_NAME=$2
export OS_AUTH_URL=http://127.0.0.1/identity OS_REGION_NAME=RegionOne
export OS_USER_DOMAIN_ID=default OS_PROJECT_DOMAIN_ID=default
export OS_USER_DOMAIN_NAME=Default OS_PROJECT_DOMAIN_NAME=Default
'''
# Stands in for heat-conv-manage where a test has no database to sync.
_FAKE_MANAGE = r'''#!/bin/bash
IFS=$'\t'
echo "heat-conv-manage"$'\t'"$*" >> "$STUB_CALLS"
'''

_DRIVER = '''
set -o errexit
source "$STUBS"
source "$REPO/devstack/settings"
source "$REPO/devstack/plugin.sh" "$@"
'''


class Devstack:
    """One devstack host: its settings, and the phases run on it."""

    def __init__(self, tmp_path, services=('mysql', 'rabbit'), fake_manage=False,
                 **settings):
        """``fake_manage``: heat-conv-manage (db sync) is a stand-in that
        records its call, for tests without a database."""
        self.tmp_path = pathlib.Path(tmp_path)
        self.conf_dir = self.tmp_path / 'etc' / 'heat_conv'
        self.conf_file = self.conf_dir / 'heat_conv.conf'
        self.state_path = self.tmp_path / 'data' / 'heat-conv'
        self.calls_file = self.tmp_path / 'calls'
        self.tempest_conf = self.tmp_path / 'tempest.conf'
        top_dir = self.tmp_path / 'devstack'
        top_dir.mkdir(exist_ok=True)
        (top_dir / 'openrc').write_text(_OPENRC)
        bin_dir = BIN_DIR
        if fake_manage:
            bin_dir = self.tmp_path / 'bin'
            bin_dir.mkdir(exist_ok=True)
            (bin_dir / 'heat-conv-manage').write_text(_FAKE_MANAGE)
            (bin_dir / 'heat-conv-manage').chmod(0o755)
        self.env = {
            'PATH': os.environ['PATH'],
            'HOME': str(self.tmp_path),
            'STUBS': str(STUBS), 'REPO': str(REPO),
            'STUB_CALLS': str(self.calls_file),
            'STUB_PYTHON': sys.executable,
            'STUB_BIN_DIR': str(bin_dir),
            'STUB_DOMAIN_ID': 'd0ma1n',
            'STUB_UWSGI_RUN_DIR': str(self.tmp_path / 'uwsgi'),
            'TOP_DIR': str(top_dir),
            'TEMPEST_CONFIG': str(self.tempest_conf),
            'STUB_DATABASE_URL_BASE': 'mysql+pymysql://root:@127.0.0.1:3306',
            'STUB_TRANSPORT_URL': 'rabbit://guest:guest@127.0.0.1:5672/',
            'DEST': str(self.tmp_path / 'opt'),
            'DATA_DIR': str(self.tmp_path / 'data'),
            'HEAT_CONV_DIR': str(REPO),
            'HEAT_CONV_CONF_DIR': str(self.conf_dir),
            'STACK_USER': str(os.getuid()),
            'SERVICE_HOST': '127.0.0.1', 'SERVICE_PROTOCOL': 'http',
            'SERVICE_LISTEN_ADDRESS': '127.0.0.1',
            'ENABLE_DEBUG_LOG_LEVEL': 'True',
            'DATABASE_TYPE': 'mysql',
            'REGION_NAME': 'RegionOne',
            'SERVICE_TIMEOUT': '60',
            'ENABLED_SERVICES': ','.join(services),
            'DISABLED_SERVICES': '',
        }
        self.env.update({key: str(value) for key, value in settings.items()})

    def run(self, *phase, ok=True):
        """Source plugin.sh with ``phase``; the stub calls it made, each a
        tuple (function, arg, ...)."""
        self.calls_file.write_text('')
        done = subprocess.run(['bash', '-c', _DRIVER, 'plugin.sh', *phase], env=self.env,
                              capture_output=True, text=True, timeout=120)
        assert (done.returncode == 0) == ok, (
            f'plugin.sh {" ".join(phase)} exited {done.returncode}\n'
            f'stdout:\n{done.stdout}\nstderr:\n{done.stderr}')
        self.output = done.stdout + done.stderr
        return [tuple(line.split('\t')) for line in self.calls_file.read_text().splitlines()]

    def config(self, path=None):
        """The ini file ``path`` (heat-conv's config file by default), parsed."""
        parser = configparser.ConfigParser(interpolation=None)
        parser.read(path or self.conf_file)
        return parser
