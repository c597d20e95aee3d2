"""The suite's own configuration: heat_integrationtests reads tempest's
config file, group ``[heat_plugin]`` (options registered by
heat-tempest-plugin). The runner writes one per run.

Keystone settings are placeholders the shim never sends anywhere. Image and
network options stay unset, so tests that need Nova or Glance skip themselves
as they do on a cloud without them. ``minimal_instance_type`` is set, as on
Heat's gate, because one test passes it as a plain string parameter to a
template it expects to be refused for another reason; every test that would
boot a server with it also needs ``minimal_image_ref``.
"""
import configparser

REGION = 'RegionOne'


def write(path, tenant, skip_entries, build_timeout, build_interval):
    conf = configparser.ConfigParser(interpolation=None)
    conf['heat_plugin'] = {
        # Never contacted: the shim supplies the token and catalog.
        'auth_url': 'http://127.0.0.1:9/identity/v3',
        'username': 'heat-functional',
        'password': 'unused',
        'project_name': tenant,
        'admin_username': 'heat-functional-admin',
        'admin_password': 'unused',
        'admin_project_name': tenant,
        'region': REGION,
        'minimal_instance_type': 'm1.heat_micro',
        'build_timeout': str(build_timeout),
        'build_interval': str(build_interval),
        'convergence_engine_enabled': 'true',
        'skip_functional_test_list': ','.join(skip_entries),
    }
    with open(path, 'w', encoding='utf-8') as f:
        conf.write(f)


def write_rig(path, auth_url, rig_names, skip_entries, build_timeout, build_interval,
              region=REGION):
    """The suite's configuration on the mini-cloud: Keystone auth as the
    rig's users (``rig_names``: what ``rig.Rig.prepare`` made, with the
    users' credentials and the image, flavors and external network), as
    Heat's gate configures it on devstack."""
    conf = configparser.ConfigParser(interpolation=None)
    user, admin = rig_names['user'], rig_names['admin']
    conf['heat_plugin'] = {
        'auth_url': auth_url,
        'username': user['username'],
        'password': user['password'],
        'project_name': user['project_name'],
        'admin_username': admin['username'],
        'admin_password': admin['password'],
        'admin_project_name': admin['project_name'],
        'user_domain_name': user['user_domain_name'],
        'project_domain_name': user['project_domain_name'],
        'region': region,
        'endpoint_type': 'public',
        'image_ref': rig_names['image'],
        'minimal_image_ref': rig_names['image'],
        'instance_type': rig_names['flavor'],
        'minimal_instance_type': rig_names['minimal_flavor'],
        'keypair_name': rig_names['keypair'],
        'fixed_network_name': rig_names['network'],
        'fixed_subnet_name': rig_names['subnet'],
        'floating_network_name': rig_names['external_network'],
        'network_for_ssh': rig_names['network'],
        'build_timeout': str(build_timeout),
        'build_interval': str(build_interval),
        'convergence_engine_enabled': 'true',
        'skip_functional_test_list': ','.join(skip_entries),
    }
    with open(path, 'w', encoding='utf-8') as f:
        conf.write(f)
