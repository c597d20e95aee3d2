from tests.realcloud.fixtures import admin  # noqa: F401
from tests.realcloud.fixtures import alt  # noqa: F401
from tests.realcloud.fixtures import demo  # noqa: F401
from tests.realcloud.fixtures import harness  # noqa: F401
from tests.realcloud.fixtures import private_net  # noqa: F401
