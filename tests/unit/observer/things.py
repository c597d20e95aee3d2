"""A tiny real-cloud plugin and an in-memory service behind it, so the
observer's grouping can be tested through the plugin interface.

The service keeps "things" per project and counts its list calls; a
connection acts in one project, as a trust's does. A thing builds in
``build_secs`` of the fake clock.
"""
import uuid

from openstack import exceptions as sdk_exc

from heat_conv.common import timeutils
from heat_conv.common.status import Action
from heat_conv.plugin_interface import base
from heat_conv.plugin_interface.properties import Property
from heat_conv.resources.openstack import base as openstack_base


class ThingService:
    def __init__(self, build_secs=0):
        self.build_secs = build_secs
        self.things = {}        # id -> {'id', 'name', 'project', 'ready_at'}
        self.list_calls = []    # (project, ids asked)
        self.failing = set()    # projects whose calls fail

    def connection_for(self, stack_id):
        from heat_conv.db import api as db_api
        project = db_api.stacks_projects([stack_id])[stack_id]
        return ThingConnection(self, project)

    def show(self, thing):
        status = 'ACTIVE' if timeutils.now() >= thing['ready_at'] else 'BUILD'
        return dict(thing, status=status)


class ThingConnection:
    def __init__(self, service, project):
        self.service = service
        self.project = project

    def create_thing(self, name):
        thing = {'id': str(uuid.uuid4()), 'name': name, 'project': self.project,
                 'ready_at': timeutils.now() + self.service.build_secs}
        self.service.things[thing['id']] = thing
        return self.service.show(thing)

    def update_thing(self, thing_id, name):
        self.service.things[thing_id]['name'] = name

    def delete_thing(self, thing_id):
        if thing_id not in self.service.things:
            raise sdk_exc.NotFoundException(message='no such thing')
        del self.service.things[thing_id]

    def things(self, ids):
        self.service.list_calls.append((self.project, tuple(ids)))
        if self.project in self.service.failing:
            raise sdk_exc.SDKException('thing service unavailable')
        return [self.service.show(t) for t in self.service.things.values()
                if t['id'] in ids and t['project'] == self.project]


class Thing(openstack_base.OpenStackResource):
    type_name = 'Test::Thing'
    service_type = 'thing'
    service_name = 'Things'
    properties_schema = {'name': Property('string', update_allowed=True)}
    # Set by the tests: the service the engine's side of the plugin uses.
    service = None

    @property
    def cloud(self):
        if self._cloud is None:
            self._cloud = self.service.connection_for(self.stack_id)
        return self._cloud

    def create(self):
        thing = self.cloud.create_thing(self.properties.get('name') or self.name)
        return base.Pending(thing['id'])

    def update(self, old_properties):
        self.cloud.update_thing(self.physical_id, self.properties.get('name'))
        return base.Done(self.physical_id)

    def delete(self):
        return self.delete_outcome(self.cloud.delete_thing, self.physical_id)

    @classmethod
    def observe_many(cls, cloud, physical_ids):
        found = {t['id']: t for t in cloud.things(physical_ids)}
        return {pid: found.get(pid) for pid in physical_ids}

    def progress(self, action, cloud_object):
        if action == Action.DELETE:
            return base.Done() if cloud_object is None else None
        if cloud_object is None:
            return base.Failed(f'thing {self.physical_id} disappeared')
        return base.Done(self.physical_id) if cloud_object['status'] == 'ACTIVE' else None

    def observed_properties(self, cloud_object):
        return {'name': cloud_object['name']}


class OtherThing(Thing):
    """Another kind of object of the same service: a group of its own."""
    type_name = 'Test::OtherThing'


def thing(name=None, depends_on=None):
    body = {'type': 'Test::Thing', 'properties': {'name': name} if name else {}}
    if depends_on:
        body['depends_on'] = depends_on
    return body

