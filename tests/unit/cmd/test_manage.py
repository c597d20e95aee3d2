"""heat-conv-manage: oslo.config options before or after the command."""
import datetime
import subprocess
import sys

import pytest

from heat_conv.cmd import manage
from heat_conv.db import migration

HEAD = migration.head_revision()


@pytest.mark.parametrize('argv, expected', [
    (['--config-file', 'F', 'db', 'sync'], ['--config-file', 'F', 'db', 'sync']),
    (['db', 'sync', '--config-file', 'F'], ['--config-file', 'F', 'db', 'sync']),
    (['db', 'sync', '--', '--config-file', 'F'], ['--config-file', 'F', 'db', 'sync']),
    (['--debug', 'db', 'version', '--config-file=F', '--config-dir', 'D'],
     ['--debug', '--config-file=F', '--config-dir', 'D', 'db', 'version']),
    (['db', '--help'], ['db', '--help']),
    # heat-manage's purge_deleted, as Heat's functional tests run it (the
    # runner appends the configuration).
    (['purge_deleted', '0', '--config-file', 'F'],
     ['--config-file', 'F', 'purge_deleted', '0']),
    (['--debug', 'purge_deleted', '-g', 'hours', '--config-file=F', '-p', 'P', '-b', '5',
      '--use-journal', '3'],
     ['--debug', '--config-file=F', '--use-journal', 'purge_deleted', '-g', 'hours',
      '-p', 'P', '-b', '5', '3']),
    (['purge_deleted', '--granularity=minutes', '--config-dir', 'D', '-1'],
     ['--config-dir', 'D', 'purge_deleted', '--granularity=minutes', '-1']),
    (['reset_stack_status', 'S', '--config-file', 'F'],
     ['--config-file', 'F', 'reset_stack_status', 'S']),
    (['service', 'clean', '--config-file', 'F'], ['--config-file', 'F', 'service', 'clean']),
    (['import-heat', '--heat-connection', 'U', '--config-file', 'F', '--dry-run',
      '--project=P', '--auth-encryption-key', 'K'],
     ['--config-file', 'F', 'import-heat', '--heat-connection', 'U', '--dry-run',
      '--project=P', '--auth-encryption-key', 'K']),
])
def test_command_words_go_behind_the_options(argv, expected):
    assert manage.options_first(argv) == expected


def _manage(*args):
    return subprocess.run([sys.executable, '-m', 'heat_conv.cmd.manage', *args],
                          capture_output=True, text=True, timeout=120)


@pytest.fixture
def conf_file(tmp_path):
    conf = tmp_path / 'heat_conv.conf'
    conf.write_text(f'[DEFAULT]\nstate_path = {tmp_path}\n')
    return str(conf)


def test_config_file_before_the_command_as_devstack_runs_it(conf_file, tmp_path):
    result = _manage('--config-file', conf_file, 'db', 'sync')
    assert result.returncode == 0, result.stderr
    assert f'database schema at revision {HEAD} (was empty)' in result.stdout
    assert (tmp_path / 'heat_conv.sqlite').exists()


def test_config_file_after_the_command(conf_file):
    check = _manage('db', 'check', '--config-file', conf_file)
    assert check.returncode == 1, check.stderr
    assert 'run "heat-conv-manage db sync"' in check.stdout
    assert _manage('db', 'upgrade', '--config-file', conf_file).returncode == 0
    version = _manage('db', 'version', f'--config-file={conf_file}')
    assert version.stdout.strip() == HEAD, version.stderr
    check = _manage('db', 'check', '--config-file', conf_file)
    assert check.returncode == 0 and 'the latest' in check.stdout
    again = _manage('db', 'sync', '--config-file', conf_file)
    assert f'at revision {HEAD}: already the latest' in again.stdout


def test_unknown_command_is_refused_with_the_choices():
    result = _manage('db', 'migrate')
    assert result.returncode == 2
    assert "invalid choice: 'migrate'" in result.stderr and "'sync'" in result.stderr


def test_unreachable_database_is_one_line_not_a_traceback(tmp_path):
    conf = tmp_path / 'heat_conv.conf'
    conf.write_text(f'[DEFAULT]\nstate_path = {tmp_path}\n'
                    '[database]\nconnection = mysql+pymysql://root@127.0.0.1:1/none\n'
                    'max_retries = 0\n')
    result = _manage('--config-file', str(conf), 'db', 'sync')
    assert result.returncode == 1
    assert "cannot connect to the database of [database] connection" in result.stderr
    assert "Can't connect to MySQL server" in result.stderr
    assert 'Traceback' not in result.stderr


@pytest.mark.parametrize('url_fixture', ['mysql_url', 'pg_url'])
def test_db_sync_on_a_server(url_fixture, tmp_path, request):
    url = request.getfixturevalue(url_fixture)
    conf = tmp_path / 'heat_conv.conf'
    conf.write_text(f'[DEFAULT]\nstate_path = {tmp_path}\n[database]\nconnection = {url}\n')
    result = _manage('--config-file', str(conf), 'db', 'sync')
    assert result.returncode == 0, result.stderr
    assert _manage('db', 'version', '--config-file', str(conf)).stdout.strip() == HEAD


def test_purge_deleted_removes_deleted_stacks(tmp_path):
    from heat_conv.db import api as db_api
    from heat_conv.db import session as db_session
    url = 'sqlite:///' + str(tmp_path / 'heat_conv.sqlite')
    engine = db_session.configure(url)
    migration.upgrade(engine)
    gone = db_api.stack_create({'name': 'gone', 'tenant': 't', 'action': 'DELETE',
                                'status': 'COMPLETE', 'deleted_at': datetime.datetime(2020, 1, 1)})
    kept = db_api.stack_create({'name': 'kept', 'tenant': 't', 'action': 'CREATE',
                                'status': 'COMPLETE'})
    engine.dispose()
    conf = tmp_path / 'heat_conv.conf'
    conf.write_text(f'[DEFAULT]\nstate_path = {tmp_path}\n')
    result = _manage('purge_deleted', '-g', 'days', '30', '--config-file', str(conf))
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith('purged 1 stack(s) deleted before ')
    ids = {s.id for s in db_api.stack_list(show_deleted=True)}
    assert ids == {kept.id} and gone.id not in ids


@pytest.mark.parametrize('args, message', [
    (['--', '-1'], 'AGE must not be negative'),
    (['-b', '0'], 'batch size must be at least 1'),
])
def test_purge_deleted_refuses_nonsense(conf_file, args, message):
    assert _manage('db', 'sync', '--config-file', conf_file).returncode == 0
    result = _manage('--config-file', conf_file, 'purge_deleted', *args)
    assert result.returncode == 1 and message in result.stderr, result.stderr


# heat-conv-manage with the server's version string faked: MariaDB answers,
# and says it is MySQL 5.7 (what devstack on an old Ubuntu would have).
_AS_MYSQL_57 = ('import sys; from heat_conv import cmd; cmd.prepare(); '
                'from heat_conv.db import servers; '
                'servers.version_text = lambda conn: "5.7.44"; '
                'servers.kind_of = lambda dialect: "MySQL"; '
                'from heat_conv.cmd import manage; sys.exit(manage.main(sys.argv[1:]))')


def test_db_sync_refuses_an_unsupported_server_in_one_line(mysql_url, tmp_path):
    import sqlalchemy as sa
    conf = tmp_path / 'heat_conv.conf'
    conf.write_text(f'[DEFAULT]\nstate_path = {tmp_path}\n[database]\nconnection = {mysql_url}\n')
    result = subprocess.run([sys.executable, '-c', _AS_MYSQL_57, '--config-file', str(conf),
                             'db', 'sync'], capture_output=True, text=True, timeout=120)
    assert result.returncode == 1
    assert result.stderr == ('heat-conv-manage: the database server is MySQL 5.7.44; '
                             'heat-conv needs MariaDB 10.6+, MySQL 8.0+, PostgreSQL 15+ '
                             'or SQLite 3.35+\n')
    engine = sa.create_engine(mysql_url)
    try:
        assert sa.inspect(engine).get_table_names() == []   # nothing was migrated
    finally:
        engine.dispose()


def test_import_heat_dry_run_then_import(tmp_path, conf_file):
    from tests.unit.heat_import import heat_fixture
    heat_url = 'sqlite:///' + str(tmp_path / 'heat.sqlite')
    heat = heat_fixture.HeatDB(heat_url)
    template = heat.template({'heat_template_version': '2021-04-16', 'resources': {
        'r': {'type': 'OS::Heat::None'}}})
    stack_id = heat.stack('plain', template, trust_id='t')
    heat.resource(stack_id, 'r', template, physical_id='p')
    busy = heat.stack('busy', template, status='IN_PROGRESS', action='UPDATE')
    heat.resource(busy, 'r', template, physical_id='q')
    assert _manage('--config-file', conf_file, 'db', 'sync').returncode == 0
    args = ['import-heat', '--heat-connection', heat_url, '--config-file', conf_file]
    dry = _manage(*args, '--dry-run')
    assert dry.returncode == 2, dry.stderr
    assert f'would import: plain ({stack_id}, project project-1; 1 stack(s), ' \
        '1 resource(s))' in dry.stdout
    assert 'left to Heat: busy' in dry.stdout
    assert '    - stack busy is UPDATE_IN_PROGRESS: Heat is still acting on it' \
        in dry.stdout
    assert '1 would import, 0 already imported, 1 left to Heat (dry run' in dry.stdout
    done = _manage(*args)
    assert f'imported: plain ({stack_id}' in done.stdout, done.stderr
    again = _manage(*args)
    assert 'already imported: plain' in again.stdout
    assert '0 imported, 1 already imported, 1 left to Heat' in again.stdout


def test_import_heat_from_an_unreachable_database_is_one_line(conf_file):
    assert _manage('--config-file', conf_file, 'db', 'sync').returncode == 0
    done = _manage('import-heat', '--heat-connection',
                   'mysql+pymysql://nobody@127.0.0.1:1/heat', '--config-file', conf_file)
    assert done.returncode == 1
    assert done.stderr.strip().startswith("heat-conv-manage: cannot read Heat's database")
