"""Which members an autoscaling group's child stack has after a resize."""
import itertools

from heat_conv.resources.heat import scaling_members

OLD, NEW = {'type': 'T', 'properties': {'v': 1}}, {'type': 'T', 'properties': {'v': 2}}


def names():
    counter = itertools.count()
    return lambda: f'new{next(counter)}'


def test_growing_keeps_every_member_and_adds_new_names():
    existing = [('a', OLD), ('b', OLD)]
    got = scaling_members.definitions(existing, OLD, 4, 0, names())
    assert got == [('a', OLD), ('b', OLD), ('new0', OLD), ('new1', OLD)]


def test_shrinking_removes_the_first_listed_oldest_first():
    existing = [('failed', OLD), ('a', OLD), ('b', OLD), ('c', OLD)]
    assert scaling_members.definitions(existing, OLD, 2, 0, names()) == \
        [('b', OLD), ('c', OLD)]
    assert scaling_members.definitions(existing, OLD, 0, 0, names()) == []


def test_a_resize_leaves_old_definitions_and_a_batch_replaces_some():
    existing = [('a', OLD), ('b', OLD), ('c', OLD)]
    assert scaling_members.definitions(existing, NEW, 3, 0, names()) == existing
    assert scaling_members.definitions(existing, NEW, 4, 2, names()) == \
        [('a', NEW), ('b', OLD), ('c', OLD), ('new0', NEW)]


def test_new_names_are_short_ids():
    name = scaling_members.new_name()
    assert len(name) == scaling_members.ID_LENGTH and name.isalnum() and name.islower()
