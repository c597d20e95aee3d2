"""A Keystone in front of the mini-cloud's Keystone whose catalog sends one
service to a port where nothing listens: that service is down, for the
one heat-conv configured with this proxy as its Keystone, and for nobody
else (the rig is shared; stopping a real service would fail other
sessions' tests). Tokens, trusts and their checks are Keystone's own.

The proxy is the one Heat's functional suite logs in through on the rig
(tools/heat_functional/catalog_proxy.py), with the down service's address
as the replacement.
"""
import socket

from tools.heat_functional import catalog_proxy

KEYSTONE = 'http://127.0.0.1:5000'


def dead_port():
    """A port nothing listens on (bound, then closed)."""
    with socket.socket() as sock:
        sock.bind(('127.0.0.1', 0))
        return sock.getsockname()[1]


def with_service_down(down_url):
    """``with with_service_down(url) as proxy: proxy.url`` is the rig's
    Keystone, with ``down_url`` (a service's base URL as the catalog has
    it) answered by nothing."""
    return catalog_proxy.CatalogProxy(
        KEYSTONE, {down_url.rstrip('/'): f'http://127.0.0.1:{dead_port()}'})
