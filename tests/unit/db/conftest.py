"""Query tests run on SQLite and again on each server heat-conv supports:
MariaDB, MariaDB taking MySQL's path, and PostgreSQL. The servers check
the foreign keys SQLite lets pass."""
import pytest

from tests import services
from tests.scenarios import local_driver

DATABASES = services.DATABASE_FIXTURES


@pytest.fixture(params=DATABASES)
def driver(request, fake_clock):
    request.getfixturevalue(request.param)
    d = local_driver.LocalDriver(fake_clock)
    yield d
    d.close()


@pytest.fixture(params=DATABASES)
def backend(request):
    """The migrated database a query test runs on."""
    return request.getfixturevalue(request.param)
