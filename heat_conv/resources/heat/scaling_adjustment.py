"""How a scaling group's size changes when a policy is signalled: the new
capacity and the cooldown, as Heat computes them. Pure functions."""
import math

ADJUSTMENT_TYPES = (EXACT_CAPACITY, CHANGE_IN_CAPACITY, PERCENT_CHANGE_IN_CAPACITY) = (
    'exact_capacity', 'change_in_capacity', 'percent_change_in_capacity')


def _percent_delta(current, adjustment, min_step):
    delta = current * adjustment / 100.0
    # Less than one member rounds away from zero (a small group still moves);
    # more rounds towards it.
    if abs(delta) < 1.0:
        rounded = int(math.ceil(delta) if delta > 0 else math.floor(delta))
    else:
        rounded = int(math.floor(delta) if delta > 0 else math.ceil(delta))
    if min_step and min_step > abs(rounded):
        rounded = min_step if rounded > 0 else -min_step
    return rounded


def new_capacity(current, adjustment, adjustment_type, min_step, minimum, maximum):
    """The group's size after an adjustment, kept within [minimum, maximum]."""
    if adjustment_type == CHANGE_IN_CAPACITY:
        wanted = current + adjustment
    elif adjustment_type == EXACT_CAPACITY:
        wanted = adjustment
    else:
        wanted = current + _percent_delta(current, adjustment, min_step)
    return int(max(minimum, min(maximum, wanted)))


def in_cooldown(cooldown_end, now):
    """Whether a group whose cooldown ends at ``cooldown_end`` (seconds since
    the epoch, or None) may not scale at ``now``."""
    return cooldown_end is not None and now < cooldown_end


def cooldown_end(previous_end, cooldown, now):
    """When the cooldown that starts ``now`` ends; never earlier than one
    already running."""
    end = now + max(0, cooldown or 0)
    return end if previous_end is None else max(previous_end, end)
