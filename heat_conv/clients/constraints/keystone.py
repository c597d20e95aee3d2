"""Keystone's constraints: a domain, project, user, group, role, region or
service by name or id (what a non-admin may not list fails as Keystone
refuses it).

As in Heat, a user, project or group may be named ``name{domain}``: the
one of that name in that domain (a name or id), since names are unique
only within a domain.
"""
import re

SERVICE_TYPE = 'identity'
KINDS = ('domain', 'project', 'user', 'group', 'role', 'region', 'service')
DOMAIN_SCOPED = ('project', 'user', 'group')
_WITH_DOMAIN = re.compile(r'^(?P<name>.+)\{(?P<domain>[^{}]+)\}$')


def find(conn, kind, value):
    """The ``kind`` object ``value`` names; openstacksdk's ResourceNotFound
    or DuplicateResource when it names none, or more than one."""
    finder = getattr(conn.identity, f'find_{kind}')
    scoped = _WITH_DOMAIN.match(value) if kind in DOMAIN_SCOPED else None
    if scoped:
        domain = conn.identity.find_domain(scoped['domain'], ignore_missing=False)
        return finder(scoped['name'], ignore_missing=False, domain_id=domain.id)
    return finder(value, ignore_missing=False)


def _finder(kind):
    return lambda conn, value: find(conn, kind, value)


LOOKUPS = {f'keystone.{kind}': _finder(kind) for kind in KINDS}
