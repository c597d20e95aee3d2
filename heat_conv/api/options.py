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
    cfg.IntOpt('max_request_body_size',
               default=1048576,
               min=1,
               help='Largest request body, in bytes, that the API accepts; '
                    'larger requests are answered with 413.'),
    cfg.IntOpt('threads',
               default=16,
               min=1,
               help='Worker threads of the API\'s HTTP server: how many '
                    'requests it serves at once.'),
    cfg.BoolOpt('enable_proxy_headers_parsing',
                default=True,
                help='Honour Forwarded / X-Forwarded-* headers set by a '
                     'reverse proxy, so that links and redirect locations '
                     'name the address clients used.'),
]

CONF.register_opts(api_opts, group=GROUP)


def list_opts():
    return [(GROUP, api_opts)]
