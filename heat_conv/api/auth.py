"""Who is asking: the request context under either auth strategy.

noauth trusts the request: the project is the tenant in the URL and the
user comes from ``X-Auth-User`` (as heatclient sends it) or is "admin".
keystone puts keystonemiddleware's auth_token in front; the token's project
must be the tenant in the URL.
"""
import webob.exc

from heat_conv.common import context
from heat_conv.common import exception

NOAUTH = 'noauth'
KEYSTONE = 'keystone'
ADMIN_ROLE = 'admin'


def wrap(application, strategy, conf):
    """The application behind the strategy's authentication middleware."""
    if strategy != KEYSTONE:
        return application
    # Imported only when used: keystonemiddleware is an optional extra.
    from keystonemiddleware import auth_token
    return auth_token.AuthProtocol(application, {'oslo_config_config': conf})


def _roles(header):
    return [role.strip() for role in (header or '').split(',') if role.strip()]


def context_for(req, tenant_id, strategy):
    """The RequestContext for a request addressed to ``tenant_id``."""
    if strategy == KEYSTONE:
        return _keystone_context(req, tenant_id)
    user = req.headers.get('X-Auth-User') or 'admin'
    roles = _roles(req.headers.get('X-Roles'))
    if user == 'admin' and ADMIN_ROLE not in roles:
        roles.append(ADMIN_ROLE)
    return context.RequestContext(
        project_id=tenant_id, user_id=user, user_name=user, roles=roles,
        is_admin=ADMIN_ROLE in roles,
        request_id=req.environ.get('openstack.request_id'))


def _keystone_context(req, tenant_id):
    if req.headers.get('X-Identity-Status', 'Confirmed') != 'Confirmed':
        raise webob.exc.HTTPUnauthorized('Authentication required')
    ctx = context.RequestContext.from_environ(req.environ)
    if ctx.project_id != tenant_id:
        raise exception.Forbidden(
            f'The token is scoped to project {ctx.project_id}, not {tenant_id}')
    ctx.is_admin = ADMIN_ROLE in (ctx.roles or [])
    return ctx


def require_admin(ctx, what):
    if not ctx.is_admin:
        raise exception.Forbidden(f'Only administrators may {what}')
