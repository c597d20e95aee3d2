"""The mini-cloud's Keystone (tools/minicloud) as the Keystone tests use it,
and heat-conv-all run against it with auth_strategy = keystone and trusts.
"""
import pathlib
import subprocess
import time

import openstack
import requests
import yaml
from openstack import config as os_config

from tests.functional import all_in_one


class Rig:
    """The rig's clouds.yaml (the ``minicloud`` fixture found and checked
    it): fresh connections as its users, and their credentials."""

    def __init__(self, clouds_yaml):
        self.clouds_yaml = pathlib.Path(clouds_yaml)
        self.clouds = yaml.safe_load(self.clouds_yaml.read_text())['clouds']
        self._config = os_config.OpenStackConfig(config_files=[str(self.clouds_yaml)],
                                                 vendor_files=[])

    def connect(self, user):
        """A fresh openstacksdk Connection as the rig's ``user``."""
        return openstack.connection.Connection(
            config=self._config.get_one(cloud=f'minicloud-{user}'))

    def auth(self, user):
        return self.clouds[f'minicloud-{user}']['auth']


class KeystoneHeatConv(all_in_one.AllInOne):
    """heat-conv-all with Keystone auth and trusts, against the rig; its
    [trustee] and [keystone_authtoken] are the rig's heat-conv user."""

    def __init__(self, state_dir, rig, api_port=None, extra_conf=''):
        super().__init__(state_dir)
        if api_port is not None:
            self.api_port = api_port
            self.url = f'http://127.0.0.1:{api_port}'
        self.auth_url = rig.auth('heat-conv')['auth_url'].rsplit('/v3', 1)[0]
        self.db_url = f'sqlite:///{self.state_dir}/heat_conv.sqlite'
        self.conf_file.write_text(
            f'[DEFAULT]\nstate_path = {self.state_dir}\n{extra_conf}\n'
            f'[api]\nbind_port = {self.api_port}\nauth_strategy = keystone\n'
            f'[cloud]\nbind_port = {self.cloud_port}\n' + keystone_conf(rig))


def stack_user_domain_conf(rig):
    """heat-conv's [DEFAULT] stack user domain settings: the rig's heat domain
    and its admin, for the types that make users for servers and stacks."""
    domain = rig.auth('heat-domain-admin')
    return (f'stack_user_domain_name = {domain["domain_name"]}\n'
            f'stack_domain_admin = {domain["username"]}\n'
            f'stack_domain_admin_password = {domain["password"]}\n')


def keystone_conf(rig):
    """heat-conv's [keystone_authtoken] and [trustee]: the rig's heat-conv
    user, at the rig's Keystone."""
    service = rig.auth('heat-conv')
    keystone = service['auth_url'].rsplit('/v3', 1)[0]
    return ('[keystone_authtoken]\n'
            f'www_authenticate_uri = {keystone}\nauth_url = {keystone}\n'
            'auth_type = password\n'
            f'username = {service["username"]}\npassword = {service["password"]}\n'
            f'user_domain_name = {service["user_domain_name"]}\n'
            f'project_name = {service["project_name"]}\n'
            f'project_domain_name = {service["project_domain_name"]}\n'
            '[trustee]\n'
            f'auth_type = password\nauth_url = {keystone}\n'
            f'username = {service["username"]}\npassword = {service["password"]}\n'
            f'user_domain_name = {service["user_domain_name"]}\n')


class User:
    """A rig user talking to heat-conv's REST API with their own token."""

    def __init__(self, rig, name, service):
        self.name = name
        self.conn = rig.connect(name)
        self.service = service
        self.token = self.conn.session.get_token()
        self.user_id = self.conn.current_user_id
        self.project_id = self.conn.current_project_id

    def url(self, path, project=None):
        return f'{self.service.url}/v1/{project or self.project_id}{path}'

    def request(self, method, path, project=None, **kwargs):
        headers = dict(kwargs.pop('headers', {}), **{'X-Auth-Token': self.token})
        kwargs.setdefault('timeout', 60)
        return requests.request(method, self.url(path, project), headers=headers,
                                **kwargs)

    def create(self, name, template, **fields):
        resp = self.request('POST', '/stacks', json=dict(
            {'stack_name': name, 'template': template}, **fields))
        assert resp.status_code == 201, resp.text
        return resp.json()['stack']['id']

    def stack(self, name, stack_id):
        resp = self.request('GET', f'/stacks/{name}/{stack_id}')
        if resp.status_code == 404:
            return None
        resp.raise_for_status()
        return resp.json()['stack']

    def wait(self, name, stack_id, status, timeout=120):
        """The stack once its status is ``status`` (None: deleted)."""
        deadline = time.monotonic() + timeout
        while True:
            stack = self.stack(name, stack_id)
            current = stack['stack_status'] if stack else None
            if current == status or (status is None and current == 'DELETE_COMPLETE'):
                return stack
            assert current is None or not current.endswith('_FAILED') or \
                status.endswith('_FAILED'), f'{name}: {current}: {stack["stack_status_reason"]}'
            assert time.monotonic() < deadline, f'{name} is {current}, expected {status}'
            time.sleep(0.3)


def trusts_of(admin, trustor_id, trustee_id):
    """The trusts Keystone holds from ``trustor_id`` to ``trustee_id`` (as the
    admin sees them)."""
    return [t for t in admin.identity.trusts(trustor_user_id=trustor_id)
            if t.trustee_user_id == trustee_id]


def wait_until(condition, message, timeout=60):
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, message
        time.sleep(0.2)


def run(argv, env, timeout=180):
    return subprocess.run(argv, env=env, capture_output=True, text=True, timeout=timeout)
