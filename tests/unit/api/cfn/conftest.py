import pytest

from heat_conv.common import config


@pytest.fixture
def conf():
    """Set options for one test; every override is cleared after it."""
    overridden = []

    def override(name, value, group=None):
        config.CONF.set_override(name, value, group=group)
        overridden.append((name, group))
    yield override
    for name, group in overridden:
        config.CONF.clear_override(name, group=group)
