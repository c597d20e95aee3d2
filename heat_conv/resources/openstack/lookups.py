"""Finding a service's object by name or id, as Heat's templates name them.

Each raises the service's NotFoundException (or DuplicateResource for a
name that several objects have), which a plugin turns into Failed.

A flavor or image is looked up once per traversal in an engine process:
every server of a group names the same ones, and each lookup by name costs
two calls (a GET by id, which answers 404, then a list), so fifty servers
asked Nova and Glance two hundred times for the same two ids. The answer
is kept for the traversal the action belongs to (acting_for): a later
operation looks again, so an image renamed or replaced since is found.
"""
import threading

from heat_conv.common import acting_for

# Answers kept, for all traversals; past this many, all are forgotten.
KEPT = 4096

_lock = threading.Lock()
_found = {}   # (traversal id, kind, name or id) -> id


def flavor_id(cloud, name_or_id):
    return _once_per_traversal(
        'flavor', name_or_id,
        lambda: cloud.compute.find_flavor(name_or_id, ignore_missing=False).id)


def image_id(cloud, name_or_id):
    return _once_per_traversal(
        'image', name_or_id,
        lambda: cloud.image.find_image(name_or_id, ignore_missing=False).id)


def network_id(cloud, name_or_id):
    return cloud.network.find_network(name_or_id, ignore_missing=False).id


def subnet(cloud, name_or_id):
    return cloud.network.find_subnet(name_or_id, ignore_missing=False)


def port_id(cloud, name_or_id):
    return cloud.network.find_port(name_or_id, ignore_missing=False).id


def security_group_ids(cloud, names_or_ids):
    return [cloud.network.find_security_group(name, ignore_missing=False).id
            for name in names_or_ids]


def _once_per_traversal(kind, name_or_id, find):
    """``find()``, or what it answered for the same traversal before. Out of
    an action (no traversal), it is asked every time."""
    acting = acting_for.current()
    if acting is None or acting.traversal_id is None:
        return find()
    key = (acting.traversal_id, kind, name_or_id)
    with _lock:
        found = _found.get(key)
    if found is not None:
        return found
    found = find()   # a failed lookup raises, and is not kept
    with _lock:
        if len(_found) >= KEPT:
            _found.clear()
        _found[key] = found
    return found


def forget():
    """Forget every answer kept (tests)."""
    with _lock:
        _found.clear()
