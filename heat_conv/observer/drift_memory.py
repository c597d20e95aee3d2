"""What an observer remembers between drift passes, so that stacks at rest
cost a pass almost nothing (issue 30, item 4).

A stack's resources change only under a traversal, which moves its mark
(traversal, action, status); an object of the simulated cloud changes only
in the cloud, whose change feed names it. So a pass reads the marks of its
stacks (one small query) and asks the cloud what changed since its last
look (one small call); it reads and compares the resources of stacks whose
mark moved, and of the rest only those whose objects changed, from what it
remembered. Unchanged rows meet unchanged objects: the finding cannot have
changed, and nothing is read, compared or written for them.

Every ``drift_full_pass_interval`` a pass forgets and compares everything,
the safety net under all of the above. Stacks with real-cloud resources are
read on every pass (real clouds have no change feed here), and so is every
stack while the cloud cannot say what changed (a first look, a restarted
cloud, a token older than its log).
"""
import logging

from heat_conv.cloud import client as cloud_client
from heat_conv.cloud import retry
from heat_conv.common import timeutils
from heat_conv.common.status import DRIFTED
from heat_conv.db import api as db_api

LOG = logging.getLogger(__name__)


class _Stack:
    def __init__(self, mark, rows):
        self.mark = mark
        self.rows = {row.physical_resource_id: row for row in rows}

    @property
    def drifted(self):
        return any(row.drift_status in DRIFTED for row in self.rows.values())


class DriftMemory:

    def __init__(self, full_pass_interval):
        self.full_pass_interval = full_pass_interval
        self.token = None
        self._stacks = {}
        # Remembered stacks with a drifted resource: reported on every pass,
        # as if compared again, so that auto-heal is asked again.
        self.drifted_stacks = set()
        self._full_at = float('-inf')
        # Set once a pass has seen simulated-cloud resources: only then is
        # the cloud asked for its change feed.
        self._asks_cloud = False

    def rows(self, stack_ids, read, get_cloud):
        """The rows to compare in a pass over ``stack_ids``;
        ``read(stack_ids)`` reads stacks' observable rows, ``get_cloud()``
        gives the simulated cloud's client."""
        stack_ids = set(stack_ids)
        for gone in set(self._stacks) - stack_ids:
            del self._stacks[gone]
        changed = None
        if self._asks_cloud:
            # Before the reads: a change made while they run is named again
            # by the next pass, never lost.
            try:
                self.token, changed = retry.call(get_cloud().changes, self.token,
                                                 attempts=3)
            except cloud_client.CloudError as exc:
                LOG.warning('observer: the cloud cannot say what changed (%s); '
                            'comparing everything', exc)
                self.token = None
        marks = db_api.stacks_rest_marks(stack_ids)
        now = timeutils.now()
        if changed is None or not self.full_pass_interval \
                or now - self._full_at >= self.full_pass_interval:
            self._stacks.clear()
            self._full_at = now
        fresh = {s for s in stack_ids
                 if s not in self._stacks or self._stacks[s].mark != marks.get(s)}
        for stack_id in fresh:
            self._stacks.pop(stack_id, None)
        self.drifted_stacks &= set(self._stacks)
        # Kept for remember(): the stacks read afresh, their rows and marks.
        self._fresh, self._marks = fresh, marks
        self._fresh_rows = read(fresh) if fresh else []
        rows = list(self._fresh_rows)
        if changed:
            changed = set(changed)
            rows += [row for kept in self._stacks.values()
                     for physical_id, row in kept.rows.items() if physical_id in changed]
        return rows

    def remember(self, simulated_ids, written_ids, changes):
        """After the pass: keep the fresh stacks whose every row is of the
        simulated cloud (``simulated_ids``: ids of such rows), with the
        findings written (``changes`` [(row, status, detail, ...)] of which
        ``written_ids`` landed). A finding that did not land (its row moved
        meanwhile) makes its stack read afresh next pass."""
        if simulated_ids:
            self._asks_cloud = True
        if self.token is None:
            # Rows read before the cloud was first asked: nothing to trust yet.
            return
        by_stack = {}
        for row in self._fresh_rows:
            by_stack.setdefault(row.stack_id, []).append(row)
        for stack_id in self._fresh:
            rows = by_stack.get(stack_id, [])
            if all(row.id in simulated_ids for row in rows):
                self._stacks[stack_id] = _Stack(self._marks.get(stack_id), rows)
        written = set(written_ids)
        for row, status, detail, *_ in changes:
            if row.id in written:
                row.drift_status, row.drift_detail = status, detail
            else:
                self._stacks.pop(row.stack_id, None)
        for stack_id in self._fresh | {row.stack_id for row, *_ in changes}:
            kept = self._stacks.get(stack_id)
            if kept is not None and kept.drifted:
                self.drifted_stacks.add(stack_id)
            else:
                self.drifted_stacks.discard(stack_id)
