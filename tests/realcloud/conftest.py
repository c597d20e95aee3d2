import pytest

from tests.realcloud import keystone_rig


@pytest.fixture(scope='session')
def rig():
    """The mini-cloud (tools/minicloud); the tests skip without it, or fail
    under HEAT_CONV_REQUIRE_SERVICES=1."""
    return keystone_rig.Rig()
