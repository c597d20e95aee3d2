"""devstack/plugin.sh, phase by phase, under stub devstack functions: the
calls it makes and the configuration it writes."""
import os
import subprocess

import pytest
import sqlalchemy as sa

from heat_conv.db import migration
from tests.deploy.devstack import BIN_DIR
from tests.deploy.devstack import PROCESSES
from tests.deploy.devstack import REPO
from tests.deploy.devstack import Devstack

KEYSTONE_CALLS = ('configure_keystone_authtoken_middleware', 'create_service_user',
                  'get_or_create_service', 'get_or_create_endpoint')


def names(calls):
    return [call[0] for call in calls]


# The server, then the client (its own distribution): devstack's openstack
# command gets stack graph and stack drift; then uWSGI, which runs the API.
CLIENT = ('setup_develop', str(REPO / 'client'))
UWSGI = ('pip_install', 'uwsgi')


def test_install_phase_installs_the_checkout(tmp_path):
    assert Devstack(tmp_path).run('stack', 'install') == [('setup_develop', str(REPO)),
                                                          CLIENT, UWSGI]


def test_install_phase_without_uwsgi_installs_no_uwsgi(tmp_path):
    host = Devstack(tmp_path, HEAT_CONV_USE_UWSGI='False')
    assert host.run('stack', 'install') == [('setup_develop', str(REPO)), CLIENT]


def test_install_phase_adds_keystonemiddleware_with_keystone(tmp_path):
    host = Devstack(tmp_path, services=('mysql', 'rabbit', 'key'))
    assert host.run('stack', 'install') == [('setup_develop', str(REPO), 'keystone'),
                                            CLIENT, UWSGI]


@pytest.fixture
def database(mysql_url):
    """A fresh MariaDB database: (name, url)."""
    return sa.engine.make_url(mysql_url).database, mysql_url


def test_post_config_writes_the_config_and_syncs_the_database(tmp_path, database):
    name, url = database
    host = Devstack(tmp_path, HEAT_CONV_DB_NAME=name)
    calls = host.run('stack', 'post-config')

    assert ('recreate_database', name) in calls
    assert ('iniset_rpc_backend', 'heat_conv', str(host.conf_file)) in calls
    assert not set(KEYSTONE_CALLS) & set(names(calls))
    conf = host.config()
    assert conf['DEFAULT']['transport_url'] == 'rabbit://guest:guest@127.0.0.1:5672/'
    assert conf['DEFAULT']['debug'] == 'True'
    assert conf['DEFAULT']['state_path'] == str(host.state_path)
    assert conf['database']['connection'] == (
        f'mysql+pymysql://root:@127.0.0.1:3306/{name}?charset=utf8mb4')
    assert conf['database']['max_pool_size'] == '5'
    assert conf['api']['auth_strategy'] == 'noauth'
    assert (conf['api']['bind_host'], conf['api']['bind_port']) == ('127.0.0.1', '8004')
    assert conf['engine']['workers'] == '2'
    assert conf['cloud']['url'] == 'http://127.0.0.1:8005'
    assert 'keystone_authtoken' not in conf
    assert host.state_path.is_dir()
    # The queues of dead engine workers expire (doc/operations.md).
    assert ('rabbitmqctl', 'set_policy', '--apply-to', 'queues', '--priority', '1',
            'heat-conv-engine-queues', '^heat-conv-engine\\.', '{"expires": 600000}') in calls

    # "db sync" really ran, with the config just written.
    engine = sa.create_engine(url)
    try:
        assert migration.current_revision(engine) == migration.head_revision()
    finally:
        engine.dispose()


def test_post_config_with_keystone_registers_orchestration(tmp_path, database):
    name, _ = database
    # heat-conv-api's own server (no uWSGI): the endpoint is its port.
    host = Devstack(tmp_path, services=('mysql', 'rabbit', 'key'), HEAT_CONV_DB_NAME=name,
                    HEAT_CONV_API_PORT=18004, HEAT_CONV_USE_UWSGI='False')
    calls = host.run('stack', 'post-config')

    assert ('configure_keystone_authtoken_middleware', str(host.conf_file),
            'heat-conv') in calls
    assert ('create_service_user', 'heat-conv') in calls
    service = ('get_or_create_service', 'heat-conv', 'orchestration',
               'Orchestration (heat-conv)')
    endpoint = ('get_or_create_endpoint', 'orchestration', 'RegionOne',
                'http://127.0.0.1:18004/v1/$(project_id)s')
    assert calls.index(service) < calls.index(endpoint)
    assert calls.index(endpoint) < names(calls).index('recreate_database')
    conf = host.config()
    assert conf['api']['auth_strategy'] == 'keystone'
    assert conf['api']['bind_port'] == '18004'
    assert conf['keystone_authtoken']['username'] == 'heat-conv'


def test_post_config_with_keystone_configures_trusts_and_clients(tmp_path, database):
    name, _ = database
    host = Devstack(tmp_path, services=('mysql', 'rabbit', 'key', 'tls-proxy'),
                    HEAT_CONV_DB_NAME=name, KEYSTONE_SERVICE_URI='http://127.0.0.1/identity',
                    SERVICE_PASSWORD='secret', SERVICE_DOMAIN_NAME='Default',
                    SSL_BUNDLE_FILE='/opt/stack/data/ca-bundle.pem',
                    HEAT_CONV_TRUSTS_DELEGATED_ROLES='member')
    host.run('stack', 'post-config')
    conf = host.config()
    assert conf['DEFAULT']['deferred_auth_method'] == 'trusts'
    assert conf['DEFAULT']['trusts_delegated_roles'] == 'member'
    assert conf['DEFAULT']['region_name_for_services'] == 'RegionOne'
    assert dict(conf['trustee']) == dict(conf['DEFAULT'], **{
        'auth_type': 'password', 'auth_url': 'http://127.0.0.1/identity',
        'username': 'heat-conv', 'password': 'secret', 'user_domain_name': 'Default'})
    assert conf['clients']['endpoint_type'] == 'public'
    assert conf['clients']['ca_file'] == '/opt/stack/data/ca-bundle.pem'
    # heat-conv itself reads what the plugin wrote.
    from heat_conv.common import opts
    own = {group: {o.name for o in options} for group, options in opts.list_opts()}
    assert {'deferred_auth_method', 'trusts_delegated_roles',
            'region_name_for_services'} <= own[None]
    assert {'endpoint_type', 'ca_file'} <= own['clients']


def test_without_keystone_there_are_no_trusts(tmp_path, database):
    name, _ = database
    host = Devstack(tmp_path, HEAT_CONV_DB_NAME=name)
    host.run('stack', 'post-config')
    conf = host.config()
    assert 'trustee' not in conf and 'deferred_auth_method' not in conf['DEFAULT']


def test_extra_phase_starts_each_process_and_waits_for_the_api(tmp_path):
    host = Devstack(tmp_path, HEAT_CONV_USE_UWSGI='False')
    calls = host.run('stack', 'extra')
    conf = str(host.conf_file)
    assert calls == [
        *[('run_process', process, f'{BIN_DIR}/{process} --config-file {conf}')
          for process in PROCESSES],
        ('wait_for_service', '60', 'http://127.0.0.1:8004/healthcheck'),
    ]
    for process in PROCESSES:
        assert os.access(os.path.join(BIN_DIR, process), os.X_OK), process


def test_a_disabled_process_is_not_started(tmp_path):
    host = Devstack(tmp_path, DISABLED_SERVICES='heat-conv-cloud')
    started = [call[1] for call in host.run('stack', 'extra') if call[0] == 'run_process']
    assert started == ['heat-conv-api', 'heat-conv-engine', 'heat-conv-observer']


def test_extra_phase_runs_the_api_under_uwsgi(tmp_path):
    host = Devstack(tmp_path)
    calls = host.run('stack', 'extra')
    ini = tmp_path / 'etc' / 'heat_conv' / 'heat-conv-api-uwsgi.ini'
    assert calls[0] == ('run_process', 'heat-conv-api',
                        f'{BIN_DIR}/uwsgi --procname-prefix heat-conv-api --ini {ini}', '')
    assert [call[1] for call in calls[1:4]] == list(PROCESSES[1:])
    # Apache's path, not the port.
    assert calls[-1] == ('wait_for_service', '60',
                         'http://127.0.0.1/heat-conv-api/healthcheck')


def test_heat_enabled_too_stops_stack_sh_with_a_reason(tmp_path):
    host = Devstack(tmp_path, services=('mysql', 'rabbit', 'h-eng', 'h-api'))
    for phase in ('pre-install', 'install', 'post-config', 'extra'):
        assert host.run('stack', phase, ok=False) == [], phase
        assert ('heat-conv replaces Heat, which is enabled too (h-api h-eng)'
                in host.output), host.output
    # Heat's own services only: heat-conv's plugin leaves them be.
    host = Devstack(tmp_path, services=('mysql', 'rabbit', 'h-eng', 'h-api'),
                    DISABLED_SERVICES=','.join(PROCESSES))
    assert host.run('stack', 'install') == []


def test_unstack_stops_every_process(tmp_path):
    calls = Devstack(tmp_path).run('unstack')
    assert calls == [('stop_process', process) for process in PROCESSES]


def test_clean_removes_config_and_state(tmp_path):
    host = Devstack(tmp_path)
    host.state_path.mkdir(parents=True)
    host.conf_dir.mkdir(parents=True)
    host.conf_file.write_text('[DEFAULT]\n')
    assert host.run('clean') == [('remove_uwsgi_config',
                                  str(host.conf_dir / 'heat-conv-api-uwsgi.ini'),
                                  'heat-conv-api')]
    assert not host.conf_dir.exists() and not host.state_path.exists()


def test_nothing_happens_with_every_process_disabled(tmp_path):
    host = Devstack(tmp_path, DISABLED_SERVICES=','.join(PROCESSES))
    for phase in (('stack', 'install'), ('stack', 'post-config'), ('stack', 'extra'),
                  ('unstack',), ('clean',)):
        assert host.run(*phase) == [], phase
    assert not host.conf_file.exists()


def test_another_database_type_is_refused_with_a_reason(tmp_path):
    host = Devstack(tmp_path, DATABASE_TYPE='sqlite')
    calls = host.run('stack', 'post-config', ok=False)
    assert ('heat-conv runs on MySQL/MariaDB or PostgreSQL only, not DATABASE_TYPE=sqlite'
            in host.output)
    assert 'recreate_database' not in names(calls)


def test_install_phase_adds_psycopg_on_postgresql(tmp_path):
    host = Devstack(tmp_path, services=('postgresql', 'rabbit', 'key'),
                    DATABASE_TYPE='postgresql')
    assert host.run('stack', 'install') == [('setup_develop', str(REPO),
                                             'keystone,postgresql'), CLIENT, UWSGI]


def test_post_config_on_postgresql_syncs_the_database_through_psycopg(tmp_path, pg_url):
    u = sa.engine.make_url(pg_url)
    # devstack's own PostgreSQL URL: no driver named, a client_encoding query
    host = Devstack(tmp_path, services=('postgresql', 'rabbit'), DATABASE_TYPE='postgresql',
                    HEAT_CONV_DB_NAME=u.database,
                    STUB_DATABASE_URL_BASE=f'postgresql://{u.username}@{u.host}:{u.port}')
    host.run('stack', 'post-config')
    assert host.config()['database']['connection'] == pg_url
    engine = sa.create_engine(pg_url)
    try:
        assert migration.current_revision(engine) == migration.head_revision()
    finally:
        engine.dispose()


SHELL_FILES = ['devstack/plugin.sh', 'devstack/settings', 'devstack/lib/heat-conv',
               'devstack/lib/heat-conv-tempest', 'tools/build-docs',
               'tools/venv.sh', 'tools/run-service', 'tools/run-tests', 'tools/install-into',
               'tests/deploy/devstack_stubs.sh', 'tools/minicloud',
               'tools/check-client-install']


def _tool(name):
    path = os.path.join(BIN_DIR, name)
    if not os.access(path, os.X_OK):
        from tests import services
        services.unavailable(name, 'not installed (the "test" extra provides it)')
    return path


def test_shell_files_pass_shellcheck():
    done = subprocess.run([_tool('shellcheck'), '--external-sources', '--shell=bash',
                           *SHELL_FILES], cwd=REPO, capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr


def test_shell_files_pass_bashate():
    done = subprocess.run([_tool('bashate'), *SHELL_FILES], cwd=REPO,
                          capture_output=True, text=True)
    # bashate exits 0 on warnings (long lines): every remark counts here.
    assert done.returncode == 0 and not done.stdout.strip(), done.stdout + done.stderr
