"""openstacksdk connections: as a stack's owner (through the stack's trust),
or as the user of the request at hand (on the request's own token).

``for_stack(stack_id)`` is what plugins, observers and nested children use:
a connection authenticated as heat-conv's service user with the trust the
stack's owner (its root stack's owner, for a child stack) delegated at
create. One connection per (trust, region), shared by every thread of the
process and kept while it is among the most recently used; keystoneauth
authenticates again when its token nears its end.

``for_context(ctx)`` is for request-time checks (service constraints, the
trust's creation): the request's own token and catalog, one connection per
request.
"""
import collections
import functools
import threading

import openstack
from keystoneauth1 import exceptions as ks_exc

from heat_conv.clients import sessions
from heat_conv.clients import settings
from heat_conv.clients import trustee
from heat_conv.common import exception
from heat_conv.db import api as db_api

# Connections kept per process; each holds a session and its sockets.
MAX_CONNECTIONS = 256
STACKS_REMEMBERED = 4096

_lock = threading.Lock()
_by_trust = collections.OrderedDict()
# Stack id -> its root's trust id: fixed for the stack's life.
_trust_of_stack = collections.OrderedDict()


def for_stack(stack_id, region=None):
    """The connection that acts for the owner of stack ``stack_id``."""
    return for_trust(trust_of(stack_id), region)


def trust_of(stack_id):
    """The trust of ``stack_id``'s root stack; MissingCredentials if it has
    none (a stack created with auth_strategy = noauth)."""
    with _lock:
        if stack_id in _trust_of_stack:
            return _trust_of_stack[stack_id]
    stack = db_api.stack_get(stack_id)
    while stack.owner_id is not None:
        stack = db_api.stack_get(stack.owner_id)
    if not stack.trust_id:
        raise exception.MissingCredentials(
            f'Stack {stack_id} has no Keystone trust (it was created without '
            'Keystone authentication): heat-conv cannot act on OpenStack '
            'services for it')
    with _lock:
        _remember(_trust_of_stack, stack_id, stack.trust_id, STACKS_REMEMBERED)
    return stack.trust_id


def for_trust(trust_id, region=None):
    key = (trust_id, settings.region_name(region))
    with _lock:
        conn = _by_trust.get(key)
        if conn is not None:
            _by_trust.move_to_end(key)
            return conn
    conn = connect(_trust_auth(trust_id), region)
    with _lock:
        # Another thread may have connected meanwhile: keep one.
        conn = _by_trust.setdefault(key, conn)
        _remember(_by_trust, key, conn, MAX_CONNECTIONS)
    return conn


def for_context(ctx, region=None):
    """A connection on the request's own token (keystone mode only)."""
    plugin = getattr(ctx, 'user_auth_plugin', None)
    if plugin is None:
        raise exception.MissingCredentials(
            'The request carries no Keystone token (auth_strategy = noauth): '
            'heat-conv cannot ask OpenStack services for it')
    cache = ctx.connections
    region = settings.region_name(region)
    if region not in cache:
        cache[region] = connect(plugin, region)
    return cache[region]


def connect(auth, region=None):
    """An openstacksdk Connection authenticating with ``auth``."""
    return openstack.connection.Connection(
        session=sessions.make(auth), region_name=settings.region_name(region),
        app_name=sessions.APP_NAME, **settings.connection_config())


def forget_trust(trust_id):
    """Drop the connections of a trust that was deleted or failed."""
    with _lock:
        for key in [k for k in _by_trust if k[0] == trust_id]:
            del _by_trust[key]
        for stack_id in [s for s, t in _trust_of_stack.items() if t == trust_id]:
            del _trust_of_stack[stack_id]


def reset():
    """Forget every connection (tests, or changed client options)."""
    with _lock:
        _by_trust.clear()
        _trust_of_stack.clear()


def _remember(cache, key, value, limit):
    cache[key] = value
    cache.move_to_end(key)
    while len(cache) > limit:
        cache.popitem(last=False)


class _NamesItsTrust:
    """Mixed into the trustee's auth plugin: an authentication Keystone
    refuses says which trust failed, wherever a plugin meets it."""

    def get_auth_ref(self, session, **kwargs):
        try:
            return super().get_auth_ref(session, **kwargs)
        except (ks_exc.Unauthorized, ks_exc.Forbidden, ks_exc.NotFound) as exc:
            raise exception.TrustInvalid(self.trust_id, exc) from None


@functools.cache
def _naming_class(plugin_class):
    return type(f'Trust{plugin_class.__name__}', (_NamesItsTrust, plugin_class), {})


def _trust_auth(trust_id):
    plugin = trustee.auth(trust_id)
    # The class [trustee] auth_type loads, with the mixin in front of it.
    plugin.__class__ = _naming_class(type(plugin))
    plugin.trust_id = trust_id
    return plugin
