import pytest

from tests.realcloud import keystone_rig
from tests.realcloud import real_stack_support as support
from tests.realcloud.fixtures import admin  # noqa: F401
from tests.realcloud.fixtures import alt  # noqa: F401
from tests.realcloud.fixtures import demo  # noqa: F401
from tests.realcloud.fixtures import harness  # noqa: F401
from tests.realcloud.fixtures import private_net  # noqa: F401


# For the modules that run a heat-conv of their own (their ``heat_conv``).
@pytest.fixture
def user(rig, heat_conv):
    return keystone_rig.User(rig, 'demo', heat_conv)


@pytest.fixture
def watch(minicloud, heat_conv):
    yield from support.watching(minicloud, heat_conv.db_url)
