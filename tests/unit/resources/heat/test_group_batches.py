import pytest

from heat_conv.resources.heat import group_batches


def test_plan_keeps_min_in_service():
    assert group_batches.plan(10, 10, 4, 8) == [(12, 4), (12, 4), (12, 4), (10, 0)]


def test_plan_scale_down():
    assert group_batches.plan(6, 10, 4, 8) == [(10, 4), (8, 2), (6, 0)]


def test_plan_plain():
    assert group_batches.plan(10, 10, 3, 1) == [(10, 3), (10, 3), (10, 3), (10, 1)]


def test_create_plan():
    assert group_batches.create_plan(5, 2) == [(2, 2), (4, 2), (5, 1)]
    assert group_batches.create_plan(0, 2) == []


def test_pauses_must_fit_in_the_timeout():
    batches = [(2, 2), (4, 2), (5, 1)]
    group_batches.check_pauses(batches, 10, 21)
    group_batches.check_pauses(batches, 10, None)
    with pytest.raises(ValueError, match='will result in stack update timeout'):
        group_batches.check_pauses(batches, 10, 20)
