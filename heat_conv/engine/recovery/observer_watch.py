"""Say so when resources wait on the cloud and no observer is alive.

Only an observer reports that a slow cloud action finished. With none
running, such stacks make no progress; the reaper then appends why to the
status reason of each stack that waits (and logs it), and takes it back
once an observer is alive again.
"""
import logging

from heat_conv.common import liveness
from heat_conv.common import metrics
from heat_conv.common.status import Status
from heat_conv.db import api as db_api
from heat_conv.plugin_interface import registry

LOG = logging.getLogger(__name__)

MARK = '; waiting on the cloud, but no observer is alive'


def reason_with_mark(reason, waiting):
    return (f'{unmarked(reason)}{MARK}: {waiting} resource action(s) finish only once '
            f'a heat-conv-observer runs')


def unmarked(reason):
    return (reason or '').split(MARK, 1)[0]


class ObserverWatch:

    def __init__(self):
        # Another engine may have marked stacks before this one started.
        self._maybe_marked = True
        self._warned = False
        self._marked = {}   # stack id -> the count its reason gives

    def check(self, view):
        metrics.OBSERVERS_ALIVE.set(len(view.live_ids(liveness.OBSERVER)))
        if view.live_ids(liveness.OBSERVER):
            metrics.STACKS_UNOBSERVED.set(0)
            if self._warned:
                LOG.warning('an observer is alive again: %s',
                            ', '.join(sorted(view.live_ids(liveness.OBSERVER))))
                self._warned = False
            if self._maybe_marked:
                self._unmark_all()
                self._maybe_marked = False
                self._marked = {}
            return
        # A wait condition or a deployment waits on a signal, not on the
        # observer: it makes progress without one.
        waiting = db_api.stacks_waiting_on_cloud(registry.types_waiting_on_signals())
        metrics.STACKS_UNOBSERVED.set(len(waiting))
        if not waiting:
            return
        self._maybe_marked = True
        if not self._warned:
            LOG.warning('no live observer: %d resource(s) of %d stack(s) wait on the cloud '
                        'and make no progress until a heat-conv-observer runs',
                        sum(waiting.values()), len(waiting))
            self._warned = True
        for stack_id, count in sorted(waiting.items()):
            if self._marked.get(stack_id) != count:
                _mark(stack_id, count)
                self._marked[stack_id] = count
        self._marked = {k: v for k, v in self._marked.items() if k in waiting}

    def _unmark_all(self):
        for stack in db_api.stacks_in_progress():
            if MARK in (stack.status_reason or ''):
                if _write_reason(stack, unmarked(stack.status_reason)):
                    LOG.info('stack %s: an observer is watching it again', stack.id)


def _mark(stack_id, count):
    stack = db_api.stack_get(stack_id)
    if stack.status != Status.IN_PROGRESS:
        return
    reason = reason_with_mark(stack.status_reason, count)
    if reason != stack.status_reason and _write_reason(stack, reason):
        if MARK not in (stack.status_reason or ''):
            LOG.warning('stack %s waits on the cloud for %d resource(s) and no observer '
                        'is alive', stack.id, count)


def _write_reason(stack, reason):
    return db_api.stack_update(stack.id, {'status_reason': reason}, expected={
        'current_traversal': stack.current_traversal, 'status': Status.IN_PROGRESS,
        'status_reason': stack.status_reason})
