"""One cluster (MariaDB + RabbitMQ, engines, observer, cloud) for the run."""
import pytest

from tests import services
from tests.scenarios import process_driver


@pytest.fixture(scope='session')
def cluster(tmp_path_factory):
    from heat_conv.db import migration
    from heat_conv.db import session as db_session

    url, drop = services.mysql_database()
    rabbit = services.rabbit_url()
    engine = db_session.configure(url)
    migration.upgrade(engine)
    c = process_driver.Cluster(url, rabbit, str(tmp_path_factory.mktemp('cluster')))
    c.db_url = url
    yield c
    c.close()
    engine.dispose()
    drop()


@pytest.fixture
def driver(cluster):
    from heat_conv.db import session as db_session
    db_session.configure(cluster.db_url)
    d = process_driver.ProcessDriver(cluster)
    yield d
    d.close()
