"""heat-conv-status upgrade check: what each check answers for the
deployment states an operator meets during an upgrade."""
import subprocess
import sys

import pytest
import sqlalchemy as sa
from oslo_upgradecheck import upgradecheck

from heat_conv.cmd import upgrade_checks
from heat_conv.common import config
from heat_conv.db import api as db_api
from heat_conv.db import session as db_session

Code = upgradecheck.Code


@pytest.fixture
def checks(fake_clock):
    # fake_clock puts back the clock the checks make follow the database's.
    yield upgrade_checks.Checks()
    config.CONF.clear_override('engine', group='upgrade_levels')


def _pin(value):
    config.CONF.set_override('engine', value, group='upgrade_levels')


def _engine(sid, version):
    db_api.service_heartbeat(sid, 'host-' + sid, 'heat-conv-engine', 'heat-conv-engine', 2,
                             rpc_version=version)


def test_an_unmigrated_database_fails_and_the_others_wait(checks, sqlite_url):
    db_session.configure(sqlite_url)
    schema = checks._database_schema()
    assert schema.code == Code.FAILURE and 'run "heat-conv-manage db sync"' in schema.details
    assert checks._engine_versions().code == Code.WARNING
    assert checks._database_server().code == Code.SUCCESS


def test_the_latest_schema_on_a_supported_server(checks, db):
    assert checks._database_schema().code == Code.SUCCESS
    server = checks._database_server()
    assert server.code == Code.SUCCESS and server.details.startswith('SQLite 3.')


def test_an_older_engine_without_a_pin_fails_saying_which_pin(checks, db):
    _engine('old', '1.8')
    _engine('new', '1.10')
    result = checks._engine_versions()
    assert result.code == Code.FAILURE
    assert 'old on host-old (1.8)' in result.details and 'new on' not in result.details
    assert 'set [upgrade_levels] engine = 1.8' in result.details


@pytest.mark.parametrize('pin', ['1.8', 'auto'])
def test_pinned_at_the_oldest_engine_passes(checks, db, pin):
    _engine('old', '1.8')
    _engine('new', '1.10')
    _pin(pin)
    result = checks._engine_versions()
    assert (result.code, result.details) == (
        Code.SUCCESS, '2 live engine(s); casts go at RPC 1.8 or below.')


def test_a_pin_left_after_the_upgrade_is_a_warning(checks, db):
    _engine('new', '1.10')
    _pin('1.8')
    result = checks._engine_versions()
    assert result.code == Code.WARNING and 'remove the pin' in result.details


def test_a_pin_below_what_this_release_speaks_fails(checks, db):
    _pin('1.2')
    assert checks._engine_versions().code == Code.FAILURE


def test_a_dead_engine_no_longer_counts_and_is_reported(checks, db, fake_clock):
    _engine('old', '1.8')
    fake_clock.advance(60)
    _engine('new', '1.10')
    assert checks._engine_versions().code == Code.SUCCESS
    dead = checks._dead_services()
    assert dead.code == Code.WARNING
    assert 'heat-conv-engine old on host-old' in dead.details
    assert '"heat-conv-manage service clean"' in dead.details


def test_the_command_exits_with_the_worst_result(tmp_path):
    conf = tmp_path / 'heat_conv.conf'
    conf.write_text(f'[DEFAULT]\nstate_path = {tmp_path}\n')
    engine = db_session.configure('sqlite:///' + str(tmp_path / 'heat_conv.sqlite'))
    with engine.begin() as conn:   # an empty database: the schema check fails
        conn.execute(sa.text('SELECT 1'))
    result = subprocess.run([sys.executable, '-m', 'heat_conv.cmd.status',
                             '--config-file', str(conf), 'upgrade', 'check', '--json'],
                            capture_output=True, text=True, timeout=120)
    assert result.returncode == 2, result.stderr
    assert '"check": "Database schema"' in result.stdout
    assert '"result": 2' in result.stdout
    engine.dispose()
