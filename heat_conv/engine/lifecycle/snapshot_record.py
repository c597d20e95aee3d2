"""The end of a stack snapshot's traversal, recorded in its snapshot.

A snapshot's traversal id is the snapshot's id (as in Heat), so the
traversal's end finds its own snapshot (before the stack's status says
so, so that a snapshot seen complete can be restored at once): COMPLETE
with the stack's abandon document as the traversal left it (each resource's data and properties,
each child stack's document), or FAILED with the reason. A snapshot whose
traversal was superseded stays IN_PROGRESS, as in Heat.
"""
from heat_conv.common.status import Status
from heat_conv.db import api as db_api
from heat_conv.engine.lifecycle import stack_abandon


def finish(stack_id, snapshot_id, status, reason):
    values = {'status': status, 'status_reason': reason}
    if status == Status.COMPLETE:
        # Recorded just before the stack itself says COMPLETE.
        values['data'] = dict(stack_abandon.document(db_api.stack_get(stack_id),
                                                     properties=True), status=status)
    return db_api.snapshot_finish(stack_id, snapshot_id, values)
