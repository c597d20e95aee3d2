"""OS::Cinder::Volume: a Cinder volume, with Heat 27's properties.

Create answers Pending at once and the observer reports ``available``.
Name, description, metadata and read_only change in place; a larger
``size`` extends the volume (Pending until available again); a smaller one
fails, as in Heat. ``volume_type`` (a retype) and ``backup_id`` (a
restore) fail with a clear reason: heat-conv does not retype or restore in
place yet, and replacing the volume would lose its data.

A stack snapshot takes a Cinder snapshot of the volume (Heat takes a
backup; the mini-cloud has no backup service). The volume's metadata
carries its owner, so ``find_orphan`` finds a volume whose create answer
was lost.
"""
import json

from openstack import exceptions as sdk_exc

from heat_conv.common import exception
from heat_conv.common.status import Action
from heat_conv.common.status import Drift
from heat_conv.plugin_interface import base
from heat_conv.resources.openstack import base as os_base
from heat_conv.resources.openstack import lookups
from heat_conv.resources.openstack.cinder import volume_schema
from heat_conv.resources.openstack.cinder import volume_status

_OWNER_KEYS = (os_base.STACK_KEY, os_base.NAME_KEY, os_base.RESOURCE_KEY)


class Volume(volume_status.VolumeObserved):
    type_name = 'OS::Cinder::Volume'
    service_type = 'block-storage'
    service_name = 'Cinder'
    wants_stack = True
    stack = None
    properties_schema = volume_schema.PROPERTIES
    attributes_schema = volume_schema.ATTRIBUTES

    @classmethod
    def validate_properties(cls, values, path=()):
        result = super().validate_properties(values, path)
        path = tuple(path)
        if result.get('image') and result.get('imageRef'):
            raise exception.InvalidProperties(
                'Cannot define the following properties at the same time: image, '
                'imageRef', path=path + ('imageRef',))
        if result.get('backup_id'):
            return result
        sources = [key for key in ('snapshot_id', 'source_volid', 'image', 'imageRef')
                   if result.get(key)]
        if result.get('size') is None and (
                len(sources) != 1 or sources[0] not in ('snapshot_id', 'source_volid')):
            raise exception.InvalidProperties(
                'If neither "backup_id" nor "size" is provided, one and only one of '
                '"source_volid", "snapshot_id" must be specified, but currently '
                f'specified options: {sources}.', path=path + ('size',))
        if result.get('size') is not None and len(sources) > 1:
            raise exception.InvalidProperties(
                'If "size" is provided, only one of "image", "imageRef", '
                '"source_volid", "snapshot_id" can be specified, but currently '
                f'specified options: {sources}.', path=path)
        return result

    def volume_name(self):
        if self.wanted.get('name'):
            return self.wanted['name']
        stack_name = getattr(self.stack, 'name', None)
        short = (self.resource_id or '').replace('-', '')[:12]
        return '-'.join(part for part in (stack_name, self.name, short) if part)

    def cinder_metadata(self):
        found = {key: value if isinstance(value, str) else json.dumps(value)
                 for key, value in (self.wanted.get('metadata') or {}).items()}
        found.update(self.ownership())
        return found

    def create(self):
        props = self.wanted
        attrs = {'name': self.volume_name(), 'metadata': self.cinder_metadata()}
        for prop, sdk in (('size', 'size'), ('description', 'description'),
                          ('availability_zone', 'availability_zone'),
                          ('snapshot_id', 'snapshot_id'), ('backup_id', 'backup_id'),
                          ('volume_type', 'volume_type'),
                          ('source_volid', 'source_volume_id'),
                          ('scheduler_hints', 'scheduler_hints'),
                          ('imageRef', 'image_id')):
            if props.get(prop) not in (None, {}):
                attrs[sdk] = props[prop]
        if props.get('multiattach'):
            attrs['is_multiattach'] = True
        try:
            if props.get('image'):
                attrs['image_id'] = lookups.image_id(self.cloud, props['image'])
            volume = self.call(self.cloud.block_storage.create_volume, **attrs)
        except Exception as exc:
            return self.failed(exc)
        return base.Pending(volume.id)

    def update(self, old):
        new, old = self.wanted, self.terms(old)
        storage = self.cloud.block_storage

        def changed(name):
            return old.get(name) != new.get(name)
        for name, what in (('volume_type', 'a retype'), ('backup_id', 'a restore')):
            if changed(name):
                return base.Failed(f'Changing {name} needs {what}, which heat-conv '
                                   'does not do in place yet')
        if changed('size') and (new.get('size') or 0) < (old.get('size') or 0):
            return base.Failed('Shrinking volume is not supported')
        try:
            if changed('name') or changed('description'):
                self.call(storage.update_volume, self.physical_id,
                          name=self.volume_name(), description=new.get('description'))
            if changed('metadata'):
                self._set_metadata()
            if changed('read_only') and new.get('read_only') is not None:
                self.call(storage.set_volume_readonly, self.physical_id,
                          new['read_only'])
            if changed('size') and new.get('size'):
                volume = self.call(storage.get_volume, self.physical_id)
                if new['size'] > volume.size:
                    self.call(storage.extend_volume, self.physical_id, new['size'])
                    return base.Pending(self.physical_id)
        except sdk_exc.NotFoundException:
            return base.NeedsReplace(self.physical_id)
        except Exception as exc:
            return self.failed(exc)
        return base.Done(self.physical_id)

    def _set_metadata(self):
        storage = self.cloud.block_storage
        wanted = self.cinder_metadata()
        volume = self.call(storage.get_volume, self.physical_id)
        stale = [key for key in volume.metadata or {} if key not in wanted]
        if stale:
            self.call(storage.delete_volume_metadata, self.physical_id, stale)
        self.call(storage.set_volume_metadata, self.physical_id, **wanted)

    def delete(self):
        return self.delete_outcome(self.cloud.block_storage.delete_volume,
                                   self.physical_id, ignore_missing=False)

    def snapshot(self):
        try:
            snap = self.call(self.cloud.block_storage.create_snapshot,
                             volume_id=self.physical_id, is_forced=True,
                             name=f'{self.volume_name()}-snapshot')
        except Exception as exc:
            return self.failed(exc)
        self.data['snapshot_taken_id'] = snap.id
        return base.Pending(self.physical_id)

    def delete_snapshot_data(self, resource_data):
        # Cinder deletes a snapshot in the background: Pending until it is
        # gone (a volume with snapshots cannot be deleted).
        snap_id = (resource_data or {}).get('snapshot_taken_id')
        if not snap_id:
            return base.Done()
        storage = self.cloud.block_storage
        try:
            snap = self.call(storage.get_snapshot, snap_id)
            if snap.status == 'error_deleting':
                return base.Failed(f'Cinder could not delete snapshot {snap_id} of volume '
                                   f'{self.name}: it went to status error_deleting')
            if snap.status != 'deleting':
                self.call(storage.delete_snapshot, snap_id, ignore_missing=False)
        except sdk_exc.NotFoundException:
            return base.Done()
        except Exception as exc:
            return base.Failed(f'Cinder could not delete snapshot {snap_id} of volume '
                               f'{self.name}: {os_base.describe(exc)}')
        return base.Pending(self.physical_id)

    def progress(self, action, volume):
        if action == Action.DELETE:
            if volume is None:
                return base.Done()
            if volume['status'] == 'error_deleting':
                return base.Failed(self._error_reason(volume), self.physical_id)
            return None
        if volume is None:
            return base.Failed(f'Volume {self.physical_id} disappeared during {action}')
        if volume['status'] in ('error', 'error_extending', 'error_restoring'):
            return base.Failed(self._error_reason(volume), self.physical_id)
        if action == Action.SNAPSHOT:
            return self._snapshot_outcome()
        if volume['status'] in ('available', 'in-use'):
            if action == Action.UPDATE and volume['size'] != self.wanted.get('size'):
                return None   # the extend has not begun, or not ended
            return base.Done(self.physical_id)
        return None

    def _error_reason(self, volume):
        """Cinder's user message about the volume, if it left one (its
        messages API, 3.3; filtered by resource since 3.34)."""
        reason = 'Unknown'
        try:
            response = self.call(self.cloud.block_storage.get,
                                 f"/messages?resource_uuid={volume['id']}",
                                 microversion='3.34')
            messages = response.json().get('messages') if response.ok else None
            if messages:
                reason = messages[-1]['user_message']
        except Exception:   # the status alone still says what happened
            pass
        return f"Went to status {volume['status']} due to \"{reason}\""

    def _snapshot_outcome(self):
        snap_id = self.data.get('snapshot_taken_id')
        try:
            snap = self.call(self.cloud.block_storage.get_snapshot, snap_id)
        except sdk_exc.NotFoundException:
            return base.Failed(f'Snapshot {snap_id} of volume {self.physical_id} '
                               'was deleted')
        if snap.status == 'available':
            return base.Done(self.physical_id)
        if snap.status == 'error':
            return base.Failed(f'Snapshot {snap_id} of volume {self.physical_id} '
                               'went to status error')
        return None

    def _get(self):
        try:
            return volume_status.compact(
                self.call(self.cloud.block_storage.get_volume, self.physical_id))
        except sdk_exc.NotFoundException:
            return None

    def adopt(self):
        try:
            volume = self._get()
        except Exception as exc:
            return self.failed(exc)
        if volume is None:
            return base.Failed(f'{self.type_name} {self.physical_id} does not exist')
        return self.progress(Action.CREATE, volume) or base.Pending(self.physical_id)

    def check(self):
        try:
            volume = self._get() if self.physical_id else None
        except Exception as exc:
            return self.failed(exc)
        if volume is None:
            return base.Failed(f'Volume {self.physical_id} does not exist')
        if volume['status'] not in ('available', 'in-use'):
            return base.Failed(f"Volume status is {volume['status']}")
        return base.Done(self.physical_id)

    def find_orphan(self):
        if self.resource_id is None:
            return None
        try:
            volumes = self.call(lambda: list(self.cloud.block_storage.volumes(
                details=True)))
        except Exception as exc:
            return base.Unknown(os_base.describe(exc))
        for volume in volumes:
            if self.owner_of(metadata=volume.metadata) == (self.stack_id,
                                                           self.resource_id):
                return volume.id
        return None

    def drift(self, expected, volume):
        expected = self.terms(expected)
        if volume is None:
            return Drift.DELETED, {'reason': f'Volume {self.physical_id} no longer exists'}
        actual = {'size': volume['size'], 'description': volume['description'],
                  'metadata': {k: v for k, v in (volume['metadata'] or {}).items()
                               if k not in _OWNER_KEYS}}
        wanted = {'size': expected.get('size') or volume['size'],
                  'description': expected.get('description'),
                  'metadata': {k: v if isinstance(v, str) else json.dumps(v)
                               for k, v in (expected.get('metadata') or {}).items()}}
        if expected.get('name'):
            actual['name'], wanted['name'] = volume['name'], expected['name']
        differences = {key: {'expected': wanted[key], 'actual': actual[key]}
                       for key in wanted if wanted[key] != actual[key]}
        return (Drift.MODIFIED, differences) if differences else (Drift.IN_SYNC, None)

    def observe_drift(self):
        if not self.physical_id:
            return None
        try:
            return self.drift(self.stored_properties, self._get())[0]
        except Exception:
            return None

    def attributes(self):
        if not self.physical_id:
            return {}
        try:
            volume = self.call(self.cloud.block_storage.get_volume, self.physical_id)
        except Exception:
            return dict(self.stored_attributes)
        seen = volume_status.compact(volume)
        seen['metadata'] = {key: value for key, value in (seen['metadata'] or {}).items()
                            if key not in _OWNER_KEYS}
        return json.loads(json.dumps({
            'availability_zone': seen['availability_zone'], 'size': str(seen['size']),
            'snapshot_id': str(seen['snapshot_id']), 'display_name': seen['name'],
            'display_description': seen['description'],
            'volume_type': str(seen['volume_type']),
            'metadata': json.dumps(seen['metadata']), 'metadata_values': seen['metadata'],
            'source_volid': str(seen['source_volume_id']), 'status': seen['status'],
            'created_at': str(seen['created_at']), 'bootable': str(seen['is_bootable']),
            'encrypted': str(seen['is_encrypted']),
            'attachments': json.dumps(seen['attachments']),
            'attachments_list': seen['attachments'], 'multiattach': seen['is_multiattach'],
            'show': volume.to_dict(computed=False, original_names=True),
        }, default=str))
