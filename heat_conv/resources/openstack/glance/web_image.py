"""OS::Glance::WebImage: a Glance image whose data Glance downloads itself
(the interoperable image import's ``web-download`` method).

Create makes the image record (with its owner in the image's properties),
asks Glance to import ``location`` and answers Pending; the observer lists
the project's images and reports ``active``. A failed import leaves the
image queued with ``os_glance_failed_import`` set: that is a Failed.
Glance filters the URLs it downloads (its ``[import_filtering_opts]``:
by default http and https on ports 80 and 443, never a loopback or
link-local address); a refused URL fails with Glance's message.
"""
import json

from openstack import exceptions as sdk_exc
from openstack.image.v2 import image as sdk_image

from heat_conv.clients import retry
from heat_conv.common import exception
from heat_conv.common.status import Action
from heat_conv.plugin_interface import base
from heat_conv.plugin_interface.properties import Property
from heat_conv.resources.openstack import base as os_base

_ID_PATTERN_HELP = 'The id of an image in Glance.'
_UPDATABLE = ('tags', 'architecture', 'kernel_id', 'os_distro', 'os_version', 'owner',
              'visibility', 'ramdisk_id')
# Heat's property -> openstacksdk's Image attribute.
_SDK_NAMES = {'name': 'name', 'id': 'id', 'min_disk': 'min_disk', 'min_ram': 'min_ram',
              'protected': 'is_protected', 'disk_format': 'disk_format',
              'container_format': 'container_format', 'tags': 'tags',
              'architecture': 'architecture', 'kernel_id': 'kernel_id',
              'os_distro': 'os_distro', 'os_version': 'os_version', 'owner': 'owner_id',
              'visibility': 'visibility', 'ramdisk_id': 'ramdisk_id'}


def _s(description, **kwargs):
    return Property('string', description=description, **kwargs)


class WebImage(os_base.OpenStackResource):
    type_name = 'OS::Glance::WebImage'
    service_type = 'image'
    service_name = 'Glance'
    properties_schema = {
        'name': _s('Name of the image (not unique).'),
        'id': _s('Id of the image; Glance makes one if not given.'),
        'min_disk': Property('integer', default=0, min_value=0,
                             description='Disk (GB) needed to boot the image.'),
        'min_ram': Property('integer', default=0, min_value=0,
                            description='RAM (MB) needed to boot the image.'),
        'protected': Property('boolean', default=False,
                              description='Whether the image cannot be deleted.'),
        'disk_format': _s('Disk format.', required=True, allowed_values=(
            'ami', 'ari', 'aki', 'vhd', 'vhdx', 'vmdk', 'raw', 'qcow2', 'vdi', 'iso',
            'ploop')),
        'container_format': _s('Container format.', required=True, allowed_values=(
            'ami', 'ari', 'aki', 'bare', 'ovf', 'ova', 'docker')),
        'location': _s('URL Glance downloads the image data from.', required=True),
        'tags': Property('list', update_allowed=True, item=Property('string'),
                         description='Image tags.'),
        'architecture': _s('Operating system architecture.', update_allowed=True),
        'kernel_id': _s(_ID_PATTERN_HELP + ' (kernel of an AMI-style image)',
                        update_allowed=True),
        'os_distro': _s('Operating system distribution, lowercase.', update_allowed=True),
        'os_version': _s('Operating system version.', update_allowed=True),
        'owner': _s('Owner of the image.', update_allowed=True),
        'visibility': _s('Who sees the image.', default='private', update_allowed=True,
                         allowed_values=('public', 'private', 'community', 'shared')),
        'ramdisk_id': _s(_ID_PATTERN_HELP + ' (ramdisk of an AMI-style image)',
                         update_allowed=True),
    }
    attributes_schema = {'show': 'Detailed information about the image.'}

    @classmethod
    def validate_properties(cls, values, path=()):
        result = super().validate_properties(values, path)
        container = result.get('container_format')
        if container in ('ami', 'ari', 'aki') and result.get('disk_format') != container:
            raise exception.InvalidProperties(
                "Invalid mix of disk and container formats. When setting a disk or "
                "container format to one of 'aki', 'ari', or 'ami', the container and "
                "disk formats must match.", path=tuple(path) + ('disk_format',))
        return result

    def create(self):
        attrs = {_SDK_NAMES[key]: value for key, value in self.properties.items()
                 if key != 'location' and value is not None}
        attrs.update(self.ownership())
        try:
            # The plain create request: the proxy's create_image uploads data
            # and rewrites properties, which an import-only image needs not.
            image = self.call(sdk_image.Image(**attrs).create, self.cloud.image)
        except Exception as exc:
            return self.failed(exc)
        try:
            self._import(image)
        except Exception as exc:
            # The image exists: recorded, so that its delete finds it.
            return self.failed(exc, physical_id=image.id)
        return base.Pending(image.id)

    def _import(self, image):
        # The SDK hands back the import's response without judging it.
        response = self.call(self.cloud.image.import_image, image, method='web-download',
                             uri=self.properties['location'])
        sdk_exc.raise_from_response(response)

    def update(self, old):
        changed = {key: self.properties.get(key) for key in _UPDATABLE
                   if old.get(key) != self.properties.get(key)}
        if not changed:
            return base.Done(self.physical_id)
        changed['tags'] = self.properties.get('tags') or []
        try:
            self.call(self.cloud.image.update_image, self.physical_id,
                      **{_SDK_NAMES[key]: value for key, value in changed.items()})
        except sdk_exc.NotFoundException:
            return base.NeedsReplace(self.physical_id)
        except Exception as exc:
            return self.failed(exc)
        return base.Done(self.physical_id)

    def delete(self):
        return self.delete_outcome(self.cloud.image.delete_image, self.physical_id,
                                   ignore_missing=False)

    @classmethod
    def observe_many(cls, cloud, physical_ids):
        wanted = set(physical_ids)
        found = {image.id: _compact(image) for image in retry.call(
            lambda: list(cloud.image.images(owner=cloud.current_project_id)))
            if image.id in wanted}
        return {image_id: found.get(image_id) for image_id in physical_ids}

    def check(self):
        # Heat's type has no check of its own: a stack check passes it by.
        return base.Done(self.physical_id)

    def progress(self, action, image):
        if action == Action.DELETE:
            return base.Done() if image is None or image['status'] == 'deleted' else None
        if image is None:
            return base.Failed(f'Image {self.physical_id} disappeared during {action}')
        if image['status'] == 'active':
            return base.Done(self.physical_id)
        if image['failed_import']:
            return base.Failed(f"Glance could not import {self.properties['location']} "
                               f"into image {self.physical_id} (stores: "
                               f"{image['failed_import']})")
        if image['status'] in ('killed', 'deleted', 'deactivated'):
            return base.Failed(f"Image {self.physical_id} went to status "
                               f"{image['status']}")
        return None

    def adopt(self):
        try:
            image = _compact(self.call(self.cloud.image.get_image, self.physical_id))
        except sdk_exc.NotFoundException:
            return base.Failed(f'Image {self.physical_id} does not exist')
        except Exception as exc:
            return self.failed(exc)
        if image['status'] == 'queued' and not image['importing'] and \
                not image['failed_import']:
            # Made, but its engine died before asking for the import.
            try:
                self._import(self.physical_id)
            except Exception as exc:
                return self.failed(exc)
        return self.progress(Action.CREATE, image) or base.Pending(self.physical_id)

    def find_orphan(self):
        if self.resource_id is None:
            return None
        try:
            images = self.call(lambda: list(self.cloud.image.images(
                owner=self.cloud.current_project_id)))
        except Exception as exc:
            return base.Unknown(os_base.describe(exc))
        for image in images:
            if self.owner_of(metadata=image.properties) == (self.stack_id,
                                                            self.resource_id):
                return image.id
        return None

    def attributes(self):
        if not self.physical_id:
            return {}
        try:
            image = self.call(self.cloud.image.get_image, self.physical_id)
        except Exception:
            return dict(self.stored_attributes)
        return {'show': json.loads(json.dumps(
            image.to_dict(computed=False, original_names=True), default=str))}


def _compact(image):
    extra = image.properties or {}
    return {'id': image.id, 'status': image.status, 'name': image.name,
            'importing': extra.get('os_glance_importing_to_stores') or '',
            'failed_import': extra.get('os_glance_failed_import') or ''}
