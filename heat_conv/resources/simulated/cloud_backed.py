"""Resources whose physical object lives in the simulated cloud.

The cloud object's id is the physical id; its ``properties`` hold the
resource's resolved properties. Actions that take time in the cloud return
``Pending`` and the observer reports when the object settles. Every cloud
error ends here, as an outcome: the engine never handles the cloud's.
"""
import uuid

from heat_conv.cloud import client as cloud_client
from heat_conv.cloud import retry
from heat_conv.common.status import Action
from heat_conv.plugin_interface import base
from heat_conv.plugin_interface import observed
from heat_conv.plugin_interface import ownership


class CloudResource(observed.ObservedResource):
    snapshots = True

    def wait_secs(self, action):
        return 0

    def should_fail(self, action):
        return False

    def cloud_properties(self):
        return dict(self.properties)

    def metadata(self):
        # resource_id lets a crashed create's object be found and adopted;
        # project_id says whose it is, to an adopt (ownership).
        metadata = {'stack_id': self.stack_id, 'resource_name': self.name,
                    'resource_id': self.resource_id}
        if self.project_id is not None:
            metadata['project_id'] = self.project_id
        return metadata

    def owner(self):
        try:
            obj = retry.call(self.cloud.get, self.physical_id)
        except cloud_client.CloudNotFound:
            return None   # adopt() says it does not exist
        except cloud_client.CloudError as exc:
            return base.Unknown(f'{type(exc).__name__}: {exc}')
        claims = obj.get('metadata') or {}
        return ownership.Owner(stack_id=_str_or_none(claims.get('stack_id')),
                               resource_name=_str_or_none(claims.get('resource_name')),
                               project_id=_str_or_none(claims.get('project_id')))

    def find_orphan(self):
        try:
            obj = retry.call(self._orphan)
        except cloud_client.CloudError as exc:
            return base.Unknown(f'{type(exc).__name__}: {exc}')
        return obj['id'] if obj is not None else None

    def _orphan(self):
        """The object a create made before its engine died or its answer was
        lost, if any (raises the cloud's errors)."""
        if self.resource_id is None:
            return None
        for obj in self.cloud.list(stack_id=self.stack_id, resource_name=self.name):
            if obj['metadata'].get('resource_id') == self.resource_id:
                return obj
        return None

    def _outcome(self, obj, done_status='ACTIVE'):
        if obj['status'] == done_status:
            return base.Done(obj['id'])
        if obj['status'] == 'ERROR':
            return base.Failed(obj.get('status_reason') or 'cloud object in ERROR',
                               physical_id=obj['id'])
        return base.Pending(obj['id'])

    def create(self):
        # A create whose answer was lost may still have happened: look for
        # its object before trying again, or it would leak.
        try:
            obj = retry.call(self.cloud.create,
                             name=self.name, type=self.type_name,
                             properties=self.cloud_properties(),
                             metadata=self.metadata(),
                             wait_secs=self.wait_secs('create'),
                             fail=self.should_fail('create'),
                             on_retry=self._orphan)
        except cloud_client.CloudError as exc:
            return _failed(exc)
        return self._outcome(obj)

    def update(self, old_properties):
        try:
            obj = retry.call(self.cloud.update, self.physical_id,
                             self.cloud_properties(),
                             wait_secs=self.wait_secs('update'),
                             fail=self.should_fail('update'))
        except cloud_client.CloudNotFound:
            # Deleted behind our back: only a new object can match the template.
            return base.NeedsReplace(self.physical_id)
        except cloud_client.CloudError as exc:
            return _failed(exc, self.physical_id)
        return self._outcome(obj)

    def delete(self):
        if not self.physical_id:
            return base.Done()
        try:
            obj = retry.call(self.cloud.delete, self.physical_id,
                             wait_secs=self.wait_secs('delete'))
        except cloud_client.CloudNotFound:
            return base.Done()
        except cloud_client.CloudError as exc:
            return _failed(exc, self.physical_id)
        if obj is None:
            return base.Done()
        return base.Pending(self.physical_id)

    def adopt(self):
        try:
            obj = retry.call(self.cloud.get, self.physical_id)
        except cloud_client.CloudNotFound:
            return self.adopt_missing()
        except cloud_client.CloudError as exc:
            return _failed(exc, self.physical_id)
        # A suspended object is taken over as it is.
        return self._outcome(obj, obj['status'] if obj['status'] == 'SUSPENDED'
                             else 'ACTIVE')

    def adopt_missing(self):
        """Adopt (or external_id) of an id no object in the cloud has."""
        return base.Failed(f'{self.type_name} {self.physical_id} does not exist')

    def suspend(self):
        return self._power(Action.SUSPEND)

    def resume(self):
        return self._power(Action.RESUME)

    def _power(self, action):
        if not self.physical_id:
            return base.Done()   # nothing was ever built: nothing to act on
        try:
            obj = retry.call(self.cloud.power, self.physical_id, str(action),
                             wait_secs=self.wait_secs(action.lower()),
                             fail=self.should_fail(action.lower()))
        except cloud_client.CloudNotFound:
            return base.Failed(f'{self.type_name} {self.physical_id} no longer exists')
        except cloud_client.CloudError as exc:
            return _failed(exc, self.physical_id)
        return self._outcome(obj, _DONE_STATUS.get(action, 'ACTIVE'))

    def snapshot_delete(self):
        # The cloud keeps one snapshot per object, so a redelivered delete
        # that snapshots again finds the first.
        if self.physical_id:
            try:
                retry.call(self.cloud.snapshot, self.physical_id)
            except cloud_client.CloudNotFound:
                return base.Done()
            except cloud_client.CloudError as exc:
                return _failed(exc, self.physical_id)
        return self.delete()

    def snapshot(self):
        """A stack snapshot's copy of the object, a snapshot of its own in
        the cloud (deleted with the stack snapshot: delete_snapshot_data)."""
        if not self.physical_id:
            return base.Done()
        try:
            copy = retry.call(self.cloud.snapshot, self.physical_id, str(uuid.uuid4()))
        except cloud_client.CloudNotFound:
            return base.Failed(f'{self.type_name} {self.physical_id} no longer exists')
        except cloud_client.CloudError as exc:
            return _failed(exc, self.physical_id)
        self.data['cloud_snapshot_id'] = copy['id']
        return base.Done(self.physical_id)

    def delete_snapshot_data(self, resource_data):
        copy_id = (resource_data or {}).get('cloud_snapshot_id')
        if not copy_id:
            return base.Done()
        try:
            retry.call(self.cloud.delete_snapshot, copy_id)
        except cloud_client.CloudNotFound:
            pass
        except cloud_client.CloudError as exc:
            return base.Failed(f'could not delete snapshot {copy_id} of {self.type_name} '
                               f'{self.name}: {type(exc).__name__}: {exc}')
        return base.Done()

    # How the observed base reads the simulated cloud ----------------------
    look_errors = (cloud_client.CloudError,)

    def look(self):
        try:
            return retry.call(self.cloud.get, self.physical_id)
        except cloud_client.CloudNotFound:
            return None

    def check_failed(self, exc):
        return base.Failed(f'could not reach the cloud: {exc}')

    def progress_of(self, action, cloud_object):
        return self._outcome(cloud_object, _DONE_STATUS.get(action, 'ACTIVE'))

    def healthy(self, cloud_object):
        if cloud_object['status'] == 'ERROR':
            return base.Failed(cloud_object.get('status_reason') or 'cloud object in ERROR')
        return base.Done(self.physical_id)

    def differences(self, expected, cloud_object):
        # The simulated cloud keeps every property: all of them are compared.
        actual = cloud_object.get('properties') or {}
        return {key: {'expected': value, 'actual': actual.get(key)}
                for key, value in sorted(expected.items()) if actual.get(key) != value}


# The status an object reaches when an action on it ends well.
_DONE_STATUS = {Action.SUSPEND: 'SUSPENDED'}


def _failed(exc, physical_id=None):
    return base.Failed(f'{type(exc).__name__}: {exc}', physical_id=physical_id)


def _str_or_none(value):
    return None if value is None else str(value)
