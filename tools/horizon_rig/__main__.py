"""tools/horizon: OpenStack's dashboard, Horizon 27.0.0 with heat-dashboard
16.0.0 (both of 2026.2, heat-conv's Heat), on the mini-cloud's Keystone.

  install   the venv (tools/horizon-constraints.txt, a freeze of a working
            install), heat-dashboard's panels, settings and policy copied
            into Horizon as its install guide says, static files collected
            and compressed
  start     local_settings.py pointed at the rig's Keystone (from the rig's
            clouds.yaml), then Horizon under gunicorn on 127.0.0.1:PORT
            (HORIZON_PORT, 8095); idempotent. The Orchestration panels reach
            heat-conv through the catalog's `orchestration` endpoint.
  stop      what start started (by its pid file)
  status    exit 1 if it is down
  freeze    rewrite tools/horizon-constraints.txt from the venv
"""
import os
import pathlib
import shutil
import subprocess
import sys
import time
import urllib.error
import urllib.request

from heat27_rig import procs
from horizon_rig import settings

HOME = pathlib.Path(os.environ.get('HORIZON_HOME') or pathlib.Path(
    os.environ.get('XDG_DATA_HOME') or pathlib.Path.home() / '.local/share')
    / 'heat-conv' / 'horizon')
TOOLS = pathlib.Path(__file__).resolve().parent.parent
CONSTRAINTS = TOOLS / 'horizon-constraints.txt'
PACKAGES = ['horizon==27.0.0', 'heat-dashboard==16.0.0', 'gunicorn', 'whitenoise']
PORT = int(os.environ.get('HORIZON_PORT', '8095'))
NAMES = ('horizon',)
VENV_PY = HOME / 'venv' / 'bin' / 'python'


def minicloud_home():
    return pathlib.Path(os.environ.get('MINICLOUD_HOME') or HOME.parent / 'minicloud')


def _site_packages():
    out = subprocess.run([str(VENV_PY), '-c', 'import openstack_dashboard, heat_dashboard, os;'
                          'print(os.path.dirname(os.path.dirname(openstack_dashboard.__file__)))'],
                         check=True, capture_output=True, text=True).stdout.strip()
    return pathlib.Path(out)


def _keystone_url():
    import yaml
    path = minicloud_home() / 'clouds.yaml'
    if not path.exists():
        return None
    auth = yaml.safe_load(path.read_text())['clouds']['minicloud-admin']['auth']
    return auth['auth_url'].rstrip('/').rsplit('/v3', 1)[0]


def _write_settings(keystone_url):
    site = _site_packages()
    (site / 'openstack_dashboard' / 'local' / 'local_settings.py').write_text(
        settings.local_settings(HOME, keystone_url))


def _manage(*args):
    env = dict(os.environ, DJANGO_SETTINGS_MODULE='openstack_dashboard.settings')
    subprocess.run([str(HOME / 'venv' / 'bin' / 'django-admin'), *args], check=True,
                   env=env, stdout=subprocess.DEVNULL)


def _plug_in_heat_dashboard():
    """heat-dashboard's install guide: its enabled files, settings snippet
    and policy files copied into Horizon's tree."""
    site = _site_packages()
    plugin, dashboard = site / 'heat_dashboard', site / 'openstack_dashboard'
    for enabled in sorted((plugin / 'enabled').glob('_16*.py')):
        shutil.copy(enabled, dashboard / 'local' / 'enabled' / enabled.name)
    for snippet in (plugin / 'local_settings.d').glob('_1699*.py'):
        shutil.copy(snippet, dashboard / 'local' / 'local_settings.d' / snippet.name)
    shutil.copy(plugin / 'conf' / 'heat_policy.yaml', dashboard / 'conf' / 'heat_policy.yaml')
    shutil.copy(plugin / 'conf' / 'default_policies' / 'heat.yaml',
                dashboard / 'conf' / 'default_policies' / 'heat.yaml')


def install():
    venv = HOME / 'venv'
    if not VENV_PY.exists():
        subprocess.run([sys.executable, '-m', 'venv', str(venv)], check=True)
    subprocess.run([str(VENV_PY), '-m', 'pip', 'install', '--quiet',
                    '--disable-pip-version-check', '-c', str(CONSTRAINTS), *PACKAGES],
                   check=True)
    _plug_in_heat_dashboard()
    # Collecting and compressing needs settings, not a Keystone that answers;
    # start writes the rig's. (The rig is not read here: .ci/run installs
    # while the rig starts and may be writing its clouds.yaml.)
    _write_settings('http://127.0.0.1:5000')
    _manage('collectstatic', '--noinput', '--clear')
    _manage('compress', '--force')
    print(f'horizon: installed in {venv}')


def freeze():
    out = subprocess.run([sys.executable, '-m', 'pip', 'freeze', '--exclude-editable'],
                         check=True, capture_output=True, text=True).stdout
    CONSTRAINTS.write_text('# pip freeze of a working tools/horizon venv '
                           '(tools/horizon freeze); used as constraints.\n' + out)
    print(f'horizon: wrote {CONSTRAINTS}')


def url():
    return f'http://127.0.0.1:{PORT}'


def start():
    keystone = _keystone_url()
    if keystone is None:
        raise SystemExit(f'horizon: no {minicloud_home()}/clouds.yaml; start the rig '
                         '(tools/minicloud start) first')
    for name in ('log', 'run', 'etc'):
        (HOME / name).mkdir(parents=True, exist_ok=True)
    _write_settings(keystone)
    (HOME / 'etc' / 'horizon_wsgi.py').write_text(settings.wsgi_shim(str(HOME / 'static')))
    procs.start(HOME, 'horizon', [
        str(HOME / 'venv' / 'bin' / 'gunicorn'), '--chdir', str(HOME / 'etc'), '--bind',
        f'127.0.0.1:{PORT}', '--workers', '1', '--threads', '8', '--timeout', '300',
        'horizon_wsgi:application'], port=PORT, tool='horizon')
    wait()
    print(f'horizon: {url()}/ (Keystone {keystone}/v3)')


def wait(timeout=180):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(f'{url()}/auth/login/', timeout=10):
                return
        except urllib.error.HTTPError as exc:
            raise SystemExit(f'horizon: its login page answered {exc.code}; see '
                             f'{HOME}/log/horizon.log') from exc
        except OSError:
            time.sleep(1)
    raise SystemExit(f'horizon: no answer in {timeout} s; see {HOME}/log/horizon.log')


def main(argv):
    command = argv[0] if argv else '--help'
    if command == 'install':
        return install()
    if command == 'freeze':
        return freeze()
    if command == 'start':
        return start()
    if command == 'stop':
        return procs.stop(HOME, NAMES)
    if command == 'status':
        return procs.status(HOME, NAMES)
    print(__doc__)
    return 0 if command in ('-h', '--help') else 2


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]) or 0)
