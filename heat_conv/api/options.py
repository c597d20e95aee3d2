"""Options of the REST API service, group ``[api]``."""
from oslo_config import cfg

from heat_conv.common.config import CONF

GROUP = 'api'

api_opts = [
    cfg.HostAddressOpt('bind_host',
                       default='127.0.0.1',
                       help='Address the REST API listens on.'),
    cfg.PortOpt('bind_port',
                default=8004,
                help='Port the REST API listens on (Heat\'s is 8004).'),
    cfg.StrOpt('auth_strategy',
               default='noauth',
               choices=[('noauth', 'Trust the request: the project is the '
                                   'tenant in the URL, the user is the '
                                   'X-Auth-User header (or "admin").'),
                        ('keystone', 'Validate tokens with keystonemiddleware '
                                     '(configured in [keystone_authtoken]); '
                                     'the token\'s project must be the tenant '
                                     'in the URL.')],
               help='How API requests are authenticated.'),
    cfg.StrOpt('noauth_default_user',
               default='admin',
               help='auth_strategy = noauth only: the user a request acts as '
                    'when it has no X-Auth-User header. noauth trusts the '
                    'caller: whoever reaches the API acts in any project, as '
                    'any user.'),
    cfg.ListOpt('noauth_admin_users',
                default=['admin'],
                help='auth_strategy = noauth only: users who get the admin '
                     'role (and so may list every project\'s stacks and the '
                     'engine services). Every other user gets the member and '
                     'reader roles of the project in the URL; X-Roles headers '
                     'are ignored. An empty list means nobody is admin.'),
    cfg.IntOpt('threads',
               default=16,
               min=1,
               help='Worker threads of the API\'s HTTP server: how many '
                    'requests it serves at once.'),
    cfg.BoolOpt('enable_proxy_headers_parsing',
                default=False,
                help='Honour Forwarded / X-Forwarded-* headers set by a '
                     'reverse proxy, so that links and redirect locations '
                     'name the address clients used. Enable it only behind '
                     'a proxy that sets (or strips) these headers: otherwise '
                     'any client chooses the host in Location and links.'),
]

CONF.register_opts(api_opts, group=GROUP)


def list_opts():
    return [(GROUP, api_opts)]
