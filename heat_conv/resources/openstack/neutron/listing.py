"""Neutron objects found by list calls: many by id (the observer), and the
one object a resource owns (a create whose answer was lost)."""
from heat_conv.clients import retry
from heat_conv.resources.openstack import base as os_base

# Ids per list call: they travel in the query string, whose length servers
# cap (gunicorn at 4094 bytes a request line).
IDS_PER_CALL = 50


def raw(obj):
    """An SDK object as Neutron shows it, under Neutron's own field names."""
    if obj is None:
        return None
    return obj.to_dict(headers=False, computed=False, original_names=True)


def user_tags(tags):
    """Tags without heat-conv's own."""
    owned = (os_base.STACK_KEY, os_base.NAME_KEY, os_base.RESOURCE_KEY)
    return [tag for tag in tags or () if str(tag).partition('=')[0] not in owned]


def by_id(cloud, collection, physical_ids, key='id'):
    """{id: the object as shown, or None} with one list call per 50 ids."""
    list_call = getattr(cloud.network, collection)
    ids = list(dict.fromkeys(physical_ids))
    found = {}
    for start in range(0, len(ids), IDS_PER_CALL):
        chunk = ids[start:start + IDS_PER_CALL]
        found.update((obj.id, raw(obj)) for obj in retry.call(
            lambda: list(list_call(**{key: chunk}))))
    return {pid: found.get(pid) for pid in ids}


def among_all(cloud, collection, physical_ids):
    """{id: the object as shown, or None} from one list of every object the
    caller sees: for collections Neutron cannot filter by id (the SDK would
    then compare each object's id with the whole list of ids, and match none)."""
    list_call = getattr(cloud.network, collection)
    wanted = set(physical_ids)
    found = {obj.id: raw(obj) for obj in retry.call(lambda: list(list_call()))
             if obj.id in wanted}
    return {pid: found.get(pid) for pid in physical_ids}


def owned(cloud, collection, resource_id, marker, by_tags=True):
    """The object of ``collection`` that resource ``resource_id`` owns: tagged
    with its id, or carrying ``marker`` (its owner) as description."""
    list_call = getattr(cloud.network, collection)
    queries = [{'description': marker}]
    if by_tags:
        queries.insert(0, {'tags': f'{os_base.RESOURCE_KEY}={resource_id}'})
    for query in queries:
        for obj in list_call(**query):
            # Checked here too: a filter the SDK does not know, it drops.
            owner = os_base.OpenStackResource.owner_of(tags=getattr(obj, 'tags', None))
            if owner[1] == resource_id or obj.description == marker:
                return obj
    return None
