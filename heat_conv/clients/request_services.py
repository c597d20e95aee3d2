"""The OpenStack services a request's user can reach, asked while a
template is validated for that request.

- Availability: a service type is available when the user's service catalog
  (from their Keystone token) has an endpoint of it, for the interface and
  region heat-conv is configured to use. Without a catalog (auth_strategy =
  noauth) nothing is.
- Service constraints (``nova.flavor`` ...): the value must name one object
  the user can see, asked with the request's token. Each answer is asked
  once per request, however many resources or parameters give that value.
"""
import logging

from keystoneauth1 import exceptions as ks_exc
from keystoneauth1.access import service_catalog
from openstack import exceptions as sdk_exc

from heat_conv.clients import connections
from heat_conv.clients import constraints
from heat_conv.clients import settings
from heat_conv.clients import trustee
from heat_conv.common import exception
from heat_conv.hot import custom_constraints

LOG = logging.getLogger(__name__)

NO_CATALOG = 'the request has no service catalog (auth_strategy = noauth)'
NO_TRUSTEE = ('heat-conv has no service user ([trustee]) to act through a trust '
              'after the request')


def for_context(ctx):
    """The RequestServices of a request, made on first use."""
    found = getattr(ctx, 'request_services', None)
    if found is None:
        found = RequestServices(ctx)
        ctx.request_services = found
    return found


def asking(ctx):
    """Service constraints of the parameters bound while the block runs are
    checked for ``ctx``'s user (heat_conv.hot.custom_constraints)."""
    return custom_constraints.asking(for_context(ctx).check_constraint)


class RequestServices:

    def __init__(self, ctx):
        self.ctx = ctx
        raw = getattr(ctx, 'service_catalog', None)
        self._catalog = service_catalog.ServiceCatalogV3(raw) if raw is not None else None
        self._answers = {}

    def unavailable(self, service_type):
        """Why resources of ``service_type`` cannot be made for this
        request, or None."""
        missing = self.not_in_catalog(service_type)
        if missing is None and not trustee.configured():
            return NO_TRUSTEE
        return missing

    def not_in_catalog(self, service_type):
        """Why the user cannot reach ``service_type``, or None."""
        if self._catalog is None:
            return NO_CATALOG
        interface, region = settings.endpoint_settings(service_type)
        found = self._catalog.get_endpoints(service_type=service_type,
                                            interface=interface, region_name=region)
        if any(found.values()):
            return None
        where = f'{interface} endpoint' + (f' in region {region}' if region else '')
        return f'no {where} of type {service_type} in the service catalog'

    def check_constraint(self, name, value):
        """None if ``value`` passes service constraint ``name``, else why not.

        Raises ServiceUnavailable when the service cannot answer: a valid
        value must not be refused because a service was down.
        """
        key = (name, str(value))
        if key not in self._answers:
            self._answers[key] = self._ask(name, str(value))
        return self._answers[key]

    def _ask(self, name, value):
        if name not in constraints.LOOKUPS:
            return f'"{value}" does not validate {name} (heat-conv cannot check it)'
        service_type, lookup = constraints.LOOKUPS[name]
        missing = self.not_in_catalog(service_type)
        if missing is not None:
            return f'"{value}" does not validate {name} (it cannot be checked: {missing})'
        try:
            lookup(connections.for_context(self.ctx), value)
        except (sdk_exc.ResourceNotFound, sdk_exc.DuplicateResource) as exc:
            return f"Error validating value '{value}': {_detail(exc)}"
        except (sdk_exc.SDKException, ks_exc.ClientException) as exc:
            LOG.warning('constraint %s could not be checked: %s', name, exc)
            raise exception.ServiceUnavailable(
                f'The {service_type} service could not check {name} '
                f"'{value}': {_detail(exc)}") from None
        return None


def _detail(exc):
    return getattr(exc, 'details', None) or getattr(exc, 'message', None) or str(exc)
