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

_DRIVER = '''
set -o errexit
source "$STUBS"
source "$REPO/devstack/settings"
source "$REPO/devstack/plugin.sh" "$@"
'''


class Devstack:
    """One devstack host: its settings, and the phases run on it."""

    def __init__(self, tmp_path, services=('mysql', 'rabbit'), **settings):
        self.tmp_path = pathlib.Path(tmp_path)
        self.conf_dir = self.tmp_path / 'etc' / 'heat_conv'
        self.conf_file = self.conf_dir / 'heat_conv.conf'
        self.state_path = self.tmp_path / 'data' / 'heat-conv'
        self.calls_file = self.tmp_path / 'calls'
        self.env = {
            'PATH': os.environ['PATH'],
            'HOME': str(self.tmp_path),
            'STUBS': str(STUBS), 'REPO': str(REPO),
            'STUB_CALLS': str(self.calls_file),
            'STUB_PYTHON': sys.executable,
            'STUB_BIN_DIR': BIN_DIR,
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

    def config(self):
        parser = configparser.ConfigParser(interpolation=None)
        parser.read(self.conf_file)
        return parser
