"""The Keystone types against the rig's Keystone, as its admin.

Keystone objects carry no mark of heat-conv's ownership, so the fixture
finds a test's leftovers by the made-up stack's name, which every name
(and every region's description) the tests give starts with.
"""
from urllib import parse

import pytest
from openstack import exceptions as sdk_exc

from tests.realcloud import plugin_support
from tests.realcloud.fixtures import admin  # noqa: F401
from tests.realcloud.fixtures import demo  # noqa: F401

NAMED = ('domains', 'projects', 'users', 'groups', 'roles', 'services', 'endpoints')


def leftovers(cloud, prefix):
    """{collection: [ids]} of the Keystone objects whose name (a region's
    description) starts with ``prefix``."""
    identity = cloud.identity
    found = {}
    for collection in NAMED:
        if collection == 'endpoints':
            # An endpoint's name is a field openstacksdk's objects drop.
            resp = identity.get('/endpoints', raise_exc=False)
            sdk_exc.raise_from_response(resp)
            listed = resp.json()['endpoints']
        else:
            listed = [{'id': obj.id, 'name': obj.name}
                      for obj in getattr(identity, collection)()]
        ids = [obj['id'] for obj in listed if str(obj.get('name') or '').startswith(prefix)]
        if ids:
            found[collection] = ids
    regions = [r.id for r in identity.regions()
               if str(r.description or '').startswith(prefix)]
    if regions:
        found['regions'] = regions
    return found


def _remove(cloud, left):
    identity = cloud.identity
    for endpoint in left.get('endpoints', ()):
        identity.delete_endpoint(endpoint, ignore_missing=True)
    for collection in ('services', 'users', 'groups', 'roles', 'projects'):
        for object_id in left.get(collection, ()):
            getattr(identity, f'delete_{collection[:-1]}')(object_id, ignore_missing=True)
    for region in left.get('regions', ()):
        # The id Heat made is URL-quoted already: quote it once more.
        identity.delete(f'/regions/{parse.quote(region, safe="")}', raise_exc=False)
    for domain in left.get('domains', ()):
        try:
            identity.update_domain(domain, is_enabled=False)
            identity.delete_domain(domain, ignore_missing=True)
        except sdk_exc.NotFoundException:
            pass


@pytest.fixture
def keystone(admin):   # noqa: F811
    """A harness whose plugins act as the rig's admin; after the test,
    whatever its plugins made is deleted, and the test fails if Keystone
    still held anything of it before that clean-up."""
    made = plugin_support.Harness(admin)
    yield made
    left = leftovers(admin, made.stack.name)
    made.delete_made()
    _remove(admin, leftovers(admin, made.stack.name))
    assert not leftovers(admin, made.stack.name), 'Keystone objects could not be removed'
    assert not left, f'the test left {left} in Keystone'
