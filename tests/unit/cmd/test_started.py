"""What a process does once it has started: the collector stays out of the
way of what it loaded."""
import gc

import pytest

from heat_conv import cmd


@pytest.fixture
def collector():
    threshold = gc.get_threshold()
    yield
    gc.unfreeze()
    gc.set_threshold(*threshold)


def test_what_was_loaded_is_never_collected_again(collector):
    loaded = object.__new__(type('Loaded', (), {}))
    cmd.started()
    assert gc.get_freeze_count() > 0
    # A full collection no longer walks it: the frozen generation holds it.
    assert not any(obj is loaded for obj in gc.get_objects())


def test_young_objects_are_collected_less_often(collector):
    cmd.started()
    assert gc.get_threshold()[0] == cmd.GC_YOUNG_THRESHOLD
