"""The convergence scenarios again, on MariaDB + RabbitMQ with two engines."""
import pytest

from tests import services
from tests.convergence import process_driver
from tests.convergence import scenarios


@pytest.fixture(scope='module')
def cluster(tmp_path_factory):
    from heat_conv.db import migration
    from heat_conv.db import session as db_session

    url, drop = services.mysql_database()
    rabbit = services.rabbit_url()
    engine = db_session.configure(url)
    migration.upgrade(engine)
    c = process_driver.Cluster(url, rabbit, str(tmp_path_factory.mktemp('cluster')))
    yield c
    c.close()
    engine.dispose()
    drop()


@pytest.fixture
def driver(cluster):
    from heat_conv.db import session as db_session
    db_session.configure(cluster_db_url(cluster))
    d = process_driver.ProcessDriver(cluster)
    yield d
    d.close()


def cluster_db_url(cluster):
    with open(cluster.conf_file) as f:
        for line in f:
            if line.startswith('connection = '):
                return line.split(' = ', 1)[1].strip()


@pytest.mark.parametrize('scenario', scenarios.ALL, ids=lambda s: s.__name__)
def test_scenario(scenario, driver):
    scenario(driver)
