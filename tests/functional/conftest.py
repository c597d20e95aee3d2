"""One cluster (MariaDB + RabbitMQ, engines, observer, cloud) for the run."""
import pytest

from tests.scenarios import process_driver


@pytest.fixture(scope='session')
def cluster(tmp_path_factory):
    yield from process_driver.running_cluster(tmp_path_factory, 'cluster')


@pytest.fixture
def driver(cluster):
    from heat_conv.db import session as db_session
    db_session.configure(cluster.db_url)
    d = process_driver.ProcessDriver(cluster)
    yield d
    d.close()
