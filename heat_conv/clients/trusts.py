"""A stack's Keystone trust: created at stack create, checked before each
operation, deleted when the stack's delete completes.

The stack's owner (trustor) delegates ``trusts_delegated_roles`` (by
default every role of their token, as Heat does) on the stack's project to
heat-conv's service user (trustee), with impersonation, so that what
heat-conv does later is done as the owner. Keystone lets the trustor, or
the trustee acting through the trust (whose token, impersonating, names the
trustor), delete it: heat-conv deletes it through the trust itself, which
needs no user token and no admin role.
"""
import logging

from keystoneauth1 import exceptions as ks_exc
from openstack import exceptions as sdk_exc
from oslo_config import cfg

from heat_conv.clients import connections
from heat_conv.clients import options  # noqa: F401 (trusts_delegated_roles)
from heat_conv.clients import trustee
from heat_conv.common import exception

CONF = cfg.CONF
LOG = logging.getLogger(__name__)


def wanted(ctx):
    """Whether a stack created for ``ctx`` gets a trust: when the request
    was authenticated by Keystone and heat-conv has a service user to trust
    ([trustee]). Without one, stacks have no trust and OpenStack resource
    types are unavailable (request_services)."""
    return getattr(ctx, 'user_auth_plugin', None) is not None and trustee.configured()


def delegated_roles(ctx):
    return list(CONF.trusts_delegated_roles or ctx.roles)


def create(ctx):
    """A new trust from ``ctx``'s user to heat-conv's service user on
    ``ctx``'s project; returns its id."""
    roles = delegated_roles(ctx)
    if not roles:
        raise exception.MissingCredentials(
            'The token has no roles on its project to delegate to heat-conv')
    trustee_id = trustee.user_id()
    try:
        trust = connections.for_context(ctx).identity.create_trust(
            trustor_user_id=ctx.user_id, trustee_user_id=trustee_id,
            project_id=ctx.project_id, roles=[{'name': role} for role in roles],
            is_impersonation=True)
    except sdk_exc.ForbiddenException as exc:
        raise exception.Forbidden(f'Keystone refused to create the stack\'s trust '
                                  f'(delegating roles {", ".join(roles)}): '
                                  f'{_detail(exc)}') from None
    except sdk_exc.HttpException as exc:
        if exc.status_code is not None and exc.status_code < 500:
            raise exception.Invalid(f'Keystone refused to create the stack\'s trust '
                                    f'(delegating roles {", ".join(roles)}): '
                                    f'{_detail(exc)}') from None
        raise exception.ServiceUnavailable(
            f'Keystone could not create the stack\'s trust: {_detail(exc)}') from None
    except (sdk_exc.SDKException, ks_exc.ClientException) as exc:
        raise exception.ServiceUnavailable(
            f'Keystone could not create the stack\'s trust: {exc}') from None
    LOG.info('trust %s: user %s delegates %s on project %s to heat-conv',
             trust.id, ctx.user_id, roles, ctx.project_id)
    return trust.id


def problem(trust_id):
    """Why ``trust_id`` cannot be used now, or None if it can (or if
    Keystone cannot say: an unreachable Keystone is not a bad trust)."""
    try:
        connections.for_trust(trust_id).identity.get_trust(trust_id)
    except exception.TrustInvalid as exc:
        connections.forget_trust(trust_id)
        return str(exc)
    except (sdk_exc.NotFoundException, sdk_exc.ForbiddenException) as exc:
        connections.forget_trust(trust_id)
        return str(exception.TrustInvalid(trust_id, _detail(exc)))
    except (sdk_exc.SDKException, ks_exc.ClientException) as exc:
        LOG.warning('trust %s could not be checked: %s', trust_id, exc)
    return None


def delete(trust_id):
    """Delete a trust (through itself); one already gone is deleted. A
    failure is logged, never raised: the stack it served is gone."""
    try:
        connections.for_trust(trust_id).identity.delete_trust(trust_id,
                                                              ignore_missing=True)
        LOG.info('trust %s deleted', trust_id)
    except exception.TrustInvalid:
        LOG.info('trust %s was already unusable; nothing to delete', trust_id)
    except (sdk_exc.SDKException, ks_exc.ClientException) as exc:
        LOG.warning('trust %s could not be deleted: %s; it stays in Keystone',
                    trust_id, exc)
    finally:
        connections.forget_trust(trust_id)


def _detail(exc):
    return getattr(exc, 'details', None) or getattr(exc, 'message', None) or str(exc)
