"""The cloud's notifications make the observer look at once, at what they
name, and at nothing else; they never decide an outcome themselves."""
import pytest

from heat_conv.common import config
from heat_conv.common import context
from heat_conv.observer import notifications
from heat_conv.observer import reality
from heat_conv.observer import service as observer_service
from tests import resource_types
from tests.scenarios import local_driver
from tests.scenarios.library import res
from tests.scenarios.library import tmpl
from tests.unit.observer import things

CONF = config.CONF

SERVER = '6a2b1c4e-0000-4000-8000-00000000aaaa'
VOLUME = '7c3d2e5f-0000-4000-8000-00000000bbbb'
PORT = '8d4e3f60-0000-4000-8000-00000000cccc'
PROJECT = '5cb61563d06b407aadd3d657dbf83c5e'
USER = 'feee8f440bf14e9f808051fa2ff41784'


def test_the_objects_a_payload_names_are_found_in_every_services_shape():
    # Nova's versioned notifications wrap their fields.
    nova = {'nova_object.name': 'InstanceActionPayload', 'nova_object.namespace': 'nova',
            'nova_object.data': {'uuid': SERVER, 'tenant_id': PROJECT, 'user_id': USER,
                                 'state': 'active', 'task_state': None,
                                 'flavor': {'nova_object.data': {'flavorid': 'm1'}}}}
    assert notifications.ids_named(nova) == {SERVER}
    attach = {'nova_object.data': {'uuid': SERVER, 'volume_id': VOLUME,
                                   'project_id': PROJECT}}
    assert notifications.ids_named(attach) == {SERVER, VOLUME}
    cinder = {'tenant_id': PROJECT, 'user_id': USER, 'volume_id': VOLUME,
              'status': 'available', 'display_name': 'vol'}
    assert notifications.ids_named(cinder) == {VOLUME}
    neutron_update = {'port': {'id': PORT, 'tenant_id': PROJECT, 'status': 'DOWN'}}
    assert notifications.ids_named(neutron_update) == {PORT}
    neutron_delete = {'port_id': PORT, 'port': {'id': PORT}}
    assert notifications.ids_named(neutron_delete) == {PORT}
    glance = {'id': VOLUME, 'owner': PROJECT, 'status': 'active'}
    assert notifications.ids_named(glance) == {VOLUME}
    assert notifications.ids_named('not a payload') == set()


def test_the_simulated_clouds_settle_names_every_object_it_settled():
    payload = {'objects': [
        {'id': SERVER, 'type': 'OS::Heat::TestResource', 'status': 'ACTIVE',
         'settled_at': 1800000000.5},
        {'id': VOLUME, 'type': 'OS::Heat::TestResource', 'status': 'DELETED',
         'settled_at': 1800000000.7}]}
    assert notifications.ids_named(payload) == {SERVER, VOLUME}
    looked = []
    notifications.Endpoint(looked.append).info({}, 'cloud.host', 'object.settle.end',
                                               payload, {})
    assert looked == [{SERVER, VOLUME}]


def test_an_action_that_only_began_wakes_nothing():
    looked = []
    endpoint = notifications.Endpoint(looked.append)
    endpoint.info({}, 'volume.host', 'volume.create.start', {'volume_id': VOLUME}, {})
    assert looked == []
    endpoint.info({}, 'volume.host', 'volume.create.end', {'volume_id': VOLUME}, {})
    endpoint.error({}, 'nova-compute:host', 'instance.create.error',
                   {'nova_object.data': {'uuid': SERVER}}, {})
    assert looked == [{VOLUME}, {SERVER}]


def test_an_instance_whose_task_goes_on_wakes_nothing():
    looked = []
    endpoint = notifications.Endpoint(looked.append)
    for task_state in ('scheduling', 'networking', 'spawning'):
        endpoint.info({}, 'nova-compute:host', 'instance.update', {'nova_object.data': {
            'uuid': SERVER, 'state': 'building', 'task_state': task_state}}, {})
    endpoint.info({}, 'nova-api:host', 'instance.update', {'nova_object.data': {
        'uuid': SERVER, 'state': 'building', 'task_state': None}}, {})
    assert looked == []
    endpoint.info({}, 'nova-compute:host', 'instance.update', {'nova_object.data': {
        'uuid': SERVER, 'state': 'active', 'task_state': None}}, {})
    assert looked == [{SERVER}]


# The observer's side -------------------------------------------------------

@pytest.fixture
def service(monkeypatch):
    svc = things.ThingService(build_secs=30)
    monkeypatch.setattr(things.Thing, 'service', svc)
    resource_types.register(monkeypatch, things.Thing)
    monkeypatch.setattr(reality, 'default_connection_for', svc.connection_for)
    return svc


@pytest.fixture
def driver(db, fake_clock, service):
    CONF.set_override('poll_interval', 1.0, group='observer')
    d = local_driver.LocalDriver(fake_clock)
    d.ctx = context.RequestContext(project_id='p1', user_id='user')
    yield d
    d.close()
    CONF.clear_override('poll_interval', group='observer')


def test_a_notification_brings_a_look_at_its_object_forward(driver, service):
    driver.create(tmpl({'A': things.thing(), 'B': things.thing(),
                        'S': res('s', wait=driver.slow)}))
    driver.run_until(lambda: not driver.queue, 'the creates to start')
    observer = observer_service.Observer(driver.cloud)
    woken = []
    observer.wake = lambda: woken.append(True)
    observer.run_pass()   # a poll: everything still builds
    service.list_calls.clear()
    driver.clock.advance(0.5)
    a_id = driver.resources()['A'].physical_resource_id
    service.things[a_id]['ready_at'] = 0   # A is built, and the service says so
    observer.look_now({a_id})
    assert woken == [True]
    observer.run_pass()
    assert service.list_calls == [('p1', (a_id,))]
    assert [m for m, _, _ in driver.queue] == ['action_complete']
    # The poll keeps its time: the rest of its interval.
    assert observer.pause() == pytest.approx(0.5)
    driver.run_until(lambda: not driver.queue, 'A to complete')
    assert driver.resources()['A'].status == 'COMPLETE'
    assert driver.resources()['B'].status == 'IN_PROGRESS'


def test_a_notification_for_a_building_object_decides_nothing(driver, service):
    driver.create(tmpl({'A': things.thing()}))
    driver.run_until(lambda: not driver.queue, 'the create to start')
    observer = observer_service.Observer(driver.cloud)
    observer.run_pass()
    service.list_calls.clear()
    driver.clock.advance(0.5)
    observer.look_now({driver.resources()['A'].physical_resource_id})
    observer.run_pass()
    assert len(service.list_calls) == 1, 'looked, once'
    assert not driver.queue, 'the service still shows it building: no report'


def test_when_the_poll_is_due_a_woken_pass_polls_everything(driver, service):
    driver.create(tmpl({'A': things.thing(), 'B': things.thing()}))
    driver.run_until(lambda: not driver.queue, 'the creates to start')
    observer = observer_service.Observer(driver.cloud)
    observer.run_pass()
    driver.clock.advance(driver.slow)
    observer.look_now({driver.resources()['A'].physical_resource_id})
    observer.run_pass()
    assert len(service.list_calls[-1][1]) == 2
    assert len([m for m, _, _ in driver.queue]) == 2


def test_while_notifications_are_heard_polling_is_the_fallback(driver, service):
    driver.create(tmpl({'A': things.thing(), 'B': things.thing()}))
    driver.run_until(lambda: not driver.queue, 'the creates to start')
    observer = observer_service.Observer(driver.cloud)
    observer.listening = True
    driver.clock.advance(driver.slow)
    observer.run_pass()   # both ended: no settling passes, the fallback's pause
    assert len(driver.queue) == 2
    assert observer.pause() == CONF.observer.notified_poll_interval
    observer.listening = False
    observer.run_pass()
    assert observer.pause() == CONF.observer.poll_interval
