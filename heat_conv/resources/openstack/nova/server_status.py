"""What a server seen in Nova says about the action a resource waits on.

Nova sets a server's ``task_state`` before it answers an action's request
(build, resize, rebuild, suspend, resume, snapshot), and clears it when the
action ends, so a server with no task state has finished whatever it was
asked: its status then says how it went.

The observer lists a project's servers in one call per pass: Nova lets only
an admin filter the list by id (``uuid``), so ``observe_many`` asks for the
project's servers in detail (``GET /servers/detail``, a page per 1,000
servers) and keeps the ones it was asked about.
"""
import json

from heat_conv.common.status import Drift
from heat_conv.resources.openstack import base as os_base

_OWNER_KEYS = (os_base.STACK_KEY, os_base.NAME_KEY, os_base.RESOURCE_KEY)

# The fields of a server the plugin reads (progress, drift, attributes).
_FIELDS = ('id', 'name', 'status', 'task_state', 'vm_state', 'fault', 'metadata',
           'addresses', 'access_ipv4', 'access_ipv6', 'instance_name', 'tags',
           'key_name', 'availability_zone', 'created_at', 'updated_at')


def compact(server):
    """A server (openstacksdk) as a plain dict that travels in messages."""
    found = {field: getattr(server, field, None) for field in _FIELDS}
    flavor = server.flavor
    found['flavor'] = ({'id': flavor.id, 'name': flavor.name} if flavor is not None
                       else None)
    # A server booted from a volume has no image: Nova shows "".
    image = server.image
    found['image_id'] = (image.get('id') if isinstance(image, dict)
                         else getattr(image, 'id', None)) or None
    # All of it, as the ``show`` attribute gives it.
    found['show'] = json.loads(json.dumps(server.to_dict(computed=False,
                                                         original_names=True),
                                          default=str))
    return found


def observe_many(cloud, ids, retrying_call):
    wanted = set(ids)
    found = {server.id: compact(server)
             for server in retrying_call(lambda: list(cloud.compute.servers(details=True)))
             if server.id in wanted}
    return {server_id: found.get(server_id) for server_id in ids}


def fault_reason(server, doing='Went to status ERROR'):
    fault = server.get('fault') or {}
    message = fault.get('message') or 'Unknown'
    return f'{doing} due to "Message: {message}, Code: {fault.get("code")}"'


def settled(server):
    return server.get('task_state') is None


def flavor_matches(server, wanted):
    """Whether the server's flavor is ``wanted`` ({'id', 'name'} of a flavor):
    Nova shows a flavor's id (before API 2.47) or its name (since)."""
    flavor = server.get('flavor') or {}
    return ((flavor.get('id') is not None and flavor['id'] == wanted['id'])
            or (flavor.get('name') is not None and flavor['name'] == wanted['name']))


def drift(server_id, expected, server):
    """How the server differs from the properties it should have: its name
    (when the template names it), metadata and flavor."""
    if server is None:
        return Drift.DELETED, {'reason': f'Server {server_id} no longer exists'}
    actual = {'name': server.get('name'),
              'metadata': {key: value for key, value in
                           (server.get('metadata') or {}).items()
                           if key not in _OWNER_KEYS}}
    wanted = {'name': expected.get('name') or actual['name'],
              'metadata': {key: value if isinstance(value, str) else json.dumps(value)
                           for key, value in (expected.get('metadata') or {}).items()}}
    differences = {key: {'expected': wanted[key], 'actual': actual[key]}
                   for key in wanted if wanted[key] != actual[key]}
    flavor = server.get('flavor') or {}
    if expected.get('flavor') and expected['flavor'] not in (flavor.get('id'),
                                                             flavor.get('name')):
        differences['flavor'] = {'expected': expected['flavor'],
                                 'actual': flavor.get('name') or flavor.get('id')}
    return (Drift.MODIFIED, differences) if differences else (Drift.IN_SYNC, None)
