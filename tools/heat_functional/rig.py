"""The mini-cloud (tools/minicloud) as Heat's functional suite uses it.

The suite needs what Heat's gate gives it on devstack: a non-admin user
and an admin, an image, two flavors, a private network with a subnet and a
router on the external network, and a keypair. The rig has the users
(``demo``, member of project ``demo``; ``admin``), the image ``cirros``, the
flavors and the external network ``public``; ``prepare`` makes the rest, with
names of the run's own (two runs may share the rig), and ``clean_up``
deletes it, with any stack the run's tests left behind.
"""
import os
import time
import urllib.parse

import yaml

IMAGE = 'cirros'
MINIMAL_FLAVOR = 'm1.tiny'
FLAVOR = 'm1.small'
EXTERNAL_NETWORK = 'public'
USER, ADMIN = 'demo', 'admin'
CLOUDS = {USER: 'minicloud-demo', ADMIN: 'minicloud-admin'}
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

    def auth(self, cloud):
        return self.clouds[cloud]['auth']

    @property
    def auth_url(self):
        return self.auth(CLOUDS[ADMIN])['auth_url']

    def region(self):
        return self.clouds[CLOUDS[ADMIN]].get('region_name', 'RegionOne')

    def connect(self, user):
        if user not in self._connections:
            import openstack.config
            import openstack.connection
            config = openstack.config.OpenStackConfig(
                config_files=[self.clouds_yaml], vendor_files=[])
            self._connections[user] = openstack.connection.Connection(
                config=config.get_one(cloud=CLOUDS[user], api_timeout=API_TIMEOUT))
        return self._connections[user]

    def check(self):
        """A token for each user and the objects the suite is given: a broken
        rig must not look like failing tests."""
        try:
            for user in (USER, ADMIN):
                self.connect(user).authorize()
            demo = self.connect(USER)
            demo.compute.find_flavor(MINIMAL_FLAVOR, ignore_missing=False)
            demo.compute.find_flavor(FLAVOR, ignore_missing=False)
            demo.image.find_image(IMAGE, ignore_missing=False)
            demo.network.find_network(EXTERNAL_NETWORK, ignore_missing=False)
        except Exception as exc:
            raise RigError(f'the rig at {self.home} is not usable: {type(exc).__name__}: '
                           f'{exc} (tools/minicloud health)') from exc

    def orchestration_base(self):
        """``http://host:port`` of the catalog's orchestration endpoint."""
        url = self.connect(USER).session.get_endpoint(
            service_type='orchestration', interface='public')
        parts = urllib.parse.urlsplit(url)
        return f'{parts.scheme}://{parts.netloc}'

    def prepare(self, run_id):
        """The network, subnet, router and keypairs named after ``run_id``;
        their names, for the suite's configuration."""
        demo, admin = self.connect(USER), self.connect(ADMIN)
        name = f'heat-functional-{run_id}'
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
        return {'network': net.name, 'subnet': subnet.name, 'keypair': f'{name}-key'}

    def clean_up(self, endpoint_base, stack_prefixes, log=print):
        """Delete the stacks whose names start with one of
        ``stack_prefixes`` (the suite names a test's stacks
        ``Class-test_method-N``) in the users' projects at the orchestration
        service ``endpoint_base``, then what ``prepare`` made. Returns what
        would not go."""
        left = []
        for user in (USER, ADMIN):
            try:
                left += _delete_stacks(self.connect(user), endpoint_base,
                                       tuple(stack_prefixes), log)
            except Exception as exc:
                left.append(f'stacks of {user}: {type(exc).__name__}: {exc}')
        demo, admin = self.connect(USER), self.connect(ADMIN)
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
