"""Where a resource is signalled: the URL of its signal in the REST API.

Signal senders (a server's boot script, a config agent) run outside the
engine, so the URL must be the API's address as they reach it.
"""
import hashlib
import hmac
import urllib.parse

from oslo_config import cfg

from heat_conv.common.config import CONF

GROUP = 'clients_heat'

opts = [
    cfg.StrOpt('url',
               help='The REST API\'s URL as signal senders reach it, with '
                    '%(tenant_id)s for the project, e.g. '
                    'http://heat.example.com:8004/v1/%(tenant_id)s. Wait '
                    'condition handles put it in their endpoint and curl_cli '
                    'attributes. Unset: http://HOST:PORT/v1/%(tenant_id)s from '
                    '[api] bind_host and bind_port.'),
    cfg.StrOpt('signal_key', secret=True,
               help='A secret that signs signal URLs, so that with '
                    'auth_strategy = keystone a wait condition handle\'s '
                    'endpoint and curl_cli need no token (the URL carries '
                    'its signature, valid for that one resource). Every API '
                    'and engine process needs the same value. Unset: signal '
                    'URLs are plain and, with Keystone, need the caller\'s '
                    'token.'),
]
CONF.register_opts(opts, group=GROUP)


def list_opts():
    return [(GROUP, opts)]


def _api_url():
    if CONF[GROUP].url:
        return CONF[GROUP].url
    try:
        host, port = CONF.api.bind_host, CONF.api.bind_port
    except cfg.NoSuchOptError:
        host, port = '127.0.0.1', 8004
    if host in ('0.0.0.0', '::'):
        host = '127.0.0.1'
    if ':' in host:
        host = f'[{host}]'
    return f'http://{host}:{port}/v1/%(tenant_id)s'


def signature(tenant, stack_id, resource_name):
    """The signature of one resource's signal URL, or None without a key."""
    key = CONF[GROUP].signal_key
    if not key:
        return None
    message = f'{tenant}/{stack_id}/{resource_name}'.encode('utf-8')
    return hmac.new(key.encode('utf-8'), message, hashlib.sha256).hexdigest()


def signal_url(tenant, stack_name, stack_id, resource_name):
    """The absolute URL of ``POST .../resources/{name}/signal``, signed
    when a ``signal_key`` is set."""
    base = _api_url().replace('%(tenant_id)s', urllib.parse.quote(tenant, safe=''))
    quote = urllib.parse.quote
    url = (f'{base.rstrip("/")}/stacks/{quote(stack_name, safe="")}/{stack_id}'
           f'/resources/{quote(resource_name, safe="")}/signal')
    signed = signature(tenant, stack_id, resource_name)
    return f'{url}?signature={signed}' if signed else url
