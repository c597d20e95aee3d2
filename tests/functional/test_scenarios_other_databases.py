"""The convergence scenarios on PostgreSQL, and on MariaDB taking MySQL
8.0's path, with two engine processes and RabbitMQ.

The subset of the MariaDB tier that exercises the SQL: every scenario of
the convergence library (creates, updates, replacements, failures,
rollbacks, superseding updates, nested stacks) runs each write and read of
a traversal on real engine processes, and the lifecycle scenarios those of
snapshots, suspend/resume and abandon/adopt. The rest of the MariaDB tier runs
on MariaDB only (test_scenarios_multiprocess.py and its neighbours); the
query layer's own tests (tests/unit/db) run on every database.
"""
import pytest

from tests.scenarios import library as scenarios
from tests.scenarios import lifecycle_library as lifecycle
from tests.scenarios import nested_library as nested
from tests.scenarios import process_driver

DATABASES = ['postgresql', 'mariadb-as-mysql']


@pytest.fixture(scope='module', params=DATABASES)
def other_cluster(request, tmp_path_factory):
    yield from process_driver.running_cluster(
        tmp_path_factory, request.param.replace('-', '_'), database=request.param)


@pytest.fixture
def other_driver(other_cluster):
    yield from process_driver.driving(other_cluster)


@pytest.mark.parametrize('scenario', scenarios.ALL + nested.ALL, ids=lambda s: s.__name__)
def test_scenario(scenario, other_driver):
    scenario(other_driver)


# MySQL's path differs from MariaDB's in a traversal's store only: the
# lifecycle's own tables need no second run on MariaDB.
@pytest.mark.parametrize('other_cluster', ['postgresql'], indirect=True)
@pytest.mark.parametrize('scenario', lifecycle.ALL, ids=lambda s: s.__name__)
def test_lifecycle_scenario(scenario, other_driver):
    """Suspend/resume, snapshot/restore, abandon/adopt: their own tables."""
    scenario(other_driver)
