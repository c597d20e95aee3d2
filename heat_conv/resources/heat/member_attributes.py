"""The attributes of a group or chain, shaped from its members'.

A member is (name, reference id, attributes). The shapes are Heat's:
``refs`` (the members' reference ids, in member order), ``refs_map``
(name -> id), ``attributes`` (attribute -> {name: value}, read as
``[group, attributes, ATTR]``), ``resource.N`` (a member's id),
``resource.N.ATTR`` (one member's attribute; ``[group, resource.N, ATTR]``
reads the same), and any other name: that attribute of every member, as a
list.
"""
import collections

from heat_conv.hot import references

Member = collections.namedtuple('Member', 'name refid attributes')

GROUP_ATTRIBUTES = ('refs', 'refs_map', 'attributes', 'removed_rsrc_list')
CHAIN_ATTRIBUTES = ('refs', 'attributes')


def shape(members, own=GROUP_ATTRIBUTES, removed=()):
    """Every attribute of a group (``own``: the type's own names) whose
    members are ``members``; ``removed`` is the group's removed names."""
    members = list(members)
    names = []
    for member in members:
        for attribute in member.attributes or {}:
            if attribute not in names:
                names.append(attribute)
    values = {}
    for member in members:
        values[f'resource.{member.name}'] = member.refid
        for attribute, value in (member.attributes or {}).items():
            values[f'resource.{member.name}.{attribute}'] = value
    for attribute in names:
        values[attribute] = [(m.attributes or {}).get(attribute) for m in members]
    # The type's own attributes win over a member attribute of the same name.
    values['refs'] = [m.refid for m in members]
    values['attributes'] = {attribute: {m.name: (m.attributes or {}).get(attribute)
                                        for m in members} for attribute in names}
    if 'refs_map' in own:
        values['refs_map'] = {m.name: m.refid for m in members}
    if 'removed_rsrc_list' in own:
        values['removed_rsrc_list'] = list(removed)
    values[references.PER_MEMBER] = [a for a in names if a not in own] + ['attributes']
    return values

