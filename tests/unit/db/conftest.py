"""Query tests run on SQLite and again on MariaDB, which checks the
foreign keys SQLite lets pass."""
import pytest

from tests.scenarios import local_driver


@pytest.fixture(params=['sqlite', 'mysql'])
def driver(request, fake_clock):
    request.getfixturevalue('db' if request.param == 'sqlite' else 'mysql_db')
    d = local_driver.LocalDriver(fake_clock)
    yield d
    d.close()


@pytest.fixture(params=['db', 'mysql_db'])
def backend(request):
    """The migrated database a query test runs on: SQLite, then MariaDB."""
    return request.getfixturevalue(request.param)
