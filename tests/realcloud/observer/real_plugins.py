"""Tiny real-cloud plugins on the observer contract (a Neutron port, a
Cinder volume, a Nova server), standing in for the real plugins while those are written:
the observer tests need only create, delete, observe_many, progress and
the observed properties.
"""
from heat_conv.common.status import Action
from heat_conv.plugin_interface import base
from heat_conv.plugin_interface.properties import Property
from heat_conv.resources.openstack import base as openstack_base


class _Injected(openstack_base.OpenStackResource):
    # The connection the engine's side uses (the test's demo connection),
    # until heat_conv.clients.connections gives one per stack's trust.
    connection = None

    @property
    def cloud(self):
        if self._cloud is None:
            self._cloud = self.connection
        return self._cloud


class Port(_Injected):
    type_name = 'Test::Real::Port'
    service_type = 'network'
    service_name = 'Neutron'
    properties_schema = {'network': Property('string', required=True),
                         'name': Property('string', update_allowed=True)}

    def create(self):
        try:
            port = self.call(self.cloud.network.create_port,
                             network_id=self.properties['network'],
                             name=self.properties.get('name') or self.name)
            self.call(self.cloud.network.set_tags, port, self.ownership_tags())
        except Exception as exc:
            return self.failed(exc)
        return base.Pending(port.id)

    def update(self, old_properties):
        try:
            self.call(self.cloud.network.update_port, self.physical_id,
                      name=self.properties.get('name') or self.name)
        except Exception as exc:
            return self.failed(exc)
        return base.Done(self.physical_id)

    def delete(self):
        return self.delete_outcome(self.cloud.network.delete_port, self.physical_id,
                                   ignore_missing=False)

    @classmethod
    def observe_many(cls, cloud, physical_ids):
        found = {port.id: port for port in cloud.network.ports(id=list(physical_ids))}
        return {pid: found.get(pid) for pid in physical_ids}

    def progress(self, action, cloud_object):
        if action == Action.DELETE:
            return base.Done() if cloud_object is None else None
        if cloud_object is None:
            return base.Failed(f'port {self.physical_id} disappeared')
        return base.Done(self.physical_id)   # a port is whole once made

    def observed_properties(self, cloud_object):
        return {'name': cloud_object.name}


class Volume(_Injected):
    type_name = 'Test::Real::Volume'
    service_type = 'block-storage'
    service_name = 'Cinder'
    properties_schema = {'size': Property('integer', default=1),
                         'name': Property('string', update_allowed=True)}

    def create(self):
        try:
            volume = self.call(self.cloud.block_storage.create_volume,
                               size=self.properties['size'],
                               name=self.properties.get('name') or self.name,
                               metadata=self.ownership())
        except Exception as exc:
            return self.failed(exc)
        return base.Pending(volume.id)

    def update(self, old_properties):
        try:
            self.call(self.cloud.block_storage.update_volume, self.physical_id,
                      name=self.properties.get('name') or self.name)
        except Exception as exc:
            return self.failed(exc)
        return base.Done(self.physical_id)

    def delete(self):
        return self.delete_outcome(self.cloud.block_storage.delete_volume,
                                   self.physical_id, ignore_missing=False)

    @classmethod
    def observe_many(cls, cloud, physical_ids):
        # Cinder filters a list by id only where its resource_filters allow;
        # one list of the project's volumes serves every id.
        wanted = set(physical_ids)
        found = {v.id: v for v in cloud.block_storage.volumes(details=True)
                 if v.id in wanted}
        return {pid: found.get(pid) for pid in physical_ids}

    def progress(self, action, cloud_object):
        if action == Action.DELETE:
            return base.Done() if cloud_object is None else (
                self._error(cloud_object) if cloud_object.status == 'error_deleting'
                else None)
        if cloud_object is None:
            return base.Failed(f'volume {self.physical_id} disappeared')
        if cloud_object.status == 'available':
            return base.Done(self.physical_id)
        if cloud_object.status.startswith('error'):
            return self._error(cloud_object)
        return None

    def _error(self, volume):
        return base.Failed(f'Cinder volume {volume.id} went to status {volume.status}',
                           physical_id=self.physical_id)

    def observed_properties(self, cloud_object):
        return {'name': cloud_object.name, 'size': cloud_object.size}




class Server(_Injected):
    type_name = 'Test::Real::Server'
    service_type = 'compute'
    service_name = 'Nova'
    properties_schema = {'flavor': Property('string', required=True),
                         'image': Property('string', required=True)}

    def create(self):
        try:
            server = self.call(self.cloud.compute.create_server, name=self.name,
                               flavor_id=self.properties['flavor'],
                               image_id=self.properties['image'], networks='none',
                               metadata=self.ownership())
        except Exception as exc:
            return self.failed(exc)
        return base.Pending(server.id)

    def delete(self):
        return self.delete_outcome(self.cloud.compute.delete_server, self.physical_id,
                                   ignore_missing=False)

    @classmethod
    def observe_many(cls, cloud, physical_ids):
        wanted = set(physical_ids)
        found = {s.id: s for s in cloud.compute.servers(details=True) if s.id in wanted}
        return {pid: found.get(pid) for pid in physical_ids}

    def progress(self, action, cloud_object):
        if action == Action.DELETE and cloud_object is None:
            return base.Done()
        if cloud_object is None:
            return base.Failed(f'server {self.physical_id} disappeared')
        if cloud_object.status == 'ACTIVE' and action != Action.DELETE:
            return base.Done(self.physical_id)
        if cloud_object.status == 'ERROR':
            fault = (cloud_object.fault or {}).get('message', 'no fault given')
            return base.Failed(f'Nova server {cloud_object.id} went to ERROR: {fault}',
                               physical_id=self.physical_id)
        return None


def resource_mapping():
    return {cls.type_name: cls for cls in (Port, Volume, Server)}
