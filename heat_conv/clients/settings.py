"""Heat's client options mapped onto openstacksdk's and keystoneauth's settings.

openstacksdk reads per-service settings from keys prefixed with the
service type (``compute_interface``, ``block_storage_region_name``), so
``[clients_nova] endpoint_type`` becomes ``compute_interface``. TLS is a
property of keystoneauth's session, one per connection, so a service whose
``ca_file``/``insecure``/``cert_file`` differ from ``[clients]``'s gets them
per request (see sessions.Session); Keystone's (``[clients_keystone]``) are
the session's own, used for authentication too.
"""
import dataclasses
import functools

import os_service_types
from oslo_config import cfg

from heat_conv.clients import options

CONF = cfg.CONF


@functools.cache
def _service_types():
    return os_service_types.ServiceTypes()


def official_type(service_type):
    """The official name of a catalog type or one of its aliases
    (``volumev3`` -> ``block-storage``); unknown types are kept."""
    if not service_type:
        return service_type
    return _service_types().get_service_type(service_type) or service_type


def interface(endpoint_type):
    """Heat's endpoint_type as keystoneauth's interface: ``publicURL`` and
    ``public`` both mean ``public``."""
    if not endpoint_type:
        return None
    value = endpoint_type.strip()
    return value[:-3] if value.endswith('URL') else value


def _setting(service, name):
    """A [clients_<service>] option, else [clients]'s."""
    value = CONF[options.service_group(service)][name]
    return CONF.clients[name] if value is None and name in CONF.clients else value


def region_name(region=None):
    """The region a connection is for: ``region``, else
    region_name_for_services (None lets keystoneauth take the catalog's)."""
    return region or CONF.region_name_for_services


def connection_config():
    """openstacksdk config keys for a Connection built on a session (the
    region goes separately): the default interface, and each service's own
    interface and region where they differ."""
    config = {'interface': interface(CONF.clients.endpoint_type)}
    for service, service_type in options.SERVICE_TYPES.items():
        prefix = service_type.replace('-', '_')
        group = CONF[options.service_group(service)]
        if group.endpoint_type:
            config[f'{prefix}_interface'] = interface(group.endpoint_type)
        if group.region_name:
            config[f'{prefix}_region_name'] = group.region_name
    return config


@dataclasses.dataclass(frozen=True)
class TLS:
    """What requests needs to verify a server and present a client cert."""
    verify: bool | str = True
    cert: tuple | str | None = None


def tls(service='keystone'):
    """The TLS settings of one of Heat's services (``nova``, ...)."""
    if _setting(service, 'insecure'):
        verify = False
    else:
        verify = _setting(service, 'ca_file') or True
    cert_file, key_file = _setting(service, 'cert_file'), _setting(service, 'key_file')
    cert = (cert_file, key_file) if cert_file and key_file else cert_file
    return TLS(verify=verify, cert=cert)


def tls_by_type():
    """{official service type: TLS} for the services whose TLS differs
    from Keystone's (the session's default)."""
    default = tls('keystone')
    found = {}
    for service, service_type in options.SERVICE_TYPES.items():
        own = tls(service)
        if own != default:
            found[service_type] = own
    return found


def service_of_type(service_type):
    """Heat's name of the service of a catalog type (``compute`` -> ``nova``),
    or None for a type with no [clients_<service>] section."""
    official = official_type(service_type)
    for service, its_type in options.SERVICE_TYPES.items():
        if its_type == official:
            return service
    return None


def endpoint_settings(service_type):
    """(interface, region) of the endpoint used for ``service_type``."""
    service = service_of_type(service_type)
    if service is None:
        return interface(CONF.clients.endpoint_type), region_name()
    group = CONF[options.service_group(service)]
    return (interface(group.endpoint_type or CONF.clients.endpoint_type),
            group.region_name or region_name())
