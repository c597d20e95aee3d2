"""heat-conv-all started for one run against the mini-cloud: Keystone auth
(keystonemiddleware), trusts to the rig's ``heat-conv`` service user, the
rig's ``heat`` domain for stack users, and the rig's services for every
OpenStack resource type. Its own state directory (SQLite) and a free port,
so that it never takes the catalog's shared orchestration port."""
import secrets
import socket

from tools.heat_functional import embedded

SERVICE_CLOUD = 'minicloud-heat-conv'
STACK_DOMAIN_CLOUD = 'minicloud-heat-domain-admin'


def free_port():
    with socket.socket() as sock:
        sock.bind(('127.0.0.1', 0))
        return sock.getsockname()[1]


def keystone_conf(rig):
    """heat-conv's settings for the rig, with Heat's option names: the
    [DEFAULT] lines, then the [keystone_authtoken] and [trustee] sections."""
    service = rig.auth(SERVICE_CLOUD)
    domain = rig.auth(STACK_DOMAIN_CLOUD)
    keystone = service['auth_url'].rsplit('/v3', 1)[0]
    user = (f'auth_type = password\nauth_url = {keystone}\n'
            f'username = {service["username"]}\npassword = {service["password"]}\n'
            f'user_domain_name = {service["user_domain_name"]}\n')
    defaults = (f'deferred_auth_method = trusts\n'
                f'region_name_for_services = {rig.region()}\n'
                f'stack_user_domain_name = {domain["domain_name"]}\n'
                f'stack_domain_admin = {domain["username"]}\n'
                f'stack_domain_admin_password = {domain["password"]}\n')
    sections = (f'[keystone_authtoken]\nwww_authenticate_uri = {keystone}\n{user}'
                f'project_name = {service["project_name"]}\n'
                f'project_domain_name = {service["project_domain_name"]}\n'
                f'[trustee]\n{user}')
    return defaults, sections


class RigService(embedded.EmbeddedService):
    """``RigService(bin_dir, log_path, rig)``; ``endpoint`` has
    ``%(project_id)s`` for the project (every user has their own)."""

    def __init__(self, bin_dir, log_path, rig, start_timeout=180):
        super().__init__(bin_dir, log_path, start_timeout)
        self.rig = rig
        self.port = free_port()
        self.cfn_port = free_port()

    @property
    def endpoint(self):
        return f'{self.url}/v1/%(project_id)s'

    def conf_text(self):
        # The port is fixed (not 0): wait condition handles put the API's
        # address, from [api] bind_port, in their signal URLs. Signal URLs
        # are signed, so that a handle's curl_cli needs no token, as Heat's
        # carries one.
        defaults, sections = keystone_conf(self.rig)
        return (f'[DEFAULT]\nstate_path = {self.state_dir}\n'
                'enable_stack_abandon = true\nenable_stack_adopt = true\n' + defaults
                + f'[api]\nbind_port = {self.port}\nauth_strategy = keystone\n'
                '[cloud]\nbind_port = 0\n'
                # The CFN API, for AWS::CloudFormation wait conditions,
                # CFN_SIGNAL deployments and POLL_SERVER_CFN servers.
                f'[heat_api_cfn]\nenabled = true\nbind_port = {self.cfn_port}\n'
                f'[clients_heat]\nsignal_key = {secrets.token_hex(16)}\n' + sections)
