from tests.realcloud.plugin_fixtures import admin  # noqa: F401
from tests.realcloud.plugin_fixtures import alt  # noqa: F401
from tests.realcloud.plugin_fixtures import demo  # noqa: F401
from tests.realcloud.plugin_fixtures import plugins  # noqa: F401
