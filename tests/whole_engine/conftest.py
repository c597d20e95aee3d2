"""The whole engine in one thread: a deterministic driver per test."""
import pytest

from tests.scenarios import local_driver


@pytest.fixture
def driver(db, fake_clock):
    """The real engine on SQLite, in-process messages and a fake clock.
    Modules that need more around it (the reaper's state) define their own."""
    d = local_driver.LocalDriver(fake_clock)
    yield d
    d.close()
