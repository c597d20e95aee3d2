"""The real mini-cloud (tools/minicloud, branch rig) for the observer's tests.

A small stand-in for the rig's own fixture until that lands: it finds the
rig's clouds.yaml (HEAT_CONV_MINICLOUD_CLOUDS, else a path named in
/work/RIG-READY, else the rig's default state directory), connects as the
non-admin ``demo`` member, and skips saying why when the rig is not up, or
fails under HEAT_CONV_REQUIRE_SERVICES=1.
"""
import os
import pathlib
import re

import pytest

from tests import services

READY_FILE = pathlib.Path('/work/RIG-READY')
DEFAULT_HOME = pathlib.Path(os.environ.get('MINICLOUD_HOME') or pathlib.Path(
    os.environ.get('XDG_DATA_HOME') or pathlib.Path.home() / '.local' / 'share')
    / 'heat-conv' / 'minicloud')
# Where the rig's services publish notifications (tools/minicloud status).
DEFAULT_NOTIFICATIONS = 'rabbit://guest:guest@127.0.0.1:5672/minicloud'


def _ready_text():
    try:
        return READY_FILE.read_text()
    except OSError:
        return ''


def _clouds_yaml():
    if os.environ.get('HEAT_CONV_MINICLOUD_CLOUDS'):
        return pathlib.Path(os.environ['HEAT_CONV_MINICLOUD_CLOUDS'])
    for found in re.findall(r'(/\S+clouds\.yaml)', _ready_text()):
        if pathlib.Path(found).is_file():
            return pathlib.Path(found)
    return DEFAULT_HOME / 'clouds.yaml'


def notifications_url():
    found = re.findall(r'(rabbit://\S+)', _ready_text())
    return (os.environ.get('HEAT_CONV_MINICLOUD_NOTIFICATIONS')
            or (found[0] if found else DEFAULT_NOTIFICATIONS))


@pytest.fixture(scope='session')
def demo_cloud():
    """An openstacksdk Connection as the rig's demo member (project demo)."""
    path = _clouds_yaml()
    if not path.is_file():
        services.unavailable('the mini-cloud', f'no clouds.yaml at {path} (start it '
                             'with tools/minicloud start, branch rig)')
    import openstack
    import openstack.config
    try:
        config = openstack.config.OpenStackConfig(config_files=[str(path)])
        conn = openstack.connection.Connection(
            config=config.get_one(cloud='minicloud-demo'))
        conn.authorize()
    except Exception as exc:
        services.unavailable('the mini-cloud', f'cannot log in as demo with {path}: '
                             f'{type(exc).__name__}: {exc}')
    yield conn
    conn.close()
