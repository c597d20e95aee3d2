"""Heat's named ``custom_constraint`` checks, the ones that need no other
service: ``ip_addr``, ``ip_or_cidr``, ``net_cidr``, ``mac_addr``,
``dns_name``, ``dns_domain``, ``rel_dns_name``, ``iso_8601``,
``expiration``, ``timezone``, ``cron_expression``, ``json_string`` and the
test constraints.

A constraint that asks a service (``nova.flavor``, ``neutron.network``,
...) is answered by whoever binds the template (``asking``): the API, with
the request's token (heat_conv.clients.request_services). Values bound
from a stored template were checked when they were stored (``STORED``).
With nobody to ask, it fails, as Heat's does without that service; a name
Heat does not know fails as in Heat ("constraint not found"). Nothing is
accepted unchecked.
"""
import contextlib
import contextvars
import datetime
import ipaddress
import json
import re
import zoneinfo

# Heat 27's constraints that ask a service, by the service's name.
SERVICE_CONSTRAINTS = frozenset((
    'barbican.container barbican.secret blazar.reservation cinder.backup '
    'cinder.qos_specs cinder.snapshot cinder.volume cinder.vtype designate.zone '
    'glance.image ironic.node ironic.portgroup keystone.domain keystone.group '
    'keystone.project keystone.region keystone.role keystone.service keystone.user '
    'magnum.cluster_template manila.share_network manila.share_snapshot '
    'manila.share_type mistral.workflow neutron.address_scope neutron.flow_classifier '
    'neutron.lbaas.listener neutron.lbaas.loadbalancer neutron.lbaas.pool '
    'neutron.lbaas.provider neutron.network neutron.port neutron.port_pair '
    'neutron.port_pair_group neutron.qos_policy neutron.router neutron.security_group '
    'neutron.segment neutron.subnet neutron.subnetpool neutron.taas.tap_flow '
    'neutron.taas.tap_service nova.flavor nova.host nova.keypair nova.server '
    'octavia.availabilityzone octavia.availabilityzoneprofile octavia.flavor '
    'octavia.flavorprofile octavia.l7policy octavia.listener octavia.loadbalancer '
    'octavia.pool trove.flavor zaqar.queue').split())

_LABEL = re.compile(r'^(?!-)[A-Za-z0-9-]{1,63}(?<!-)$')
_FQDN_MAX = 255
_MAC = re.compile(r'^([0-9A-Fa-f]{2}[:-]){5}[0-9A-Fa-f]{2}$')
_CRON_FIELD = re.compile(r'^[0-9A-Za-z*?/,\-LW#]+$')


# check(name, value) -> None or a message, for the service constraints of
# what this thread is binding.
_service_checker = contextvars.ContextVar('service_checker', default=None)


def STORED(name, value):
    """The checker of values that were checked before they were stored."""
    return None


@contextlib.contextmanager
def asking(checker):
    """Service constraints are answered by ``checker(name, value)`` (None,
    or the message) while the block runs in this thread."""
    token = _service_checker.set(checker)
    try:
        yield
    finally:
        _service_checker.reset(token)


def check(name, value):
    """None if ``value`` passes constraint ``name``, else the message."""
    if name in _LOCAL:
        problem = _LOCAL[name](value)
        if problem is None:
            return None
        return f"Error validating value '{value}'" + (f': {problem}' if problem else '')
    if name in SERVICE_CONSTRAINTS:
        checker = _service_checker.get()
        if checker is not None:
            return checker(name, value)
        service = name.split('.')[0]
        return (f'"{value}" does not validate {name} (heat-conv has no {service} '
                'service to ask)')
    return f'"{value}" does not validate {name} (constraint not found)'


def _ip(value):
    try:
        ipaddress.ip_address(str(value))
    except ValueError:
        return 'Invalid IP address'
    return None


def _cidr(value):
    try:
        ipaddress.ip_network(str(value), strict=True)
    except ValueError as exc:
        return f'Invalid net cidr {exc} '
    return None


def _ip_or_cidr(value):
    problem = _cidr(value) if '/' in str(value) else _ip(value)
    return None if problem is None else f'{value} is not a valid IP or CIDR'


def _mac(value):
    return None if _MAC.match(str(value)) else 'Invalid MAC address.'


def _dns_name(value):
    value = str(value)
    name = value[:-1] if value.endswith('.') else value
    if len(value) > _FQDN_MAX:
        reason = f"'{value}' exceeds the {_FQDN_MAX} character FQDN limit"
    elif not name or not all(_LABEL.match(label) for label in name.split('.')):
        reason = 'Encountered an empty component.' if '..' in value or not name \
            else f"'{value}' is not a valid DNS name"
    elif name.split('.')[-1].isdigit():
        reason = 'TLD must not be all numeric'
    else:
        return None
    return f"'{value}' not in valid format. Reason: {reason}"


def _dns_domain(value):
    if not value:
        return None
    return _dns_name(value) or (None if str(value).endswith('.')
                                else f"'{value}' must end with '.'.")


def _rel_dns_name(value):
    if not value:
        return None
    if str(value).endswith('.'):
        return f"'{value}' is a FQDN. It should be a relative domain name."
    return _dns_name(value)


def _iso_8601(value):
    try:
        _parse_time(value)
    except (TypeError, ValueError):
        return ''
    return None


def _parse_time(value):
    return datetime.datetime.fromisoformat(str(value).strip().replace('Z', '+00:00'))


def _expiration(value):
    if not value:
        return None
    try:
        when = _parse_time(value)
    except (TypeError, ValueError) as exc:
        return f'Expiration {value} is invalid: {exc}'
    if when.tzinfo is None:
        when = when.replace(tzinfo=datetime.timezone.utc)
    if when <= datetime.datetime.now(datetime.timezone.utc):
        return f'Expiration {value} is invalid: Expiration time is out of date.'
    return None


def _timezone(value):
    if not value:
        return None
    try:
        zoneinfo.ZoneInfo(str(value))
    except (ValueError, zoneinfo.ZoneInfoNotFoundError) as exc:
        return f'Invalid timezone: {exc}'
    return None


def _cron(value):
    if not value:
        return None
    fields = str(value).split()
    if len(fields) not in (5, 6) or not all(_CRON_FIELD.match(f) for f in fields):
        return f'Invalid CRON expression: {value!r} is not a 5 or 6 field expression'
    return None


def _json_string(value):
    if not value:
        return None
    try:
        json.loads(value)
    except (TypeError, ValueError) as exc:
        return f'JSON string {value} is invalid: {exc}'
    return None


_LOCAL = {
    'ip_addr': _ip, 'ip_or_cidr': _ip_or_cidr, 'net_cidr': _cidr, 'mac_addr': _mac,
    'dns_name': _dns_name, 'dns_domain': _dns_domain, 'rel_dns_name': _rel_dns_name,
    'iso_8601': _iso_8601, 'expiration': _expiration, 'timezone': _timezone,
    'cron_expression': _cron, 'json_string': _json_string,
    # Heat's test constraints (a delay, then valid); nova.network is one in Heat 27.
    'test_constr': lambda value: None, 'nova.network': lambda value: None,
}
