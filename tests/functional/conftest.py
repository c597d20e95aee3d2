"""One cluster (MariaDB + RabbitMQ, engines, observer, cloud) for the run."""
import pytest

from tests.scenarios import process_driver


@pytest.fixture(scope='session')
def cluster(tmp_path_factory):
    yield from process_driver.running_cluster(tmp_path_factory, 'cluster')


@pytest.fixture
def driver(cluster):
    yield from process_driver.driving(cluster)
