"""Keystone's constraints: a domain, project, user, group, role, region or
service by name or id (what a non-admin may not list fails as Keystone
refuses it)."""
SERVICE_TYPE = 'identity'


def _finder(kind):
    return lambda conn, value: getattr(conn.identity, f'find_{kind}')(
        value, ignore_missing=False)


LOOKUPS = {f'keystone.{kind}': _finder(kind)
           for kind in ('domain', 'project', 'user', 'group', 'role', 'region', 'service')}
