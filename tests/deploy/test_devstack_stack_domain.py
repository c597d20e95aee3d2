"""devstack/plugin.sh's post-config phase with Keystone: the stack user
domain heat-conv makes servers' agent users in (issue 25), and the API
under devstack's uWSGI layout."""
from oslo_config import cfg

from heat_conv.clients import options
from tests.deploy.devstack import Devstack

KEYSTONE = ('mysql', 'rabbit', 'key')


def test_post_config_creates_the_stack_user_domain_and_its_admin(tmp_path):
    host = Devstack(tmp_path, services=KEYSTONE, fake_manage=True,
                    SERVICE_PASSWORD='secret')
    calls = host.run('stack', 'post-config')

    assert ('get_or_create_role', 'heat_stack_user') in calls
    domain = ('get_or_create_domain', 'heat',
              'Owns the users and projects heat-conv creates for stacks')
    user = ('get_or_create_user', 'heat_domain_admin', 'secret', 'heat')
    role = ('get_or_add_user_domain_role', 'admin', 'heat_domain_admin', 'heat')
    assert calls.index(domain) < calls.index(user) < calls.index(role)
    default = host.config()['DEFAULT']
    # The domain's id, as Keystone answered it.
    assert default['stack_user_domain_id'] == 'd0ma1n'
    assert default['stack_domain_admin'] == 'heat_domain_admin'
    assert default['stack_domain_admin_password'] == 'secret'
    assert default['heat_stack_user_role'] == 'heat_stack_user'
    # heat-conv reads them from the file as heat_conv/clients/stack_users.py
    # does: every one it needs to make stack users is set.
    conf = cfg.ConfigOpts()
    conf.register_opts(options.stack_domain_opts)
    conf(['--config-file', str(host.conf_file)], project='heat_conv',
         default_config_files=[], default_config_dirs=[])
    assert (conf.stack_user_domain_id, conf.stack_domain_admin,
            conf.stack_domain_admin_password, conf.heat_stack_user_role) == (
        'd0ma1n', 'heat_domain_admin', 'secret', 'heat_stack_user')
    # The options are written before the database is synced.
    assert calls.index(role) < [c[0] for c in calls].index('heat-conv-manage')


def test_stack_domain_names_can_be_chosen(tmp_path):
    host = Devstack(tmp_path, services=KEYSTONE, fake_manage=True,
                    HEAT_CONV_STACK_DOMAIN='stacks', HEAT_CONV_STACK_DOMAIN_ADMIN='stacks_admin',
                    HEAT_CONV_STACK_DOMAIN_ADMIN_PASSWORD='pw', HEAT_CONV_STACK_USER_ROLE='agent')
    calls = host.run('stack', 'post-config')
    assert ('get_or_add_user_domain_role', 'admin', 'stacks_admin', 'stacks') in calls
    assert ('get_or_create_role', 'agent') in calls
    default = host.config()['DEFAULT']
    assert (default['stack_domain_admin'], default['stack_domain_admin_password'],
            default['heat_stack_user_role']) == ('stacks_admin', 'pw', 'agent')


def test_without_keystone_there_is_no_stack_user_domain(tmp_path):
    host = Devstack(tmp_path, fake_manage=True)
    calls = host.run('stack', 'post-config')
    assert 'get_or_create_domain' not in [call[0] for call in calls]
    assert 'stack_user_domain_id' not in host.config()['DEFAULT']


def test_post_config_writes_the_uwsgi_ini_and_registers_apaches_path(tmp_path):
    host = Devstack(tmp_path, services=KEYSTONE, fake_manage=True)
    calls = host.run('stack', 'post-config')
    ini = host.conf_dir / 'heat-conv-api-uwsgi.ini'
    assert ('write_uwsgi_config', str(ini), 'heat_conv.wsgi.api:application',
            '/heat-conv-api', '', 'heat-conv-api') in calls
    uwsgi = host.config(ini)['uwsgi']
    assert uwsgi['module'] == 'heat_conv.wsgi.api:application'
    # The application finds the config file wherever devstack put it.
    assert uwsgi['env'] == f'HEAT_CONV_CONFIG_FILE={host.conf_file}'
    assert ('get_or_create_endpoint', 'orchestration', 'RegionOne',
            'http://127.0.0.1/heat-conv-api/v1/$(project_id)s') in calls
    assert ('heat-conv-manage', '--config-file', str(host.conf_file), 'db', 'sync') in calls


def test_without_uwsgi_no_ini_is_written(tmp_path):
    host = Devstack(tmp_path, fake_manage=True, HEAT_CONV_USE_UWSGI='False')
    calls = host.run('stack', 'post-config')
    assert 'write_uwsgi_config' not in [call[0] for call in calls]
    assert not (host.conf_dir / 'heat-conv-api-uwsgi.ini').exists()
