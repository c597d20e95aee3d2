"""Keystone objects a template names by name or id (or ``name{domain}``),
as the ids Keystone's API wants (Heat's get_domain_id, get_project_id ...
of its client plugin). The lookup is the constraints' own, so a value
that passed its constraint at the request finds the same object here.

A name that matches nothing, or more than one object, raises openstacksdk's
ResourceNotFound or DuplicateResource, which the plugin reports as its
failure.
"""
from heat_conv.clients.constraints import keystone as lookups


def find_id(cloud, kind, value):
    """The id of the ``kind`` object ``value`` names (None stays None)."""
    if value is None or value == '':
        return None
    if kind not in lookups.KINDS:
        raise ValueError(f'no Keystone finder for {kind}')
    return lookups.find(cloud, kind, value).id
