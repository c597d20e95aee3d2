"""tools/heat27: OpenStack Heat 27.0.1 beside the mini-cloud.

  install   the venv: openstack-heat==27.0.1, gunicorn, PyMySQL under
            tools/heat27-constraints.txt (a freeze of a working install)
  start     its service user, database, vhost and heat.conf; the counting
            proxy (Keystone at :PROXY_PORT), heat-api under gunicorn on
            :API_PORT and heat-engine with 2 workers; idempotent
  stop      the processes start started (by their pid files)
  status    exit 1 if a process is down
  freeze    rewrite tools/heat27-constraints.txt from the venv
"""
import json
import os
import pathlib
import secrets
import subprocess
import sys
import time
import urllib.request

from heat27_rig import conf
from heat27_rig import procs

HOME = pathlib.Path(os.environ.get('HEAT27_HOME') or pathlib.Path(
    os.environ.get('XDG_DATA_HOME') or pathlib.Path.home() / '.local/share')
    / 'heat-conv' / 'heat27')
TOOLS = pathlib.Path(__file__).resolve().parent.parent
CONSTRAINTS = TOOLS / 'heat27-constraints.txt'
PACKAGES = ['openstack-heat==27.0.1', 'gunicorn', 'PyMySQL']
DB = os.environ.get('HEAT27_DB', 'root@127.0.0.1:3306')
RABBIT = os.environ.get('HEAT27_RABBIT', 'guest:guest@127.0.0.1:5672')
VHOST = 'heat27'
SERVICE_USER = 'heat27'


def minicloud_home():
    return pathlib.Path(os.environ.get('MINICLOUD_HOME') or HOME.parent / 'minicloud')


def install():
    venv = HOME / 'venv'
    if not (venv / 'bin' / 'python').exists():
        subprocess.run([sys.executable, '-m', 'venv', str(venv)], check=True)
    subprocess.run([str(venv / 'bin' / 'python'), '-m', 'pip', 'install', '--quiet',
                    '--disable-pip-version-check', '-c', str(CONSTRAINTS), *PACKAGES],
                   check=True)
    print(f'heat27: installed in {venv}')


def freeze():
    # Without PYTHONPATH: the checkout's own heat-conv is not Heat's.
    env = {k: v for k, v in os.environ.items() if k != 'PYTHONPATH'}
    out = subprocess.run([sys.executable, '-m', 'pip', 'freeze', '--exclude-editable'],
                         check=True, capture_output=True, text=True, env=env).stdout
    CONSTRAINTS.write_text('# pip freeze of a working tools/heat27 venv '
                           '(tools/heat27 freeze); used as constraints.\n' + out)
    print(f'heat27: wrote {CONSTRAINTS}')


def _clouds():
    import yaml
    path = minicloud_home() / 'clouds.yaml'
    return yaml.safe_load(path.read_text())['clouds']


def _admin():
    import openstack
    auth = _clouds()['minicloud-admin']
    return openstack.connect(auth=auth['auth'], region_name='RegionOne',
                             identity_api_version='3')


def service_user():
    """Heat's own service user ``heat27`` (admin and service in project
    ``service``), made once; its password is kept in secrets.json."""
    path = HOME / 'secrets.json'
    saved = json.loads(path.read_text()) if path.exists() else {}
    admin = _admin()
    project = admin.identity.find_project('service', ignore_missing=False)
    user = admin.identity.find_user(SERVICE_USER, domain_id='default')
    password = saved.get('password') or secrets.token_urlsafe(15)
    if user is None:
        user = admin.identity.create_user(name=SERVICE_USER, password=password,
                                          domain_id='default',
                                          default_project_id=project.id)
    elif not saved.get('password'):
        admin.identity.update_user(user, password=password)
    for role_name in ('admin', 'service'):
        role = admin.identity.find_role(role_name, ignore_missing=False)
        admin.identity.assign_project_role_to_user(project, user, role)
    path.write_text(json.dumps({'password': password}))
    path.chmod(0o600)
    return {'username': SERVICE_USER, 'password': password}


def backing():
    """Heat's database and RabbitMQ vhost, made if missing."""
    import pymysql
    user_host, _, port = DB.rpartition(':')
    user, _, host = user_host.partition('@')
    conn = pymysql.connect(host=host, port=int(port), user=user, autocommit=True)
    with conn.cursor() as cur:
        cur.execute('CREATE DATABASE IF NOT EXISTS heat27 CHARACTER SET utf8mb4')
    conn.close()
    listed = subprocess.run(['rabbitmqctl', 'list_vhosts', '--quiet'], check=True,
                            capture_output=True, text=True).stdout.split()
    if VHOST not in listed:
        subprocess.run(['rabbitmqctl', 'add_vhost', VHOST], check=True,
                       capture_output=True)
    rabbit_user = RABBIT.partition(':')[0]
    subprocess.run(['rabbitmqctl', 'set_permissions', '-p', VHOST, rabbit_user,
                    '.*', '.*', '.*'], check=True, capture_output=True)
    return (f'mysql+pymysql://{user}@{host}:{port}/heat27?charset=utf8mb4',
            f'rabbit://{RABBIT}/{VHOST}')


def start():
    for name in ('log', 'run', 'data', 'etc'):
        (HOME / name).mkdir(parents=True, exist_ok=True)
    clouds = _clouds()
    keystone = clouds['minicloud-admin']['auth']['auth_url'].rsplit('/v3', 1)[0]
    proxy = f'http://127.0.0.1:{conf.PROXY_PORT}'
    db_url, transport = backing()
    venv_etc = str(HOME / 'venv' / 'etc' / 'heat')
    conf_path = HOME / 'etc' / 'heat.conf'
    conf_path.write_text(conf.heat_conf(
        str(HOME), venv_etc, service_user(),
        clouds['minicloud-heat-domain-admin']['auth'], db_url, transport, proxy))
    (HOME / 'etc' / 'heat27_wsgi.py').write_text(conf.wsgi_shim(str(conf_path)))
    bin_dir = HOME / 'venv' / 'bin'
    subprocess.run([str(bin_dir / 'heat-manage'), '--config-file', str(conf_path),
                    'db_sync'], check=True, capture_output=True)
    procs.start(HOME, 'callcount', [
        sys.executable, '-m', 'heat_conv.bench.callcount', '--keystone', keystone,
        '--port', str(conf.PROXY_PORT)], port=conf.PROXY_PORT)
    procs.start(HOME, 'heat-engine', [str(bin_dir / 'heat-engine'), '--config-file',
                                      str(conf_path)])
    procs.start(HOME, 'heat-api', [
        str(bin_dir / 'gunicorn'), '--chdir', str(HOME / 'etc'), '--bind',
        f'127.0.0.1:{conf.API_PORT}', '--workers', '1', '--threads', '4',
        '--timeout', '300', 'heat27_wsgi:application'], port=conf.API_PORT)
    wait_api()
    print(f'heat27: heat-api http://127.0.0.1:{conf.API_PORT}/v1/%(project_id)s; '
          f'engine workers {conf.ENGINE_WORKERS}; service user {SERVICE_USER}; '
          f'calls counted by the proxy at {proxy} (Keystone {proxy}/v3)')


def wait_api(timeout=180):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(f'http://127.0.0.1:{conf.API_PORT}/',
                                        timeout=5):
                return
        except urllib.error.HTTPError:
            return   # it answers
        except OSError:
            time.sleep(1)
    raise SystemExit(f'heat27: heat-api did not answer in {timeout} s; see '
                     f'{HOME}/log/heat-api.log')


def main(argv):
    command = argv[0] if argv else '--help'
    if command == 'install':
        return install()
    if command == 'freeze':
        return freeze()
    if command == 'start':
        return start()
    if command == 'stop':
        return procs.stop(HOME)
    if command == 'status':
        return procs.status(HOME)
    print(__doc__)
    return 0 if command in ('-h', '--help') else 2


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]) or 0)
