"""A flavor or image named in a template is looked up once per traversal
in an engine process, however many servers name it."""
import threading

import pytest
from openstack import exceptions as sdk_exc

from heat_conv.common import acting_for
from heat_conv.resources.openstack import lookups


class Found:
    def __init__(self, id):
        self.id = id


class Service:
    """find_flavor / find_image of a compute and an image service that
    count their calls; ``ids`` maps names to ids."""

    def __init__(self, ids):
        self.ids = ids
        self.asked = []

    def _find(self, name, ignore_missing=True):
        self.asked.append(name)
        if name not in self.ids:
            raise sdk_exc.ResourceNotFound(f'No Flavor found for {name}')
        return Found(self.ids[name])

    find_flavor = find_image = _find


class Cloud:
    def __init__(self, ids):
        self.compute = Service(ids)
        self.image = Service(ids)


@pytest.fixture(autouse=True)
def _fresh():
    lookups.forget()
    yield
    lookups.forget()


def _in(traversal_id, work):
    with acting_for.acting_for(1, 1, traversal_id, 'CREATE'):
        return work()


def test_fifty_servers_of_one_traversal_ask_once_for_each_name():
    cloud = Cloud({'m1.tiny': 'f1', 'cirros': 'i1'})
    for _ in range(50):
        assert _in('t1', lambda: lookups.flavor_id(cloud, 'm1.tiny')) == 'f1'
        assert _in('t1', lambda: lookups.image_id(cloud, 'cirros')) == 'i1'
    assert cloud.compute.asked == ['m1.tiny']
    assert cloud.image.asked == ['cirros']


def test_a_later_traversal_looks_again_and_finds_a_replaced_image():
    cloud = Cloud({'cirros': 'i1'})
    assert _in('t1', lambda: lookups.image_id(cloud, 'cirros')) == 'i1'
    cloud.image.ids['cirros'] = 'i2'   # uploaded again under the same name
    assert _in('t2', lambda: lookups.image_id(cloud, 'cirros')) == 'i2'
    assert _in('t1', lambda: lookups.image_id(cloud, 'cirros')) == 'i1'


def test_a_name_that_finds_nothing_is_asked_again_and_outside_an_action_always():
    cloud = Cloud({})
    for _ in range(2):
        with pytest.raises(sdk_exc.ResourceNotFound):
            _in('t1', lambda: lookups.flavor_id(cloud, 'm1.huge'))
    assert cloud.compute.asked == ['m1.huge', 'm1.huge']
    cloud.compute.ids['m1.huge'] = 'f9'
    assert _in('t1', lambda: lookups.flavor_id(cloud, 'm1.huge')) == 'f9'
    lookups.flavor_id(cloud, 'm1.huge')
    lookups.flavor_id(cloud, 'm1.huge')
    assert cloud.compute.asked == ['m1.huge'] * 5


def test_steps_asking_at_once_wait_for_one_answer():
    # The eight steps of a batch run side by side and ask together.
    started = threading.Event()
    release = threading.Event()
    asked = []

    def slow_find():
        asked.append(1)
        started.set()
        release.wait(5)
        return 'net-shown'
    answers = []
    threads = [threading.Thread(target=lambda: answers.append(_in(
        't1', lambda: lookups.once_per_traversal('network shown', 'n1', slow_find))))
        for _ in range(8)]
    for thread in threads:
        thread.start()
    assert started.wait(5)
    release.set()
    for thread in threads:
        thread.join(5)
    assert answers == ['net-shown'] * 8
    assert asked == [1]
