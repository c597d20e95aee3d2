"""OS::Cinder::VolumeAttachment: a volume attached to a server through Nova.

Its physical id is the attachment's id in Nova, which is the volume's id,
so the observer watches the volume: the attach is done when the volume is
``in-use`` by the server, the detach (delete) when the volume no longer
lists the server among its attachments.

An update moves the attachment in place, as in Heat: the old one is
detached; a new volume is attached at once, the same volume once it is
free again (then the attach request is made when the observer reports
it available, a request Nova refuses harmlessly if repeated).
"""
from openstack import exceptions as sdk_exc

from heat_conv.common.status import Action
from heat_conv.plugin_interface import base
from heat_conv.plugin_interface.properties import Property
from heat_conv.resources.openstack import base as os_base
from heat_conv.resources.openstack.cinder import volume_status

_FAILED = ('error', 'error_attaching', 'error_detaching')


class VolumeAttachment(volume_status.VolumeObserved):
    type_name = 'OS::Cinder::VolumeAttachment'
    service_type = 'block-storage'
    service_name = 'Nova'
    properties_schema = {
        'instance_uuid': Property('string', required=True, update_allowed=True,
                                  description='The server the volume attaches to.'),
        'volume_id': Property('string', required=True, update_allowed=True,
                              constraint='cinder.volume',
                              description='The volume to attach.'),
        'mountpoint': Property('string', update_allowed=True,
                               description='Where the volume shows on the server '
                                           '(a hint Nova may not honour).'),
    }
    attributes_schema = {'show': 'Detailed information about the attachment.'}

    def _attach(self, properties):
        attrs = {}
        if properties.get('mountpoint'):
            attrs['device'] = properties['mountpoint']
        self.call(self.cloud.compute.create_volume_attachment,
                  properties['instance_uuid'], properties['volume_id'], **attrs)

    def create(self):
        try:
            self._attach(self.wanted)
        except Exception as exc:
            return self.failed(exc)
        return base.Pending(self.wanted['volume_id'])

    def update(self, old):
        old = self.terms(old)
        try:
            self._detach(old)
            if old.get('volume_id') != self.wanted['volume_id']:
                self._attach(self.wanted)
        except Exception as exc:
            return self.failed(exc)
        return base.Pending(self.wanted['volume_id'])

    def _detach(self, properties):
        try:
            self.call(self.cloud.compute.delete_volume_attachment,
                      properties['instance_uuid'], properties['volume_id'],
                      ignore_missing=False)
        except sdk_exc.NotFoundException:
            pass   # detached already, or its server is gone

    def delete(self):
        if not self.physical_id:
            return base.Done()
        try:
            self._detach(self.wanted)
        except Exception as exc:
            return self.failed(exc)
        return base.Pending(self.physical_id)

    def check(self):
        # Heat's type has no check of its own: a stack check passes it by.
        return base.Done(self.physical_id)

    def progress(self, action, volume):
        server_id = self.wanted.get('instance_uuid')
        attached = volume_status.attached_to(volume, server_id)
        if action == Action.DELETE:
            if volume is None or attached is None:
                return base.Done()
            if volume['status'] in _FAILED:
                return self._failed_status(volume, 'detach')
            return None
        if volume is None:
            return base.Failed(f'Volume {self.physical_id} disappeared during {action}')
        if volume['status'] in _FAILED:
            return self._failed_status(volume, 'attach')
        if volume['status'] == 'in-use' and attached is not None:
            return base.Done(self.physical_id)
        if volume['status'] == 'available':
            if action == Action.UPDATE:
                # The old attachment of the same volume is gone: attach anew.
                try:
                    self._attach(self.wanted)
                except (sdk_exc.ConflictException, sdk_exc.BadRequestException):
                    pass   # asked already; the next pass shows it
                return None
            return base.Failed(f'Volume {self.physical_id} is available, not attached '
                               f'to server {server_id}: the attach failed')
        return None

    def _failed_status(self, volume, doing):
        return base.Failed(f"Failed to {doing} volume {volume['id']} (server "
                           f"{self.wanted.get('instance_uuid')}): status "
                           f"{volume['status']}")

    def adopt(self):
        try:
            volume = volume_status.compact(
                self.call(self.cloud.block_storage.get_volume, self.physical_id))
        except sdk_exc.NotFoundException:
            return base.Failed(f'Volume {self.physical_id} does not exist')
        except Exception as exc:
            return self.failed(exc)
        return self.progress(Action.CREATE, volume) or base.Pending(self.physical_id)

    def find_orphan(self):
        """The volume, if the attach went through (its answer was lost)."""
        volume_id = self.wanted.get('volume_id')
        try:
            volume = volume_status.compact(
                self.call(self.cloud.block_storage.get_volume, volume_id))
        except sdk_exc.NotFoundException:
            return None
        except Exception as exc:
            return base.Unknown(os_base.describe(exc))
        if volume_status.attached_to(volume, self.wanted.get('instance_uuid')):
            return volume_id
        return None

    def attributes(self):
        if not self.physical_id:
            return {}
        try:
            volume = volume_status.compact(
                self.call(self.cloud.block_storage.get_volume, self.physical_id))
        except Exception:
            return dict(self.stored_attributes)
        attached = volume_status.attached_to(volume, self.wanted.get('instance_uuid'))
        return {'show': dict(attached or {}, volume_id=self.physical_id)}
