import pytest

from heat_conv.common import config
from heat_conv.engine.core import rpc_versions  # noqa: F401 (its options)


@pytest.fixture
def pin():
    """Sets ``[upgrade_levels] engine`` for the test."""
    def set_pin(value):
        config.CONF.set_override('engine', value, group='upgrade_levels')
    yield set_pin
    config.CONF.clear_override('engine', group='upgrade_levels')
