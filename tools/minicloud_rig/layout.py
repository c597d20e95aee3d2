"""Where the rig keeps things, which ports and names it uses.

Everything the rig writes lives under one state directory (MINICLOUD_HOME):

    venv/                 the one virtualenv for every service
    etc/<service>/        generated configuration
    log/<process>.log     each process's output
    run/<process>.pid     each process's pid (its own session and group)
    data/                 keystone keys, glance store, nova state_path ...
    wsgi/                 tiny entry modules gunicorn imports
    secrets.json          generated passwords
    clouds.yaml           clouds minicloud-admin/-demo/-alt/-heat-conv
"""
import json
import os
import secrets

REGION = 'RegionOne'
HOST = '127.0.0.1'
# The compute and volume host name: fixed, so that a machine's hostname
# never changes which service records the rig owns.
SERVICE_HOST = 'minicloud'
VHOST = 'minicloud'
DB_PREFIX = 'minicloud_'

# (name, port) of each API; the standard ports (pitfall 11).
PORTS = {
    'keystone': 5000,
    'placement': 8778,
    'glance': 9292,
    'neutron': 9696,
    'nova-api': 8774,
    'cinder-api': 8776,
    'swift': 8080,
    'swift-object': 6200,
    'swift-container': 6201,
    'swift-account': 6202,
}

# Every process, in start order: (name, service whose log explains it, port).
PROCESSES = (
    ('keystone', 'keystone', PORTS['keystone']),
    ('nova-api', 'nova', PORTS['nova-api']),
    ('nova-conductor', 'nova', None),
    ('nova-scheduler', 'nova', None),
    ('nova-compute', 'nova', None),
    ('neutron', 'neutron', PORTS['neutron']),
    ('cinder-api', 'cinder', PORTS['cinder-api']),
    ('cinder-scheduler', 'cinder', None),
    ('cinder-volume', 'cinder', None),
    ('glance', 'glance', PORTS['glance']),
    ('placement', 'placement', PORTS['placement']),
    ('swift-account', 'swift', PORTS['swift-account']),
    ('swift-container', 'swift', PORTS['swift-container']),
    ('swift-object', 'swift', PORTS['swift-object']),
    ('swift', 'swift', PORTS['swift']),
)

DATABASES = ('keystone', 'placement', 'glance', 'neutron', 'nova_api',
             'nova_cell0', 'nova', 'cinder')

# Service users in the `service` project; heat-conv is heat-conv's trustee.
SERVICE_USERS = ('nova', 'neutron', 'glance', 'cinder', 'placement',
                 'swift', 'heat-conv')
DEFAULT_ORCHESTRATION_URL = 'http://127.0.0.1:8004/v1/%(tenant_id)s'


def default_home():
    if os.environ.get('MINICLOUD_HOME'):
        return os.environ['MINICLOUD_HOME']
    data = os.environ.get('XDG_DATA_HOME') or os.path.expanduser(
        '~/.local/share')
    return os.path.join(data, 'heat-conv', 'minicloud')


class Rig:
    """The paths, URLs and secrets of one rig."""

    def __init__(self, home=None):
        self.home = os.path.abspath(home or default_home())
        self.venv = os.path.join(self.home, 'venv')
        self.etc = os.path.join(self.home, 'etc')
        self.log = os.path.join(self.home, 'log')
        self.run = os.path.join(self.home, 'run')
        self.data = os.path.join(self.home, 'data')
        self.wsgi = os.path.join(self.home, 'wsgi')
        self.clouds_yaml = os.path.join(self.home, 'clouds.yaml')
        self.db_base = os.environ.get(
            'MINICLOUD_DB', 'mysql+pymysql://root@127.0.0.1:3306')
        rabbit = os.environ.get('MINICLOUD_RABBIT',
                                'guest:guest@127.0.0.1:5672')
        self.transport_url = f'rabbit://{rabbit}/{VHOST}'
        self._secrets = None

    def bin(self, name):
        return os.path.join(self.venv, 'bin', name)

    def site_etc(self, service):
        """The example files a service's wheel installs (venv/etc/<svc>)."""
        return os.path.join(self.venv, 'etc', service)

    def conf_dir(self, service):
        return os.path.join(self.etc, service)

    def conf(self, service, name=None):
        return os.path.join(self.etc, service, name or f'{service}.conf')

    def log_file(self, process):
        return os.path.join(self.log, f'{process}.log')

    def pid_file(self, process):
        return os.path.join(self.run, f'{process}.pid')

    def db_url(self, name):
        return f'{self.db_base}/{DB_PREFIX}{name}?charset=utf8mb4'

    @staticmethod
    def url(service):
        return f'http://{HOST}:{PORTS[service]}'

    @property
    def auth_url(self):
        return self.url('keystone') + '/v3'

    def password(self, user):
        """A generated password per user, kept in secrets.json."""
        if self._secrets is None:
            path = os.path.join(self.home, 'secrets.json')
            try:
                with open(path) as f:
                    self._secrets = json.load(f)
            except FileNotFoundError:
                self._secrets = {}
        if user not in self._secrets:
            self._secrets[user] = secrets.token_urlsafe(15)
            os.makedirs(self.home, exist_ok=True)
            path = os.path.join(self.home, 'secrets.json')
            with open(path + '.new', 'w') as f:
                json.dump(self._secrets, f, indent=1, sort_keys=True)
            os.chmod(path + '.new', 0o600)
            os.replace(path + '.new', path)
        return self._secrets[user]

    def make_dirs(self):
        for path in (self.etc, self.log, self.run, self.data, self.wsgi):
            os.makedirs(path, exist_ok=True)
