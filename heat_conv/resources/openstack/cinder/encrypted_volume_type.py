"""OS::Cinder::EncryptedVolumeType: the encryption of a volume type (admin
only under Cinder's default policy).

The encryption is no object of its own: as in Heat, its physical id is
its volume type's id. The observer sees it through its volume type, in
the volume types' list (Cinder lists no encryptions: one removed outside
while its type stays is seen only by a check); nothing names the owner, so
a create whose answer was lost is not adopted.
"""
from openstack import exceptions as sdk_exc

from heat_conv.plugin_interface import base
from heat_conv.plugin_interface.properties import Property
from heat_conv.resources.openstack.cinder import listed

_SPECS = ('provider', 'control_location', 'cipher', 'key_size')


class EncryptedVolumeType(listed.ListedCinderResource):
    type_name = 'OS::Cinder::EncryptedVolumeType'
    entity = 'type_encryption'
    collection = 'types'

    properties_schema = {
        'provider': Property('string', required=True, update_allowed=True,
                             description='The class that provides encryption support. '
                                         'For example, nova.volume.encryptors.luks.'
                                         'LuksEncryptor.'),
        'control_location': Property('string', default='front-end', update_allowed=True,
                                     allowed_values=('front-end', 'back-end'),
                                     description='Notional service where encryption is '
                                                 'performed For example, front-end. '
                                                 'For Nova.'),
        'cipher': Property('string', update_allowed=True,
                           allowed_values=('aes-xts-plain64', 'aes-cbc-essiv'),
                           description='The encryption algorithm or mode. For example, '
                                       'aes-xts-plain64.'),
        'key_size': Property('integer', update_allowed=True,
                             description='Size of encryption key, in bits. For example, '
                                         '128 or 256.'),
        'volume_type': Property('string', required=True, constraint='cinder.vtype',
                                description='Name or id of volume type '
                                            '(OS::Cinder::VolumeType).'),
    }
    attributes_schema = {}

    @classmethod
    def list_all(cls, cloud):
        return list(cloud.block_storage.types(is_public='None'))   # private ones too

    def create(self):
        props = self.properties
        try:
            type_id = self.call(self.service.find_type, props['volume_type'],
                                ignore_missing=False).id
            made = self.call(self.service.create_type_encryption, type_id,
                             **{key: props.get(key) for key in _SPECS})
        except Exception as exc:
            return self.failed(exc)
        self.physical_id = type_id
        self._raw = self.raw(made)
        return base.Done(type_id)

    def update(self, old_properties):
        if self.needs_replace(old_properties):
            return base.NeedsReplace(self.physical_id)
        changed = {key: self.properties.get(key) for key in _SPECS
                   if self.properties.get(key) != old_properties.get(key)}
        try:
            if changed:
                self.call(self.service.update_type_encryption,
                          volume_type=self.physical_id, **changed)
        except Exception as exc:
            return self.failed(exc)
        return base.Done(self.physical_id)

    def delete(self):
        if not self.physical_id:
            return base.Done()
        try:
            self.call(self.service.delete_type_encryption, volume_type=self.physical_id,
                      ignore_missing=True)
        except sdk_exc.NotFoundException:   # the type, or its encryption, is gone
            return base.Done()
        except Exception as exc:
            return self.failed(exc)
        return base.Done()

    def _get(self):
        return self.call(self.service.get_type_encryption, self.physical_id)

    def look_for_check(self):
        try:
            found = self._get()
        except sdk_exc.NotFoundException:
            return None
        # Cinder answers an empty encryption for a type that has none.
        return found if getattr(found, 'provider', None) else None

    def find_orphan(self):
        return None
