"""A policy's adjustment and the cooldown, as Heat computes them."""
import pytest

from heat_conv.resources.heat import scaling_adjustment as sa


@pytest.mark.parametrize('current, adjustment, kind, step, expected', [
    (2, 2, sa.CHANGE_IN_CAPACITY, None, 4),
    (4, -5, sa.CHANGE_IN_CAPACITY, None, 1),        # not below min_size
    (4, 9, sa.CHANGE_IN_CAPACITY, None, 5),         # not above max_size
    (3, 2, sa.EXACT_CAPACITY, None, 2),
    (4, 50, sa.PERCENT_CHANGE_IN_CAPACITY, None, 5),   # +2, capped
    (3, 10, sa.PERCENT_CHANGE_IN_CAPACITY, None, 4),   # 0.3 rounds up to 1
    (3, -10, sa.PERCENT_CHANGE_IN_CAPACITY, None, 2),  # -0.3 rounds down to -1
    (3, 50, sa.PERCENT_CHANGE_IN_CAPACITY, None, 4),   # 1.5 rounds to 1
    (2, 10, sa.PERCENT_CHANGE_IN_CAPACITY, 3, 5),      # min_adjustment_step
    (5, -10, sa.PERCENT_CHANGE_IN_CAPACITY, 3, 2),
])
def test_new_capacity(current, adjustment, kind, step, expected):
    assert sa.new_capacity(current, adjustment, kind, step, 1, 5) == expected


def test_cooldown_runs_from_now_and_never_shortens_one_running():
    assert sa.cooldown_end(None, 60, 1000) == 1060
    assert sa.cooldown_end(2000, 60, 1000) == 2000
    assert sa.cooldown_end(None, None, 1000) == 1000
    assert sa.in_cooldown(1060, 1059) and not sa.in_cooldown(1060, 1060)
    assert not sa.in_cooldown(None, 0)
