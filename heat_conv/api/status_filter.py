"""Status filters: users write ``CREATE_COMPLETE`` or just ``COMPLETE``.

The database keeps action and status apart, so a query filters on the
status alone and joined values are narrowed again in Python.
"""
from heat_conv.common.status import Status

STATES = (Status.IN_PROGRESS, Status.COMPLETE, Status.FAILED)


def split(value):
    """(action or None, status) of ``CREATE_COMPLETE`` or ``COMPLETE``."""
    for state in STATES:
        if value == state:
            return None, state
        if value.endswith('_' + state):
            return value[:-len(state) - 1], state
    return None, value


class StatusFilter:

    def __init__(self, values):
        self.statuses, self.pairs, self.plain = set(), set(), set()
        for value in values:
            action, status = split(value)
            self.statuses.add(status)
            if action:
                self.pairs.add((action, status))
            else:
                self.plain.add(status)

    @property
    def needs_narrowing(self):
        """Whether filtering on ``statuses`` alone lets too much through."""
        return bool(self.pairs)

    def matches(self, action, status):
        return (action, status) in self.pairs or status in self.plain
