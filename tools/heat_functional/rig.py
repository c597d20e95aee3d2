"""The mini-cloud (tools/minicloud) as Heat's functional suite uses it.

The suite needs what Heat's gate gives it on devstack: a non-admin user
and an admin, an image, two flavors, a private network with a subnet and a
router on the external network, and a keypair. The rig has the admin, the
image ``cirros``, the flavors and the external network ``public``;
``prepare`` makes the rest, with names of the run's own: a project with a
member user (not the rig's ``demo``, whose roles and trusts other sessions'
tests change while they share the rig), its network, router and keypairs.
``clean_up`` deletes it all, with any stack the run's tests left behind.
"""
import os
import secrets
import time
import urllib.parse

import yaml

IMAGE = 'cirros'
MINIMAL_FLAVOR = 'm1.tiny'
FLAVOR = 'm1.small'
EXTERNAL_NETWORK = 'public'
USER, ADMIN = 'user', 'admin'
CLOUDS = {ADMIN: 'minicloud-admin'}
ROLE = 'member'
# Room for the suite's servers, ports and volumes, as the rig gives demo.
QUOTAS = {'compute': {'instances': 80, 'cores': 400, 'ram': 800 * 1024},
          'network': {'port': 300, 'network': 50, 'subnet': 50, 'router': 20,
                      'floatingip': 60, 'security_group': 100},
          'volume': {'volumes': 30, 'gigabytes': 1000}}
API_TIMEOUT = 60


class RigError(RuntimeError):
    pass


def state_dir():
    """Where tools/minicloud keeps the rig (as tests/realcloud finds it)."""
    for name in ('HEAT_CONV_MINICLOUD', 'MINICLOUD_HOME'):
        if os.environ.get(name):
            return os.environ[name]
    data = os.environ.get('XDG_DATA_HOME') or os.path.expanduser('~/.local/share')
    return os.path.join(data, 'heat-conv', 'minicloud')


class Rig:
    def __init__(self, home=None):
        self.home = home or state_dir()
        self.clouds_yaml = os.path.join(self.home, 'clouds.yaml')
        if not os.path.exists(self.clouds_yaml):
            raise RigError(f'no mini-cloud at {self.home} (tools/minicloud start; '
                           'HEAT_CONV_MINICLOUD names another state dir)')
        with open(self.clouds_yaml, encoding='utf-8') as f:
            self.clouds = yaml.safe_load(f)['clouds']
        self._connections = {}
        self.made = {}
        self.user_auth = None

    def auth(self, cloud):
        return self.clouds[cloud]['auth']

    @property
    def auth_url(self):
        return self.auth(CLOUDS[ADMIN])['auth_url']

    def region(self):
        return self.clouds[CLOUDS[ADMIN]].get('region_name', 'RegionOne')

    def connect(self, user):
        """A connection as the admin, or as the run's user once made."""
        if user not in self._connections:
            import openstack
            if user == ADMIN:
                import openstack.config
                config = openstack.config.OpenStackConfig(
                    config_files=[self.clouds_yaml], vendor_files=[])
                conn = openstack.connection.Connection(
                    config=config.get_one(cloud=CLOUDS[ADMIN], api_timeout=API_TIMEOUT))
            else:
                conn = openstack.connect(auth=dict(self.user_auth), auth_type='password',
                                         region_name=self.region(), api_timeout=API_TIMEOUT,
                                         identity_api_version='3', load_yaml_config=False,
                                         load_envvars=False)
            self._connections[user] = conn
        return self._connections[user]

    def check(self):
        """A token for each user and the objects the suite is given: a broken
        rig must not look like failing tests."""
        try:
            demo = self.connect(ADMIN)
            demo.authorize()
            demo.compute.find_flavor(MINIMAL_FLAVOR, ignore_missing=False)
            demo.compute.find_flavor(FLAVOR, ignore_missing=False)
            demo.image.find_image(IMAGE, ignore_missing=False)
            demo.network.find_network(EXTERNAL_NETWORK, ignore_missing=False)
        except Exception as exc:
            raise RigError(f'the rig at {self.home} is not usable: {type(exc).__name__}: '
                           f'{exc} (tools/minicloud health)') from exc

    def orchestration_base(self):
        """``http://host:port`` of the catalog's orchestration endpoint."""
        url = self.connect(ADMIN).session.get_endpoint(
            service_type='orchestration', interface='public')
        parts = urllib.parse.urlsplit(url)
        return f'{parts.scheme}://{parts.netloc}'

    def _make_user(self, name):
        """The run's project and its member user; their credentials."""
        admin = self.connect(ADMIN)
        project = admin.identity.create_project(name=name, domain_id='default')
        self.made['project'] = project.id
        password = secrets.token_urlsafe(16)
        user = admin.identity.create_user(name=name, password=password, domain_id='default',
                                          default_project_id=project.id)
        self.made['user'] = user.id
        role = admin.identity.find_role(ROLE, ignore_missing=False)
        admin.identity.assign_project_role_to_user(project, user, role)
        admin.set_compute_quotas(project.id, **QUOTAS['compute'])
        admin.set_network_quotas(project.id, **QUOTAS['network'])
        admin.set_volume_quotas(project.id, **QUOTAS['volume'])
        self.user_auth = {'auth_url': self.auth_url, 'username': name, 'password': password,
                          'project_name': name, 'user_domain_name': 'Default',
                          'project_domain_name': 'Default'}
        return self.user_auth

    def prepare(self, run_id):
        """The project, user, network, subnet, router and keypairs named
        after ``run_id``; their names, for the suite's configuration."""
        name = f'heat-functional-{run_id}'
        self._make_user(name)
        demo, admin = self.connect(USER), self.connect(ADMIN)
        net = demo.network.create_network(name=f'{name}-net')
        self.made['network'] = net.id
        subnet = demo.network.create_subnet(
            name=f'{name}-subnet', network_id=net.id, ip_version=4,
            cidr='10.99.0.0/24', dns_nameservers=[])
        public = demo.network.find_network(EXTERNAL_NETWORK, ignore_missing=False)
        router = demo.network.create_router(
            name=f'{name}-router', external_gateway_info={'network_id': public.id})
        self.made['router'] = router.id
        demo.network.add_interface_to_router(router, subnet_id=subnet.id)
        self.made['router_subnet'] = subnet.id
        for user, conn in ((USER, demo), (ADMIN, admin)):
            conn.compute.create_keypair(name=f'{name}-key')
            self.made[f'keypair_{user}'] = f'{name}-key'
        return {'network': net.name, 'subnet': subnet.name, 'keypair': f'{name}-key',
                'user': self.user_auth}

    def clean_up(self, endpoint_base, stack_prefixes, log=print):
        """Delete the stacks whose names start with one of
        ``stack_prefixes`` (the suite names a test's stacks
        ``Class-test_method-N``) in the users' projects at the orchestration
        service ``endpoint_base``, then what ``prepare`` made. Returns what
        would not go."""
        left = []
        users = (USER, ADMIN) if self.user_auth else (ADMIN,)
        for user in users:
            try:
                left += _delete_stacks(self.connect(user), endpoint_base,
                                       tuple(stack_prefixes), log)
            except Exception as exc:
                left.append(f'stacks of {user}: {type(exc).__name__}: {exc}')
        admin = self.connect(ADMIN)
        demo = self.connect(USER) if self.user_auth else None
        steps = [
            ('router interface', lambda: 'router_subnet' in self.made and
             demo.network.remove_interface_from_router(
                 self.made['router'], subnet_id=self.made['router_subnet'])),
            ('router', lambda: 'router' in self.made and
             demo.network.delete_router(self.made['router'], ignore_missing=True)),
            ('network', lambda: 'network' in self.made and
             demo.network.delete_network(self.made['network'], ignore_missing=True)),
            ('demo keypair', lambda: f'keypair_{USER}' in self.made and
             demo.compute.delete_keypair(self.made[f'keypair_{USER}'], ignore_missing=True)),
            ('admin keypair', lambda: f'keypair_{ADMIN}' in self.made and
             admin.compute.delete_keypair(self.made[f'keypair_{ADMIN}'],
                                          ignore_missing=True)),
            # Last: what the project still holds (a stack that would not
            # go) is reported above, and a user's trusts go with the user.
            ('user', lambda: 'user' in self.made and
             admin.identity.delete_user(self.made['user'], ignore_missing=True)),
            ('project', lambda: 'project' in self.made and not left and
             admin.identity.delete_project(self.made['project'], ignore_missing=True)),
        ]
        for what, step in steps:
            try:
                step()
            except Exception as exc:
                left.append(f'{what}: {type(exc).__name__}: {exc}')
        self.made = {}
        return left


def _delete_stacks(conn, endpoint_base, prefixes, log, timeout=600):
    """Delete ``conn``'s project's stacks named with one of ``prefixes`` at
    the orchestration service ``endpoint_base``; names of those still there
    after ``timeout`` seconds."""
    session = conn.session
    url = f'{endpoint_base}/v1/{conn.current_project_id}/stacks'
    mine = [s for s in session.get(url).json()['stacks']
            if s['stack_name'].startswith(prefixes)]
    for stack in mine:
        log(f'heat-functional: deleting stack {stack["stack_name"]} left by the run')
        session.delete(f'{url}/{stack["stack_name"]}/{stack["id"]}', raise_exc=False)
    deadline = time.monotonic() + timeout
    while mine and time.monotonic() < deadline:
        time.sleep(3)
        listed = {s['id']: s for s in session.get(url).json()['stacks']}
        mine = [listed[s['id']] for s in mine if s['id'] in listed]
        for stack in mine:
            if stack['stack_status'] == 'DELETE_FAILED':
                session.delete(f'{url}/{stack["stack_name"]}/{stack["id"]}',
                               raise_exc=False)
    return [f'stack {s["stack_name"]} ({s["stack_status"]})' for s in mine]
