from heat_conv import cmd

cmd.prepare()   # before anything imports oslo.messaging

import pytest  # noqa: E402

# Scenario assertions live in helper modules; let pytest explain them.
pytest.register_assert_rewrite('tests.scenarios')

from heat_conv.common import config  # noqa: E402
from heat_conv.common import metrics_server  # noqa: E402,F401 (its options)
from heat_conv.common import timeutils  # noqa: E402
from heat_conv.db import migration  # noqa: E402
from heat_conv.db import servers as db_servers  # noqa: E402,F401 (its option)
from heat_conv.db import session as db_session  # noqa: E402
from heat_conv.engine import features  # noqa: E402,F401 (as every engine process)
from heat_conv.engine.lifecycle import lifecycle_options  # noqa: E402,F401 (its options)
from tests import services  # noqa: E402
from tests import stack_list_endpoint  # noqa: E402
from tests import template_server as template_server_mod  # noqa: E402

config.set_lib_defaults()
config.CONF([], project='heat_conv', default_config_files=[])
# Heat's preview features, on as in Heat's gate; tests of the default
# (off) clear these overrides.
config.CONF.set_override('enable_stack_abandon', True)
config.CONF.set_override('enable_stack_adopt', True)
# No test process serves metrics on the default ports (others' runs, or a
# developer's heat-conv, may hold them); the metrics tests serve on port 0.
config.CONF.set_override('enabled', False, group='metrics')


@pytest.fixture
def fake_clock():
    clock = timeutils.FakeClock()
    previous = timeutils.set_clock(clock)
    yield clock
    timeutils.set_clock(previous)


@pytest.fixture
def stack_list_server():
    """A stand-in Heat endpoint (tests/stack_list_endpoint.py)."""
    server = stack_list_endpoint.StackListEndpoint()
    yield server
    server.close()


@pytest.fixture
def template_server():
    """Templates at http URLs (tests/template_server.py)."""
    server = template_server_mod.TemplateServer()
    yield server
    server.close()


@pytest.fixture
def sqlite_url(tmp_path):
    return 'sqlite:///' + str(tmp_path / 'heat_conv.sqlite')


def _fresh(make):
    url, drop = make()
    yield url
    drop()


def _migrated(url):
    """The database at ``url``, migrated and installed as the process's."""
    engine = db_session.configure(url)
    migration.upgrade(engine)
    yield engine
    engine.dispose()


@pytest.fixture
def mysql_url():
    yield from _fresh(services.mysql_database)


@pytest.fixture
def pg_url():
    yield from _fresh(services.postgres_database)


@pytest.fixture
def db(sqlite_url):
    """A migrated SQLite database installed as the process's database."""
    yield from _migrated(sqlite_url)


@pytest.fixture
def mysql_db(mysql_url):
    yield from _migrated(mysql_url)


@pytest.fixture
def mariadb_as_mysql_db(mysql_db):
    """MariaDB taking MySQL 8.0's path: without the SQL only MariaDB has
    (heat_conv.db.servers); how the MySQL path is tested."""
    config.CONF.set_override('mariadb_extensions', False, group='database')
    yield mysql_db
    config.CONF.clear_override('mariadb_extensions', group='database')


@pytest.fixture
def pg_db(pg_url):
    yield from _migrated(pg_url)



def pytest_xdist_make_scheduler(config, log):
    """tools/run-tests spreads the tests over pytest-xdist workers by unit:
    a test module runs in one worker, so its module fixtures (a cluster of
    engine processes, a database) start once; the fault tier keeps its
    network namespaces and their cluster to one worker. The real-cloud tier
    is two units, each run in order in one worker, so the mini-cloud serves
    at most two tests at once: its end-to-end modules (tests/realcloud/*.py
    and Horizon's), which all reach heat-conv through the catalog's one
    orchestration endpoint, and the plugin-level modules of its
    subdirectories (each asks the cloud only about the ids it made)."""
    from xdist.scheduler import LoadScopeScheduling

    class ByUnit(LoadScopeScheduling):
        def _split_scope(self, nodeid):
            path = nodeid.split('::', 1)[0]
            parts = path.split('/')
            if len(parts) > 2 and parts[1] == 'chaos':
                return parts[1]
            if len(parts) > 2 and parts[1] == 'realcloud':
                if len(parts) == 3 or parts[2] == 'horizon':
                    return 'realcloud'
                return 'realcloud-plugins'
            return path

    return ByUnit(config, log)
