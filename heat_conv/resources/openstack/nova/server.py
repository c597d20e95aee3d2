"""OS::Nova::Server: a Nova server, with Heat 27's properties and semantics.

Create asks Nova for the server and answers Pending at once; the observer
lists the project's servers (server_status) and ``progress`` turns ACTIVE
into Done and ERROR into Failed with Nova's fault. Name, metadata, tags and
the admin password change in place; a flavor change resizes (confirmed when
Nova reaches VERIFY_RESIZE) or replaces, an image change rebuilds or
replaces, by the update policies; anything else replaces, as in Heat
(``networks`` changes too: heat-conv does not yet attach and detach
interfaces in place).

The server's metadata carries its owner (stack, resource name, resource
id), so ``find_orphan`` finds a server whose create answer was lost.
"""
import json
import logging

from openstack import exceptions as sdk_exc

from heat_conv.clients import retry
from heat_conv.common import exception
from heat_conv.common.status import Action
from heat_conv.plugin_interface import base
from heat_conv.resources.openstack import base as os_base
from heat_conv.resources.openstack import lookups
from heat_conv.resources.openstack.nova import server_addresses
from heat_conv.resources.openstack.nova import server_block_devices
from heat_conv.resources.openstack.nova import server_networks
from heat_conv.resources.openstack.nova import server_progress
from heat_conv.resources.openstack.nova import server_request
from heat_conv.resources.openstack.nova import server_schema
from heat_conv.resources.openstack.nova import server_software_config
from heat_conv.resources.openstack.nova import server_status

LOG = logging.getLogger(__name__)

# Heat's max_server_name_length.
MAX_NAME_LENGTH = 53


class Server(os_base.OpenStackResource):
    type_name = 'OS::Nova::Server'
    service_type = 'compute'
    service_name = 'Nova'
    properties_schema = server_schema.PROPERTIES
    attributes_schema = server_schema.ATTRIBUTES
    snapshots = True
    wants_stack = True
    stack = None

    @classmethod
    def validate_properties(cls, values, path=()):
        result = super().validate_properties(values, path)
        path = tuple(path)
        server_networks.validate(result.get('networks'), result.get('security_groups'),
                                 path)
        server_block_devices.validate(result, result.get('name') or 'server', path)
        server_software_config.validate(result, path)
        if result.get('personality'):
            raise exception.InvalidProperties(
                'personality is not supported with Nova API 2.57 and later; use '
                'user_data or metadata', path=path + ('personality',))
        if result.get('reservation_id'):
            raise exception.InvalidProperties(
                'reservation_id is not supported by the compute API heat-conv uses',
                path=path + ('reservation_id',))
        return result

    @classmethod
    def check_constraints(cls, properties, services, path=()):
        super().check_constraints(properties, services, path)
        server_software_config.check_services(cls.type_name, properties, services, path)

    @classmethod
    def metadata_from_data(cls, metadata, data):
        return server_software_config.metadata(metadata, data)

    def needs_replace(self, old):
        new = self.nova_properties()

        def changed(name):
            return old.get(name) != new.get(name)
        if changed('flavor') and new.get('flavor_update_policy') == 'REPLACE':
            return True
        if changed('image') and new.get('image_update_policy') == 'REPLACE':
            return True
        if changed('user_data') and new.get('user_data_update_policy') == 'REPLACE':
            return True
        if changed('networks') or changed('user_data_format'):
            return True
        return super().needs_replace(old)

    def nova_properties(self):
        """The properties in OS::Nova::Server's terms, which everything that
        builds or changes the server reads (AWS::EC2::Instance translates its
        own into these)."""
        return self.properties

    # Create -----------------------------------------------------------
    def server_name(self):
        if self.nova_properties().get('name'):
            return self.nova_properties()['name']
        suffix = f'{self.name}-{(self.resource_id or "").replace("-", "")[:12]}'
        stack_name = getattr(self.stack, 'name', None)
        if not stack_name:
            return suffix[:MAX_NAME_LENGTH]
        room = MAX_NAME_LENGTH - len(suffix) - 1
        return f'{stack_name[:max(room, 0)]}-{suffix}'[:MAX_NAME_LENGTH]

    def nova_metadata(self, metadata=None):
        """The server's metadata as Nova takes it: strings, and the owner."""
        metadata = self.nova_properties().get('metadata') if metadata is None else metadata
        found = {key: value if isinstance(value, str) else json.dumps(value)
                 for key, value in (metadata or {}).items()}
        found.update(self.ownership())
        return found

    def create(self):
        try:
            agent_metadata = server_software_config.prepare(self)
        except Exception as exc:
            return base.Failed(f'Keystone: {exc}')
        try:
            server = self.call(self.cloud.compute.create_server,
                               **server_request.create_request(self, agent_metadata))
        except Exception as exc:
            return self.failed(exc)
        if 'os_collect_config' in self.data:
            self.data['server_id'] = server.id   # whose deployments it shows
        return base.Pending(server.id)

    # Update -----------------------------------------------------------
    def update(self, old_properties):
        new = self.nova_properties()
        cloud = self.cloud
        server_id = self.physical_id

        def changed(name):
            return old_properties.get(name) != new.get(name)
        try:
            if changed('name'):
                self.call(cloud.compute.update_server, server_id, name=self.server_name())
            if changed('metadata'):
                self._set_metadata()
            if changed('software_config_transport'):
                server_software_config.prepare(self)
            if changed('tags'):
                server = self.call(cloud.compute.get_server, server_id)
                self.call(server.set_tags, cloud.compute, new.get('tags') or [])
            if changed('admin_pass') and not changed('image') and new.get('admin_pass'):
                self.call(cloud.compute.change_server_password, server_id,
                          new['admin_pass'])
            self.data.pop('resize_to', None)
            self.data.pop('rebuild_to', None)
            if changed('image'):
                self.data['rebuild_to'] = lookups.image_id(cloud, new['image'])
            if changed('flavor'):
                flavor = self.call(cloud.compute.find_flavor, new['flavor'],
                                   ignore_missing=False)
                self.data['resize_to'] = {'id': flavor.id, 'name': flavor.name}
                self.call(cloud.compute.resize_server, server_id, flavor.id)
            elif changed('image'):
                server_progress.rebuild(self)
        except sdk_exc.NotFoundException:
            return base.NeedsReplace(server_id)
        except Exception as exc:
            return self.failed(exc)
        if 'resize_to' in self.data or 'rebuild_to' in self.data:
            return base.Pending(server_id)
        return base.Done(server_id)

    def _set_metadata(self):
        cloud = self.cloud
        wanted = self.nova_metadata()
        current = self.call(cloud.compute.fetch_server_metadata, self.physical_id).metadata
        stale = [key for key in current or {} if key not in wanted]
        if stale:
            self.call(cloud.compute.delete_server_metadata, self.physical_id, stale)
        self.call(cloud.compute.set_server_metadata, self.physical_id, **wanted)

    # Delete, suspend, resume, snapshots --------------------------------
    def delete(self):
        try:
            server_software_config.release(self)
        except Exception as exc:
            return base.Failed(f'Keystone: {exc}', physical_id=self.physical_id)
        outcome = self.delete_outcome(self.cloud.compute.delete_server, self.physical_id)
        return self.after_delete() if isinstance(outcome, base.Done) else outcome

    def after_delete(self):
        """Once the server is gone, the ports heat-conv made for it: not
        before, for Neutron lets a member delete no port a server uses."""
        try:
            server_networks.delete_internal_ports(self)
        except Exception as exc:
            return self.failed(exc)
        return base.Done()

    def snapshot_delete(self):
        if not self.physical_id:
            return self.delete()
        try:
            image = self._create_image()
        except sdk_exc.NotFoundException:
            return self.delete()
        except sdk_exc.ConflictException:
            # A server in ERROR cannot be imaged; Heat deletes it all the same.
            return self.delete()
        except Exception as exc:
            return self.failed(exc)
        self.data['delete_snapshot_image_id'] = image.id
        return base.Pending(self.physical_id)

    def snapshot(self):
        try:
            image = self._create_image()
        except Exception as exc:
            return self.failed(exc)
        self.data['snapshot_image_id'] = image.id
        return base.Pending(self.physical_id)

    @classmethod
    def restore_properties(cls, resource_data):
        # Rebuilt (or replaced, by image_update_policy) from its snapshot image.
        image_id = (resource_data or {}).get('snapshot_image_id')
        return {'image': image_id} if image_id else {}

    def delete_snapshot_data(self, resource_data):
        # Glance deletes an image at once (Heat's handle_delete_snapshot).
        image_id = (resource_data or {}).get('snapshot_image_id')
        if not image_id:
            return base.Done()
        try:
            self.call(self.cloud.image.delete_image, image_id, ignore_missing=False)
        except sdk_exc.NotFoundException:
            pass
        except Exception as exc:
            return base.Failed(f'Glance could not delete image {image_id}, the '
                               f'snapshot of server {self.name}: {os_base.describe(exc)}')
        return base.Done()

    def _create_image(self):
        """Nova's createImage; the image carries the server's owner."""
        return self.call(self.cloud.compute.create_server_image, self.physical_id,
                         self.server_name(), metadata=self.ownership())

    def suspend(self):
        return self._power(self.cloud.compute.suspend_server, 'SUSPENDED')

    def resume(self):
        return self._power(self.cloud.compute.resume_server, 'ACTIVE')

    def _power(self, func, wanted):
        if not self.physical_id:
            return base.Failed(f'Cannot act on {self.name}, resource_id not set')
        try:
            self.call(func, self.physical_id)
        except sdk_exc.ConflictException as exc:
            # Already there (a redelivered request) is done; else Nova's refusal.
            try:
                server = self.call(self.cloud.compute.get_server, self.physical_id)
            except Exception:
                return self.failed(exc)
            if server.status == wanted:
                return base.Done(self.physical_id)
            return self.failed(exc)
        except Exception as exc:
            return self.failed(exc)
        return base.Pending(self.physical_id)

    # The observer's side ----------------------------------------------
    @classmethod
    def observe_many(cls, cloud, physical_ids):
        return server_status.observe_many(cloud, physical_ids, retry.call)

    def progress(self, action, cloud_object):
        return server_progress.judge(self, action, cloud_object)

    def _get(self):
        """The server as server_status.compact shows it, None if gone."""
        try:
            return server_status.compact(
                self.call(self.cloud.compute.get_server, self.physical_id))
        except sdk_exc.NotFoundException:
            return None

    def adopt(self):
        try:
            server = self._get()
        except Exception as exc:
            return self.failed(exc)
        if server is None:
            return base.Failed(f'{self.type_name} {self.physical_id} does not exist')
        if 'os_collect_config' in self.data:
            self.data['server_id'] = self.physical_id
        if server['status'] in ('ACTIVE', 'SUSPENDED') and server_status.settled(server):
            return base.Done(self.physical_id)
        return server_progress.judge(self, Action.CREATE, server) or \
            base.Pending(self.physical_id)

    def check(self):
        if not self.physical_id:
            return base.Failed(f'{self.type_name} has no physical object')
        try:
            server = self._get()
        except Exception as exc:
            return self.failed(exc)
        if server is None:
            return base.Failed(f'Server {self.physical_id} was deleted outside heat-conv')
        if server['status'] != 'ACTIVE':
            return base.Failed(f"Server status is {server['status']}, expected ACTIVE")
        return base.Done(self.physical_id)

    def find_orphan(self):
        if self.resource_id is None:
            return None
        try:
            servers = self.call(lambda: list(self.cloud.compute.servers(details=True)))
        except Exception as exc:
            return base.Unknown(os_base.describe(exc))
        for server in servers:
            if self.owner_of(metadata=server.metadata) == (self.stack_id,
                                                           self.resource_id):
                return server.id
        return None

    def drift(self, expected, cloud_object):
        return server_status.drift(self.physical_id, expected, cloud_object)

    def observe_drift(self):
        if not self.physical_id:
            return None
        try:
            server = self._get()
        except Exception as exc:
            LOG.warning('could not look at server %s: %s', self.physical_id, exc)
            return None
        return self.drift(self.stored_properties, server)[0]

    def attributes(self):
        if not self.physical_id:
            return {}
        try:
            return server_addresses.attributes(self)
        except Exception as exc:
            # Attributes are read again when asked; a failed look changes nothing.
            LOG.warning('could not read the attributes of server %s: %s',
                        self.physical_id, exc)
            return dict(self.stored_attributes)

