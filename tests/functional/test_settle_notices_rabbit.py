"""The production layout on RabbitMQ (a cloud, an engine and an observer
process each): an object that settles completes its resource within a
moment, though the observer polls once a minute. The cloud process
publishes ``object.settle.end`` on the broker and the observer's listener
takes it."""
import time

import pytest

from heat_conv.common import timeutils
from tests.scenarios import process_driver
from tests.scenarios.library import res
from tests.scenarios.library import tmpl

POLL_SECS = 60


@pytest.fixture(scope='module')
def cluster(tmp_path_factory):
    yield from process_driver.running_cluster(tmp_path_factory, 'settle', engines=1,
                                              poll_interval=POLL_SECS)


@pytest.fixture
def driver(cluster):
    yield from process_driver.driving(cluster)


def test_settled_objects_complete_their_resources_long_before_the_poll(driver):
    # The observer's first poll comes as it starts; then not for a minute.
    time.sleep(1)
    driver.create(tmpl({f'R{i}': res(f'v{i}', wait=1) for i in range(5)}))
    started = time.monotonic()
    driver.run_until(lambda: driver.stack_status() != 'CREATE_IN_PROGRESS',
                     'the create', timeout=POLL_SECS / 2)
    took = time.monotonic() - started
    assert driver.stack_status() == 'CREATE_COMPLETE'
    assert took < POLL_SECS / 4, f'the create took {took:.1f} s'
    rows = driver.resources()
    objects = {o['metadata']['resource_name']: o for o in driver.objects()}
    for name, row in rows.items():
        # Recorded as the cloud said, and the row ended after it.
        assert row.settled_at is not None, name
        said = timeutils.from_epoch(objects[name]['settled_at'])
        assert abs((row.settled_at - said).total_seconds()) < 0.001, name
        assert row.updated_at >= row.settled_at
