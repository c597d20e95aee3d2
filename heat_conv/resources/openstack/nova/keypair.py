"""OS::Nova::KeyPair: an SSH key pair of the user.

Its physical id is its name. A key pair has no metadata or tags, so it
carries no mark of heat-conv's ownership: a create whose answer was lost
cannot tell its key pair from one the user made with the same name, and
``find_orphan`` finds nothing. Nova refuses a second key pair of the same
name, so a retried create never makes a duplicate: it fails with Nova's
message instead (and a generated private key would be lost with the
answer anyway).
"""
from heat_conv.common import exception
from heat_conv.plugin_interface import base
from heat_conv.plugin_interface.properties import Property
from heat_conv.resources.openstack import names
from heat_conv.resources.openstack.nova import listed


class KeyPair(listed.ListedNovaResource):
    type_name = 'OS::Nova::KeyPair'
    entity = 'keypair'
    collection = 'keypairs'

    properties_schema = {
        'name': Property('string', required=True,
                         description='The name of the key pair.'),
        'save_private_key': Property('boolean', default=False,
                                     description='True if the system should remember a '
                                                 'generated private key; False '
                                                 'otherwise.'),
        'public_key': Property('string',
                               description='The optional public key. If not supplied, '
                                           'a new key pair will be generated.'),
        'type': Property('string', allowed_values=('ssh', 'x509'),
                         description='Keypair type. Supported since Nova api version '
                                     '2.2.'),
        'user': Property('string', constraint='keystone.user',
                         description='ID or name of user to whom to add key-pair '
                                     '(admin only).'),
    }

    attributes_schema = {
        'public_key': 'The public key.',
        'private_key': 'The private key if it has been saved.',
    }

    @classmethod
    def validate_properties(cls, values, path=()):
        result = super().validate_properties(values, path)
        if not 1 <= len(result['name']) <= 255:
            raise exception.InvalidProperties(
                f'length ({len(result["name"])}) is out of range (min: 1, max: 255)',
                path=tuple(path) + ('name',))
        return result

    def create(self):
        props = self.properties
        request = {'name': props['name']}
        if props.get('public_key'):
            request['public_key'] = props['public_key']
        if props.get('type'):
            request['type'] = props['type']
        try:
            if props.get('user'):
                request['user_id'] = props['user'] if names.is_uuid(props['user']) else \
                    self.cloud.identity.find_user(props['user'], ignore_missing=False).id
            keypair = self.call(self.cloud.compute.create_keypair, **request)
        except Exception as exc:
            return self.failed(exc)
        if props.get('save_private_key') and keypair.private_key:
            self.data['private_key'] = keypair.private_key
        self.physical_id = keypair.id
        self._raw = self.raw(keypair)
        self._raw.pop('private_key', None)
        return base.Done(keypair.id)

    def refid(self):
        return self.physical_id or self.name

    def attribute_values(self, shown):
        public = self.properties.get('public_key') or shown.get('public_key')
        private = self.data.get('private_key', '') if \
            self.properties.get('save_private_key') else ''
        return {'public_key': public, 'private_key': private}

    def observed_properties(self, shown):
        public = shown.get('public_key')
        return {'public_key': public.strip() if public else public}

    def drift(self, expected, cloud_object):
        expected = dict(expected)
        if expected.get('public_key'):
            expected['public_key'] = expected['public_key'].strip()
        return super().drift(expected, cloud_object)
