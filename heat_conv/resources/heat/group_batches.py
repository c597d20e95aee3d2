"""Batches of a group's rolling update or batched create, as Heat plans them.

A batch is (capacity, new): the group's size after the batch, and how
many members may get the new definition in it (created or updated). The
plan is fixed when the operation starts, from the group's size then; the
batches run one after another, with a pause between two.
"""


def needs_update(target, current, up_to_date):
    """More batches to run?"""
    return not (up_to_date >= current == target)


def next_batch(target, current, up_to_date, batch_size, min_in_service):
    """(capacity, new) of the next batch."""
    effective_min = min(min_in_service, target, current)
    effective_batch = min(batch_size, max(target - up_to_date, 0))
    capacity = effective_batch + max(min(current, target - effective_batch),
                                     effective_min)
    return capacity, effective_batch


def plan(target, current, batch_size, min_in_service):
    """Every batch, in order, taking the group from ``current`` members to
    ``target`` members all up to date."""
    batches = []
    up_to_date = 0
    while needs_update(target, current, up_to_date):
        capacity, new = next_batch(target, current, up_to_date, batch_size,
                                   min_in_service)
        batches.append((capacity, new))
        # Members added above the final size are counted out: they go again.
        up_to_date += new - max(capacity - max(current, target), 0)
        current = capacity
    return batches


def create_plan(count, batch_size):
    """A batched create: from nothing, ``batch_size`` members at a time."""
    return plan(count, 0, batch_size, 0)


def check_pauses(batches, pause_secs, timeout_secs):
    """Heat refuses a policy whose pauses alone would reach the timeout."""
    if timeout_secs is None:
        return
    if pause_secs * max(len(batches) - 1, 0) >= timeout_secs:
        raise ValueError('The current update policy will result in stack update '
                         'timeout.')
