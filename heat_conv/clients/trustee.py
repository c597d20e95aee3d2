"""heat-conv's service user, the trustee of every stack's trust ([trustee]).

The ``[trustee]`` section is a keystoneauth auth section (``auth_type =
password``, ``auth_url``, ``username``, ``password``, ``user_domain_id``
...). Authenticated with a trust, the trustee acts as the trust's trustor
(impersonation) on the trust's project; keystoneauth authenticates again
whenever the token nears its end, so no user token ever needs to last.
"""
import threading

from keystoneauth1 import exceptions as ks_exc
from keystoneauth1 import loading as ks_loading
from oslo_config import cfg

from heat_conv.clients import options
from heat_conv.clients import sessions
from heat_conv.common import exception

CONF = cfg.CONF

# A trust names its project: any other scope in [trustee] must not be
# sent with it.
_SCOPES = ('project_id', 'project_name', 'project_domain_id', 'project_domain_name',
           'domain_id', 'domain_name', 'system_scope', 'tenant_id', 'tenant_name')

_lock = threading.Lock()
_user_id = {}


def configured():
    """Whether [trustee] names an auth type (heat-conv has a service user)."""
    return bool(CONF[options.TRUSTEE_GROUP].auth_type)


def _loader():
    auth_type = CONF[options.TRUSTEE_GROUP].auth_type
    if not auth_type:
        raise exception.MissingCredentials(
            '[trustee] has no auth_type: heat-conv\'s service user, the trustee of '
            'stacks\' trusts, is not configured')
    return ks_loading.get_plugin_loader(auth_type)


def auth(trust_id=None):
    """The trustee's auth plugin: with ``trust_id``, scoped to that trust;
    without, as [trustee] says (to learn the trustee's own user id)."""
    names = {opt.dest for opt in _loader().get_options()}
    overrides = {}
    if trust_id is not None:
        overrides = {name: None for name in _SCOPES if name in names}
        overrides['trust_id'] = trust_id
    return ks_loading.load_auth_from_conf_options(CONF, options.TRUSTEE_GROUP, **overrides)


def user_id():
    """The trustee's Keystone user id (asked once per process)."""
    with _lock:
        if 'id' not in _user_id:
            session = sessions.make(auth())
            try:
                _user_id['id'] = session.get_user_id()
            except ks_exc.ClientException as exc:
                raise exception.ServiceUnavailable(
                    f'heat-conv\'s service user ([trustee]) cannot authenticate: '
                    f'{exc}') from None
        return _user_id['id']


def forget():
    """Forget the trustee's user id (tests, or a changed [trustee])."""
    with _lock:
        _user_id.clear()
