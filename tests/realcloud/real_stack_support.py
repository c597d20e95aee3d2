"""heat-conv with Keystone auth on the mini-cloud, driven by the real
``openstack`` CLI as the non-admin ``demo``: what the end-to-end tests
(test_real_*.py) share.

heat-conv is reached the way a user reaches Heat: through the catalog's
``orchestration`` endpoint (http://127.0.0.1:8004/v1/%(tenant_id)s on the
rig), so heat-conv-all listens on 8004, and a test waits for another run
(sessions share this machine) to let go of it. (The openstack CLI does not
honour clouds.yaml's orchestration_endpoint_override: it would talk to
whichever heat-conv holds 8004.)
"""
import json
import pathlib
import socket
import time
import uuid

import psutil
import pytest
import sqlalchemy
import yaml

from tests.functional import all_in_one
from tests.realcloud import cloud_inventory
from tests.realcloud import keystone_rig

CATALOG_PORT = 8004
SAMPLES = pathlib.Path(__file__).resolve().parents[2] / 'sample-templates' / 'real-cloud'
APP = str(SAMPLES / 'app.yaml')


def port_taken(port):
    with socket.socket() as sock:
        return sock.connect_ex(('127.0.0.1', port)) == 0


def unique(prefix):
    return f'{prefix}-{uuid.uuid4().hex[:6]}'


class Cli:
    """``openstack --os-cloud minicloud-demo ...`` against ``service``."""

    def __init__(self, rig, service, workdir, user='demo', cloud=None):
        """``cloud``: the clouds.yaml entry of a ``user`` the rig lacks."""
        assert service.api_port == CATALOG_PORT, 'the CLI finds heat-conv in the catalog'
        self.service = service
        self.user = user
        clouds = yaml.safe_load(pathlib.Path(rig.clouds_yaml).read_text())
        if cloud is not None:
            clouds['clouds'][f'minicloud-{user}'] = cloud
        self.clouds_yaml = pathlib.Path(workdir) / 'clouds.yaml'
        self.clouds_yaml.write_text(yaml.safe_dump(clouds))
        self.env = all_in_one.client_environment(OS_CLIENT_CONFIG_FILE=str(self.clouds_yaml))
        self.program = all_in_one.console_script('openstack')

    def __call__(self, *args, ok=True, timeout=300):
        argv = [self.program, '--os-cloud', f'minicloud-{self.user}', *args]
        done = keystone_rig.run(argv, self.env, timeout=timeout)
        if ok is not None:
            assert (done.returncode == 0) == ok, (
                f'{" ".join(argv)} exited {done.returncode}\nstdout:\n{done.stdout}\n'
                f'stderr:\n{done.stderr}\nheat-conv log:\n{self.service.log(6000)}')
        return done

    def json(self, *args):
        return json.loads(self(*args, '-f', 'json').stdout)

    def stack(self, name):
        return self.json('stack', 'show', name)

    def outputs(self, name):
        return {o['output_key']: o['output_value'] for o in self.stack(name)['outputs']}

    def wait(self, name, status, timeout=240):
        """The stack once its status is ``status``; fails at once on another
        terminal status."""
        deadline = time.monotonic() + timeout
        while True:
            stack = self.stack(name)
            current = stack['stack_status']
            if current == status:
                return stack
            assert not current.endswith('_FAILED'), \
                f'{name} is {current}: {stack["stack_status_reason"]}'
            assert time.monotonic() < deadline, f'{name} is {current}, expected {status}'
            time.sleep(1)


def start_heat_conv(rig, workdir, extra_conf='', wait_for_port=300):
    """heat-conv-all with Keystone auth and trusts, on the catalog's port
    (once no other run holds it)."""
    demo = rig.connect('demo')
    endpoints = demo.session.auth.get_access(demo.session).service_catalog.get_urls(
        service_type='orchestration', interface='public')
    if not any(url.startswith(f'http://127.0.0.1:{CATALOG_PORT}/') for url in endpoints):
        pytest.skip(f"the catalog's orchestration endpoint is {endpoints}, not heat-conv "
                    f'on port {CATALOG_PORT} (tools/minicloud orchestration-endpoint)')
    deadline = time.monotonic() + wait_for_port
    while True:
        while port_taken(CATALOG_PORT):
            if time.monotonic() > deadline:
                pytest.skip(f'port {CATALOG_PORT} stayed taken: heat-conv cannot answer '
                            'for the catalog')
            time.sleep(2)
        service = keystone_rig.KeystoneHeatConv(workdir, rig, api_port=CATALOG_PORT,
                                                extra_conf=extra_conf)
        service.start()
        # Another run may have taken the port between the look and the
        # start, and answered the start's health check: then this run's
        # tests would talk to the other's heat-conv. Wait for the port again.
        if listens_on(service.proc.pid, CATALOG_PORT):
            return service
        service.kill()


def listens_on(pid, port):
    """Whether process ``pid`` holds a listening socket on ``port`` (its
    API may still be binding: asked for a few seconds)."""
    for _ in range(50):
        try:
            if any(c.status == psutil.CONN_LISTEN and c.laddr.port == port
                   for c in psutil.Process(pid).net_connections(kind='tcp')):
                return True
        except psutil.NoSuchProcess:
            return False
        time.sleep(0.1)
    return False


def stack_ids(db_url):
    """Every stack id heat-conv's database holds, deleted ones and nested
    ones included: the owners the cloud's objects may name."""
    engine = sqlalchemy.create_engine(db_url)
    try:
        with engine.connect() as conn:
            return {row[0] for row in conn.execute(sqlalchemy.text('SELECT id FROM stack'))}
    finally:
        engine.dispose()


_patient = {}


def patient(minicloud, user):
    """A connection as ``user`` whose calls may take up to 90 s: the rig's
    APIs answer slowly while other sessions load the machine (the tier's
    own connections give up after 15 s)."""
    if user not in _patient:
        import openstack.config
        import openstack.connection
        config = openstack.config.OpenStackConfig(config_files=[minicloud.clouds_yaml],
                                                  vendor_files=[])
        _patient[user] = openstack.connection.Connection(
            config=config.get_one(cloud=minicloud.cloud_name(user), api_timeout=90))
    return _patient[user]


def watching(minicloud, db_url):
    """A ``Watch`` of the stacks in the heat-conv database at ``db_url`` (a
    fixture's body): what they made is swept as the admin after the test,
    whatever happened, and the test fails if some of it would not go."""
    seen = Watch(minicloud, db_url)
    yield seen
    left = seen.sweep()
    assert not left, f'the sweep could not delete {left}'


class Watch:
    """The demo project's objects that belong to one heat-conv's stacks,
    as the services show them to the admin; accumulated over a test so
    that the delete can be checked against everything ever seen."""

    def __init__(self, minicloud, db_url):
        self.admin = patient(minicloud, 'admin')
        self.project_id = patient(minicloud, 'demo').current_project_id
        self.db_url = db_url
        self.seen = {}

    def look(self):
        """{kind: {id: name}} belonging to the stacks now; remembered."""
        objects = cloud_inventory.listing(self.admin, self.project_id)
        found = cloud_inventory.belonging(objects, stack_ids(self.db_url))
        self.seen = cloud_inventory.merge(self.seen, found)
        return found

    def left(self):
        """What of everything seen, or of what the stacks own, is still
        there."""
        objects = cloud_inventory.listing(self.admin, self.project_id)
        return cloud_inventory.merge(
            cloud_inventory.still_there(objects, self.seen),
            cloud_inventory.belonging(objects, stack_ids(self.db_url)))

    def sweep(self):
        return cloud_inventory.sweep(self.admin, self.project_id,
                                     stack_ids(self.db_url), self.seen)
