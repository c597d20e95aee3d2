"""The base of Keystone types Heat gives fields that the SDK's objects
drop (a region's ``enabled``, an endpoint's ``name``): Keystone keeps any
extra field of these objects, so they call its REST API directly, with
the same connection, and read the objects as plain dicts."""
from urllib import parse

from openstack import exceptions as sdk_exc

from heat_conv.clients import retry
from heat_conv.plugin_interface import base
from heat_conv.resources.openstack.keystone import base as ks_base


def _answer(resp):
    # The adapter answers errors too (raise_exc=False): openstacksdk turns
    # them into its exceptions, as it does for its own objects.
    sdk_exc.raise_from_response(resp)
    return resp.json() if resp.content else {}


class RestBacked(ks_base.KeystoneResource):
    # The REST collection (``regions``) and its member key (``region``).
    collection = None
    member = None

    @classmethod
    def _path(cls, physical_id=None):
        if physical_id is None:
            return f'/{cls.collection}'
        return f'/{cls.collection}/{parse.quote(physical_id, safe="")}'

    @classmethod
    def fetch(cls, cloud, physical_id):
        return _answer(cloud.identity.get(cls._path(physical_id), raise_exc=False))[cls.member]

    def post(self, body):
        return _answer(self.call(self.cloud.identity.post, self._path(),
                                 json={self.member: body}, raise_exc=False))[self.member]

    def _get(self):
        return self.call(self.fetch, self.cloud, self.physical_id)

    def send_update(self, fields):
        _answer(self.call(self.cloud.identity.patch, self._path(self.physical_id),
                          json={self.member: fields}, raise_exc=False))

    def delete(self):
        if not self.physical_id:
            return base.Done()
        try:
            _answer(self.call(self.cloud.identity.delete, self._path(self.physical_id),
                              raise_exc=False))
        except sdk_exc.NotFoundException:
            pass
        except Exception as exc:
            return self.failed(exc)
        return base.Done()

    @classmethod
    def observe_many(cls, cloud, physical_ids):
        found = {}
        for physical_id in physical_ids:
            try:
                found[physical_id] = retry.call(cls.fetch, cloud, physical_id)
            except sdk_exc.NotFoundException:
                found[physical_id] = None
        return found
