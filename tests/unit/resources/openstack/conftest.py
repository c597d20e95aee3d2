from tests.unit.clients.conftest import conf  # noqa: F401
