"""Finding a service's object by name or id, as Heat's templates name them.

Each raises the service's NotFoundException (or DuplicateResource for a
name that several objects have), which a plugin turns into Failed.

A flavor or image is looked up once per traversal in an engine process:
every server of a group names the same ones, and each lookup by name costs
two calls (a GET by id, which answers 404, then a list), so fifty servers
asked Nova and Glance two hundred times for the same two ids. The answer
is kept for the traversal the action belongs to (acting_for): a later
operation looks again, so an image renamed or replaced since is found.
The networks and subnets a port's or a server's attributes show are read
once per traversal the same way (``once_per_traversal``): fifty ports on
one subnet read it once, not fifty times.
"""
import threading

from heat_conv.common import acting_for

# Answers kept, for all traversals; past this many, all are forgotten.
KEPT = 4096

_lock = threading.Lock()
_found = {}   # (traversal id, kind, key) -> the answer
_asking = {}  # (traversal id, kind, key) -> a lock held by the thread asking


def flavor_id(cloud, name_or_id):
    return once_per_traversal(
        'flavor', name_or_id,
        lambda: cloud.compute.find_flavor(name_or_id, ignore_missing=False).id)


def image_id(cloud, name_or_id):
    return once_per_traversal(
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


def once_per_traversal(kind, key, find):
    """``find()``, or what it answered for the same ``kind`` and ``key`` in
    the same traversal before. The steps of a batch run side by side
    (engine side_by_side): when several ask at once, one asks the service
    and the others wait for its answer. Out of an action (no traversal),
    it is asked every time; a failed ``find()`` raises and is not kept."""
    acting = acting_for.current()
    if acting is None or acting.traversal_id is None:
        return find()
    key = (acting.traversal_id, kind, key)
    with _lock:
        if key in _found:
            return _found[key]
        gate = _asking.setdefault(key, threading.Lock())
    with gate:
        with _lock:
            if key in _found:
                return _found[key]
        try:
            found = find()
        except BaseException:
            with _lock:
                _asking.pop(key, None)
            raise
        with _lock:
            if len(_found) >= KEPT:
                _found.clear()
            _found[key] = found
            _asking.pop(key, None)
        return found


def forget():
    """Forget every answer kept (tests)."""
    with _lock:
        _found.clear()
