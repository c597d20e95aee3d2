"""Options of the clients of real OpenStack services, with Heat's names.

- ``[DEFAULT] client_retry_limit``, ``region_name_for_services``;
- ``[clients]``: how every service is reached (endpoint_type, TLS), and
  ``[clients_<service>]`` (nova, neutron, cinder, glance, keystone, swift):
  the same per service, falling back to ``[clients]``;
- ``[DEFAULT] deferred_auth_method`` and ``trusts_delegated_roles``: how
  work that outlives a request acts for the stack's owner, and the
  ``[trustee]`` auth section heat-conv's service user authenticates with;
- ``[DEFAULT] stack_user_domain_id`` (or ``_name``), ``stack_domain_admin``,
  ``stack_domain_admin_password`` and ``heat_stack_user_role``: the Keystone
  domain where heat-conv makes the users servers' agents poll with
  (heat_conv.clients.stack_users).
"""
from keystoneauth1 import loading as ks_loading
from oslo_config import cfg

CONF = cfg.CONF

TRUSTEE_GROUP = 'trustee'

# Heat's service names, and the catalog type each stands for.
SERVICE_TYPES = {
    'nova': 'compute',
    'neutron': 'network',
    'cinder': 'block-storage',
    'glance': 'image',
    'keystone': 'identity',
    'swift': 'object-store',
}

client_opts = [
    cfg.IntOpt('client_retry_limit', default=2, min=0,
               help='How many times a call to an OpenStack service is retried '
                    'after a connection error or a 5xx answer (a 4xx is an answer '
                    'and is not retried).'),
    cfg.StrOpt('region_name_for_services',
               help='The region whose endpoints heat-conv uses to reach OpenStack '
                    'services for stacks (default: none, so the first endpoint of '
                    'the catalog that matches, whatever its region). '
                    '[clients_<service>] region_name overrides it for one service.'),
]

auth_opts = [
    cfg.StrOpt('deferred_auth_method', default='trusts',
               choices=[('trusts', 'At stack create, the stack\'s owner delegates '
                                   'roles on the stack\'s project to heat-conv\'s '
                                   'service user ([trustee]) with a Keystone trust; '
                                   'every later action acts through it.')],
               help='How heat-conv acts for a stack\'s owner after the request '
                    'that created the stack (Heat\'s option). Only trusts: Heat\'s '
                    '"password" method, which stores the user\'s password, is not '
                    'supported by heat-conv. Used with [api] auth_strategy = '
                    'keystone.'),
    cfg.ListOpt('trusts_delegated_roles', default=[],
                help='The roles a stack\'s trust delegates to heat-conv\'s service '
                     'user. Empty (the default): every role the user\'s token has '
                     'on the project, as Heat does.'),
]

stack_domain_opts = [
    cfg.StrOpt('heat_stack_user_role', default='heat_stack_user',
               help='The Keystone role given to the users heat-conv makes for '
                    'stacks (a server\'s agent polling for its deployments).'),
    cfg.StrOpt('stack_user_domain_id',
               help='Id of the Keystone domain that holds the users heat-conv '
                    'makes for stacks. When set, stack_user_domain_name is '
                    'ignored.'),
    cfg.StrOpt('stack_user_domain_name',
               help='Name of the Keystone domain that holds the users heat-conv '
                    'makes for stacks; ignored when stack_user_domain_id is set.'),
    cfg.StrOpt('stack_domain_admin',
               help='Keystone user name of an administrator of the stack user '
                    'domain, with the roles to manage its users and projects.'),
    cfg.StrOpt('stack_domain_admin_password', secret=True,
               help='Keystone password of stack_domain_admin.'),
]

# Heat's options of [clients] (the defaults) and of [clients_<service>]
# (None: take [clients]'s value).
_CLIENT_HELP = {
    'endpoint_type': 'Which endpoint of the service catalog to use: public, '
                     'internal or admin (Heat\'s publicURL, internalURL and '
                     'adminURL are understood too).',
    'ca_file': 'CA certificate bundle to verify the service\'s TLS certificate '
               'with.',
    'cert_file': 'PEM client certificate to present to the service.',
    'key_file': 'PEM private key of cert_file.',
    'insecure': 'Do not verify the service\'s TLS certificate.',
}


def _client_opts(defaults):
    return [
        cfg.StrOpt('endpoint_type', default=defaults.get('endpoint_type'),
                   help=_CLIENT_HELP['endpoint_type']),
        cfg.StrOpt('ca_file', help=_CLIENT_HELP['ca_file']),
        cfg.StrOpt('cert_file', help=_CLIENT_HELP['cert_file']),
        cfg.StrOpt('key_file', help=_CLIENT_HELP['key_file']),
        cfg.BoolOpt('insecure', default=defaults.get('insecure'),
                    help=_CLIENT_HELP['insecure']),
    ]


clients_opts = _client_opts({'endpoint_type': 'publicURL', 'insecure': False})

service_client_opts = _client_opts({}) + [
    cfg.StrOpt('region_name',
               help='The region of this service\'s endpoint (default: '
                    '[DEFAULT] region_name_for_services). An addition of '
                    'heat-conv\'s to Heat\'s options.'),
]


def service_group(service):
    return f'clients_{service}'


CONF.register_opts(client_opts)
CONF.register_opts(auth_opts)
CONF.register_opts(stack_domain_opts)
CONF.register_opts(clients_opts, group='clients')
for _service in SERVICE_TYPES:
    CONF.register_opts(service_client_opts, group=service_group(_service))
ks_loading.register_auth_conf_options(CONF, TRUSTEE_GROUP)


def list_opts():
    return [(None, client_opts + auth_opts + stack_domain_opts), ('clients', clients_opts)] + \
        [(service_group(s), service_client_opts) for s in SERVICE_TYPES]


def list_trustee_opts():
    """keystoneauth's options of the [trustee] section (the namespace
    ``heat_conv.trustee``): the auth section's own and those of the
    password plugin, the usual choice."""
    return [(TRUSTEE_GROUP, ks_loading.get_auth_common_conf_options()
             + ks_loading.get_auth_plugin_conf_options('password'))]
