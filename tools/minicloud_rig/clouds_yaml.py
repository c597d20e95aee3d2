"""The clouds.yaml the rig writes, and openstacksdk connections from it."""
import os

from minicloud_rig import keystone_setup
from minicloud_rig import layout

# cloud name: (user, project)
CLOUDS = {
    'minicloud-admin': ('admin', 'admin'),
    'minicloud-demo': ('demo', 'demo'),
    'minicloud-alt': ('alt', 'alt'),
    'minicloud-heat-conv': ('heat-conv', 'service'),
}
HEAT_DOMAIN_CLOUD = 'minicloud-heat-domain-admin'


def _cloud(rig, user, project=None, domain=None):
    auth = {'auth_url': rig.auth_url, 'username': user,
            'password': rig.password(user),
            'user_domain_name': 'Default'}
    if project:
        auth.update(project_name=project, project_domain_name='Default')
    else:
        auth.update(user_domain_name=domain, domain_name=domain)
    return {'auth': auth, 'auth_type': 'password',
            'region_name': layout.REGION, 'identity_api_version': '3',
            'interface': 'public'}


def write(rig):
    import yaml
    clouds = {name: _cloud(rig, user, project)
              for name, (user, project) in CLOUDS.items()}
    clouds[HEAT_DOMAIN_CLOUD] = _cloud(
        rig, keystone_setup.HEAT_DOMAIN_ADMIN,
        domain=keystone_setup.HEAT_DOMAIN)
    text = ('# Written by tools/minicloud start; the rig\'s users.\n'
            + yaml.safe_dump({'clouds': clouds}, sort_keys=False))
    with open(rig.clouds_yaml + '.new', 'w') as f:
        f.write(text)
    os.chmod(rig.clouds_yaml + '.new', 0o600)
    os.replace(rig.clouds_yaml + '.new', rig.clouds_yaml)
    return rig.clouds_yaml


def connect(rig, cloud, api_timeout=30):
    """An openstacksdk connection to one of the rig's clouds; every call
    gives up after api_timeout seconds."""
    import openstack.config
    import openstack.connection
    config = openstack.config.OpenStackConfig(
        config_files=[rig.clouds_yaml], vendor_files=[])
    region = config.get_one(cloud=cloud, api_timeout=api_timeout)
    return openstack.connection.Connection(config=region)
