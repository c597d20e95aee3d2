"""Who is asking: the request context under either auth strategy.

noauth trusts the request: the project is the tenant in the URL, the user
comes from ``X-Auth-User`` (as heatclient sends it) or is ``[api]
noauth_default_user``; users in ``[api] noauth_admin_users`` are admins,
everyone else a member (and reader) of the project. keystone puts
keystonemiddleware's auth_token in front; the token's project must be the
tenant in the URL, and the roles are the token's; the context also
carries the token, its service catalog and an auth plugin for acting as
the user during the request (heat_conv.clients.connections.for_context).
A signal URL signed for its resource (``signed_signals``) needs no token.

Either way the context carries the request id, and what is allowed is
decided by policy (heat_conv.common.policy).
"""
import webob.exc

from heat_conv.api import signed_signals
from heat_conv.common import config
from heat_conv.common import context
from heat_conv.common import exception
from heat_conv.common import policy

NOAUTH = 'noauth'
KEYSTONE = 'keystone'
ADMIN_ROLE = 'admin'
STACK_USER_ROLE = 'heat_stack_user'


def wrap(application, strategy, conf):
    """The application behind the strategy's authentication middleware."""
    if strategy != KEYSTONE:
        return application
    # Imported only when used: keystonemiddleware is an optional extra.
    from keystonemiddleware import auth_token
    return signed_signals.SignedSignals(
        auth_token.AuthProtocol(application, {'oslo_config_config': conf}), application)


NOAUTH_ROLES = ('reader', 'member')


def context_for(req, tenant_id, strategy):
    """The RequestContext for a request addressed to ``tenant_id``."""
    if strategy == KEYSTONE:
        return _keystone_context(req, tenant_id)
    conf = config.CONF.api
    user = req.headers.get('X-Auth-User') or conf.noauth_default_user
    roles = list(NOAUTH_ROLES)
    if user in conf.noauth_admin_users:
        roles.append(ADMIN_ROLE)
    return context.RequestContext(
        project_id=tenant_id, user_id=user, user_name=user, roles=roles,
        is_admin=ADMIN_ROLE in roles,
        request_id=req.environ.get('openstack.request_id'),
        global_request_id=req.environ.get('openstack.global_request_id'))


def _keystone_context(req, tenant_id):
    if req.environ.get(signed_signals.SIGNED):
        # A signed signal URL: good for that one resource's signal only.
        return context.RequestContext(
            project_id=tenant_id, user_id='signal-url', user_name='signal-url',
            roles=[STACK_USER_ROLE], request_id=req.environ.get('openstack.request_id'))
    if req.headers.get('X-Identity-Status', 'Confirmed') != 'Confirmed':
        raise webob.exc.HTTPUnauthorized('Authentication required')
    plugin = req.environ.get('keystone.token_auth')
    ctx = context.RequestContext.from_environ(
        req.environ, user_auth_plugin=plugin, service_catalog=_catalog(plugin))
    if ctx.project_id != tenant_id:
        raise exception.Forbidden(
            f'The token is scoped to project {ctx.project_id}, not {tenant_id}')
    ctx.is_admin = policy.check_is_admin(ctx)
    return ctx


def _catalog(plugin):
    """The token's Keystone v3 service catalog, as validated by
    keystonemiddleware (an empty one if the token came without)."""
    access = getattr(plugin, 'user', None)
    if access is None:
        return None
    if not access.has_service_catalog():
        return []
    return access.service_catalog.catalog
