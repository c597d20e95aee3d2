"""The whole engine in one thread: a deterministic driver per test."""
import pytest

from heat_conv.engine.core import identity
from heat_conv.engine.recovery import reaper
from tests.scenarios import local_driver


@pytest.fixture
def driver(db, fake_clock):
    """The real engine on SQLite, in-process messages and a fake clock,
    with a fresh reaper (it remembers what it has seen) and this process's
    engine id put back afterwards (tests may play other engines)."""
    d = local_driver.LocalDriver(fake_clock)
    previous = identity.engine_id()
    reaper.reset()
    yield d
    reaper.reset()
    identity.set_engine_id(previous)
    d.close()
