"""Where the CFN-compatible API is reached, and the ARNs of its paths.

Signal and metadata URLs are used from outside (a server's boot script
or agent), so they carry the API's address as those reach it: Heat's
``heat_waitcondition_server_url`` and ``heat_metadata_server_url``, else
``[heat_api_cfn]`` bind_host and bind_port. A resource is named in a path
by Heat's ARN, ``arn:openstack:heat::TENANT:stacks/NAME/ID/resources/RES``.
"""
import urllib.parse

from oslo_config import cfg

CONF = cfg.CONF
GROUP = 'heat_api_cfn'
ARN_PREFIX = 'arn:openstack:heat::'

bind_opts = [
    cfg.HostAddressOpt('bind_host', default='0.0.0.0',
                       help='Address the CFN-compatible API (heat-conv-api-cfn: '
                            'wait condition signals and the metadata that '
                            'os-collect-config polls with POLL_SERVER_CFN) '
                            'listens on.'),
    cfg.PortOpt('bind_port', default=8000,
                help='Port the CFN-compatible API listens on (Heat\'s 8000).'),
    cfg.IntOpt('threads', default=8, min=1,
               help='Requests the CFN-compatible API serves at once.'),
    cfg.BoolOpt('enabled', default=False,
                help='heat-conv-all also serves the CFN-compatible API, on '
                     'bind_host and bind_port (it needs [api] auth_strategy = '
                     'keystone: its requests are checked by Keystone). '
                     'heat-conv-api-cfn serves it whatever this says.'),
]
url_opts = [
    cfg.URIOpt('heat_waitcondition_server_url',
               help='The CFN API\'s wait condition URL as servers reach it, e.g. '
                    'http://heat.example.com:8000/v1/waitcondition. Pre-signed '
                    'URLs of AWS::CloudFormation::WaitConditionHandle and of '
                    'CFN_SIGNAL deployments start with it (a signal URL has '
                    '/signal in place of /waitcondition). Unset: from '
                    '[heat_api_cfn] bind_host and bind_port.'),
    cfg.URIOpt('heat_metadata_server_url',
               help='The CFN API\'s URL as servers reach it, e.g. '
                    'http://heat.example.com:8000, where a POLL_SERVER_CFN '
                    'server\'s agent reads its metadata. Unset: from '
                    '[heat_api_cfn] bind_host and bind_port.'),
]
CONF.register_opts(bind_opts, group=GROUP)
CONF.register_opts(url_opts)


def list_opts():
    return [(GROUP, bind_opts), ('DEFAULT', url_opts)]


def _bound_url():
    host = CONF[GROUP].bind_host
    if host in ('0.0.0.0', '::'):
        host = '127.0.0.1'
    if ':' in host:
        host = f'[{host}]'
    return f'http://{host}:{CONF[GROUP].bind_port}'


def metadata_server_url():
    """The CFN API's root as servers reach it, ending in '/'."""
    return (CONF.heat_metadata_server_url or _bound_url()).rstrip('/') + '/'


def signal_base(kind):
    """``.../v1/waitcondition`` or ``.../v1/signal`` (``kind``)."""
    configured = CONF.heat_waitcondition_server_url
    if configured:
        return configured.rstrip('/').replace('/waitcondition', f'/{kind}')
    return f'{_bound_url()}/v1/{kind}'


def stack_arn(tenant, stack_name, stack_id):
    """Heat's ARN of a stack."""
    quote = urllib.parse.quote
    return (f'{ARN_PREFIX}{quote(tenant, safe="")}:stacks/{quote(stack_name, safe="")}'
            f'/{stack_id}')


def arn(tenant, stack_name, stack_id, resource_name):
    """Heat's ARN of a resource."""
    return (f'{stack_arn(tenant, stack_name, stack_id)}/resources/'
            f'{urllib.parse.quote(resource_name, safe="")}')


def parse_arn(text):
    """(tenant, stack_name, stack_id, resource_name) of a resource's ARN;
    ValueError for anything else."""
    if not text.startswith(ARN_PREFIX):
        raise ValueError(f'{text!r} is not a heat ARN')
    tenant, sep, path = text[len(ARN_PREFIX):].partition(':')
    parts = path.split('/')
    if not sep or len(parts) != 5 or parts[0] != 'stacks' or parts[3] != 'resources' \
            or not all(parts):
        raise ValueError(f'{text!r} is not the ARN of a stack\'s resource')
    unquote = urllib.parse.unquote
    return unquote(tenant), unquote(parts[1]), parts[2], unquote(parts[4])


def resource_url(kind, tenant, stack_name, stack_id, resource_name):
    """The unsigned URL of a resource's ``kind`` (waitcondition, signal)
    path: the ARN quoted as Heat quotes it (its slashes kept)."""
    quoted = urllib.parse.quote(arn(tenant, stack_name, stack_id, resource_name))
    return f'{signal_base(kind)}/{quoted}'


def parse_url(url):
    """The (tenant, stack_name, stack_id, resource_name) a signal URL names."""
    path = urllib.parse.urlsplit(url).path
    found = path.lower().find('/arn%3aopenstack%3aheat%3a%3a')
    if found < 0:
        raise ValueError(f'{url!r} is not a heat ARN URL')
    return parse_arn(urllib.parse.unquote(path[found + 1:]))
