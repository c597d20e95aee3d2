"""Keystone objects a template names by name or id, as the ids Keystone's
API wants (Heat's get_domain_id, get_project_id ... of its client plugin).

A name that matches nothing, or more than one object, raises openstacksdk's
ResourceNotFound or DuplicateResource, which the plugin reports as its
failure.
"""
KINDS = ('domain', 'project', 'user', 'group', 'role', 'region', 'service')


def find_id(cloud, kind, value):
    """The id of the ``kind`` object ``value`` names (None stays None)."""
    if value is None or value == '':
        return None
    if kind not in KINDS:
        raise ValueError(f'no Keystone finder for {kind}')
    finder = getattr(cloud.identity, f'find_{kind}')
    return finder(value, ignore_missing=False).id
