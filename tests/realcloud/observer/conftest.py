"""The observer's tests on the mini-cloud: the rig's demo member, and the
bus its services publish notifications on."""
import os

import pytest

# tools/minicloud puts the services' notifications on this vhost of the
# machine's RabbitMQ (`tools/minicloud status` prints the URL).
VHOST = 'minicloud'


def notifications_url():
    if os.environ.get('HEAT_CONV_MINICLOUD_NOTIFICATIONS'):
        return os.environ['HEAT_CONV_MINICLOUD_NOTIFICATIONS']
    rabbit = os.environ.get('MINICLOUD_RABBIT', 'guest:guest@127.0.0.1:5672')
    return f'rabbit://{rabbit}/{VHOST}'


@pytest.fixture
def demo_cloud(minicloud):
    """An openstacksdk Connection as the rig's non-admin demo member."""
    return minicloud.connect('demo')
