"""devstack/plugin.sh's test-config phase: tempest's [heat_plugin] for
heat-conv (devstack/lib/heat-conv-tempest)."""
from tests.deploy.devstack import Devstack

TEMPEST = ('mysql', 'rabbit', 'key', 'tempest')
CLOUD = TEMPEST + ('n-api', 'g-api', 'q-svc')


def test_test_config_writes_heat_plugins_credentials_and_skips(tmp_path):
    host = Devstack(tmp_path, services=TEMPEST)
    calls = host.run('stack', 'test-config')
    conf = host.config(host.tempest_conf)
    assert conf['service_available']['heat'] == 'True'
    plugin = conf['heat_plugin']
    # The demo user runs the tests; the admin the admin-only ones.
    assert (plugin['username'], plugin['password'], plugin['project_name']) == (
        'demo', 'demo-secret', 'demo')
    assert (plugin['admin_username'], plugin['admin_password']) == ('admin', 'admin-secret')
    assert plugin['auth_url'] == 'http://127.0.0.1/identity'
    assert plugin['region'] == 'RegionOne'
    assert (plugin['user_domain_id'], plugin['project_domain_id']) == ('default', 'default')
    assert (plugin['user_domain_name'], plugin['project_domain_name']) == ('Default',
                                                                          'Default')
    assert plugin['skip_functional_test_list'] == 'NotificationTest'
    assert plugin['skip_scenario_test_list'] == (
        'SoftwareConfigIntegrationTest,AodhAlarmTest,CfnInitIntegrationTest')
    assert plugin['convergence_engine_enabled'] == 'True'
    assert conf['heat_features_enabled']['stack_cancel'] == 'True'
    # Without Nova, Glance and Neutron: no flavors, image or network.
    assert not {'instance_type', 'image_ref', 'fixed_network_name'} & set(plugin)
    assert 'openstack' not in [call[0] for call in calls]
    # Nothing of heat-conv's own configuration is touched.
    assert not host.conf_file.exists()


def test_test_config_makes_the_flavors_and_network_the_server_tests_use(tmp_path):
    host = Devstack(tmp_path, services=CLOUD + ('tls-proxy',), DEFAULT_IMAGE_NAME='cirros',
                    SSL_BUNDLE_FILE='/opt/stack/data/ca-bundle.pem')
    calls = host.run('stack', 'test-config')
    creates = [call[1:] for call in calls if call[0] == 'openstack' and 'show' not in call]
    assert creates == [
        ('--os-cloud', 'devstack-admin', 'flavor', 'create', 'm1.heat_int', '--ram', '1024',
         '--vcpus', '2', '--disk', '10'),
        ('--os-cloud', 'devstack-admin', 'flavor', 'create', 'm1.heat_micro', '--ram', '128',
         '--disk', '1'),
        ('--os-cloud', 'devstack', 'network', 'create', 'heat-net'),
        ('--os-cloud', 'devstack', 'subnet', 'create', 'heat-subnet', '--network', 'heat-net',
         '--subnet-range', '10.0.5.0/24'),
        ('--os-cloud', 'devstack', 'router', 'add', 'subnet', 'router1', 'heat-subnet'),
    ]
    plugin = host.config(host.tempest_conf)['heat_plugin']
    assert (plugin['instance_type'], plugin['minimal_instance_type']) == ('m1.heat_int',
                                                                          'm1.heat_micro')
    assert (plugin['image_ref'], plugin['minimal_image_ref']) == ('cirros', 'cirros')
    assert (plugin['fixed_network_name'], plugin['fixed_subnet_name']) == ('heat-net',
                                                                           'heat-subnet')
    assert plugin['ca_file'] == '/opt/stack/data/ca-bundle.pem'


def test_test_config_run_again_creates_nothing_twice(tmp_path):
    host = Devstack(tmp_path, services=CLOUD, DEFAULT_IMAGE_NAME='cirros',
                    STUB_OPENSTACK_EXISTING='m1.heat_int,m1.heat_micro,heat-net,heat-subnet')
    calls = host.run('stack', 'test-config')
    assert [call for call in calls if call[0] == 'openstack' and 'show' not in call] == []
    assert host.config(host.tempest_conf)['heat_plugin']['instance_type'] == 'm1.heat_int'


def test_skip_lists_can_be_chosen(tmp_path):
    host = Devstack(tmp_path, services=TEMPEST, HEAT_CONV_TEMPEST_SKIP_FUNCTIONAL='',
                    HEAT_CONV_TEMPEST_SKIP_SCENARIO='AodhAlarmTest')
    host.run('stack', 'test-config')
    plugin = host.config(host.tempest_conf)['heat_plugin']
    assert (plugin['skip_functional_test_list'], plugin['skip_scenario_test_list']) == (
        '', 'AodhAlarmTest')


def test_without_tempest_test_config_does_nothing(tmp_path):
    host = Devstack(tmp_path, services=('mysql', 'rabbit', 'key'))
    assert host.run('stack', 'test-config') == []
    assert not host.tempest_conf.exists()
