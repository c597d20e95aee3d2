"""Who signed a CFN API request: Keystone checks its EC2 signature.

A request signed with an EC2 keypair (``AWSAccessKeyId`` and
``Signature`` in its query or form, or a version 4 ``Authorization``
header) is sent to Keystone's ``/v3/ec2tokens`` as Heat's ec2token
middleware sends it: the access key, the signature, the host, verb,
unquoted path, the other parameters and the headers. Keystone, which holds
the keypair's secret, recomputes the signature; a match answers with a
token of the keypair's user, scoped to the keypair's project. heat-conv
never sees the secret. Today's Keystone answers ec2tokens only to a
service: heat-conv asks as its service user ([keystone_authtoken]'s
credentials, which keystonemiddleware uses too).
"""
import hashlib
import logging

import requests
from keystoneauth1 import exceptions as ks_exc
from keystoneauth1 import loading as ks_loading
from keystoneauth1 import session as ks_session
from oslo_config import cfg

from heat_conv.clients import stack_users
from heat_conv.common import exception

CONF = cfg.CONF
LOG = logging.getLogger(__name__)
GROUP = 'ec2authtoken'
TIMEOUT = 30

opts = [
    cfg.URIOpt('auth_uri',
               help='Keystone\'s URL for checking the EC2 signatures of CFN API '
                    'requests (its /v3/ec2tokens is used). Unset: [trustee] '
                    'auth_url.'),
]
CONF.register_opts(opts, group=GROUP)
SERVICE_GROUP = 'keystone_authtoken'
ks_loading.register_auth_conf_options(CONF, SERVICE_GROUP)


def list_opts():
    return [(GROUP, opts)]


class Signer:
    """A request's signer as Keystone names it."""

    def __init__(self, user_id, project_id, roles, token):
        self.user_id, self.project_id = user_id, project_id
        self.roles, self.token = roles, token


def signature_of(req):
    """The request's signature (version 2 query, or version 4), or None."""
    found = req.params.get('Signature') or req.params.get('X-Amz-Signature')
    if found is None and 'Authorization' in req.headers:
        found = req.headers['Authorization'].partition('Signature=')[2].split(',')[0]
    return found or None


def access_of(req):
    """The access key that signed the request, or None."""
    found = req.params.get('AWSAccessKeyId')
    if found is None and req.params.get('X-Amz-Credential'):
        found = req.params['X-Amz-Credential'].split('/')[0]
    if found is None and 'Authorization' in req.headers:
        found = req.headers['Authorization'].partition('Credential=')[2] \
            .split(',')[0].split('/')[0]
    return found or None


def ec2tokens_url():
    base = (CONF[GROUP].auth_uri or stack_users.auth_url()).rstrip('/')
    if base.endswith('/v2.0'):
        base = base[:-len('/v2.0')]
    if not base.endswith('/v3'):
        base += '/v3'
    return f'{base}/ec2tokens'


def credentials(req):
    """The body Keystone's ec2tokens checks the request's signature with."""
    signature, access = signature_of(req), access_of(req)
    if signature is None:
        raise exception.NotAuthenticated('The request has no EC2 signature')
    if access is None:
        raise exception.NotAuthenticated('The request names no EC2 access key')
    params = {k: v for k, v in req.params.items() if k != 'Signature'}
    return {'credentials': {
        'access': access, 'signature': signature, 'host': req.host,
        'verb': req.method, 'path': req.path, 'params': params,
        'headers': dict(req.headers),
        'body_hash': hashlib.sha256(req.body).hexdigest()}}


def _service_session():
    """A session as heat-conv's service user, or an unauthenticated one
    (an older Keystone) when [keystone_authtoken] names no auth type."""
    if not CONF[SERVICE_GROUP].auth_type:
        return ks_session.Session()
    return ks_session.Session(auth=ks_loading.load_auth_from_conf_options(
        CONF, SERVICE_GROUP))


def authenticate(req):
    """The Signer of ``req``; NotAuthenticated if Keystone refuses it."""
    body = credentials(req)
    try:
        answer = _service_session().post(ec2tokens_url(), json=body, timeout=TIMEOUT,
                                         raise_exc=False, authenticated=None)
    except (requests.RequestException, ks_exc.ClientException) as exc:
        raise exception.ServiceUnavailable(f'Keystone could not be reached to check '
                                           f'the signature: {exc}') from None
    if answer.status_code >= 500:
        raise exception.ServiceUnavailable(
            f'Keystone could not check the signature ({answer.status_code})')
    if answer.status_code != 200:
        LOG.info('EC2 signature of key %s refused by Keystone: %s %s',
                 body['credentials']['access'], answer.status_code, answer.text[:200])
        raise exception.NotAuthenticated('The EC2 signature is not valid')
    token = answer.json()['token']
    project = token.get('project') or {}
    return Signer(token['user']['id'], project.get('id'),
                  [role['name'] for role in token.get('roles') or []],
                  answer.headers.get('X-Subject-Token'))
