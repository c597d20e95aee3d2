"""Stack snapshots."""

import sqlalchemy as sa

from heat_conv.common import exception
from heat_conv.db import models
from heat_conv.db.queries.common import added as _added
from heat_conv.db.queries.common import execute as _execute
from heat_conv.db.queries.common import one as _one
from heat_conv.db.queries.common import rows as _rows
from heat_conv.db.queries.common import transaction


def snapshot_create(values):
    return _added(models.Snapshot(**values))


def snapshot_get(stack_id, snapshot_id):
    return _one(sa.select(models.Snapshot).where(models.Snapshot.id == snapshot_id,
                                                 models.Snapshot.stack_id == stack_id),
                exception.NotFound(f'Snapshot with id {snapshot_id} not found'))


def snapshot_list(stack_id):
    return _rows(sa.select(models.Snapshot).where(models.Snapshot.stack_id == stack_id)
                 .order_by(models.Snapshot.created_at, models.Snapshot.id))


def snapshot_count(stack_id):
    with transaction() as session:
        return session.scalar(sa.select(sa.func.count()).select_from(models.Snapshot)
                              .where(models.Snapshot.stack_id == stack_id))


def snapshot_delete(snapshot_id):
    with transaction() as session:
        return _execute(session, sa.delete(models.Snapshot).where(
            models.Snapshot.id == snapshot_id)).rowcount == 1


def snapshot_finish(stack_id, snapshot_id, values):
    """Record the end of an IN_PROGRESS snapshot; False if it is not one
    (deleted meanwhile, or already ended)."""
    s = models.Snapshot
    with transaction() as session:
        return _execute(session, sa.update(s).where(
            s.id == snapshot_id, s.stack_id == stack_id, s.action == 'CREATE',
            s.status == 'IN_PROGRESS').values(**values)).rowcount == 1


def snapshot_update(snapshot_id, values):
    """Change a snapshot's row; False if it is gone."""
    with transaction() as session:
        return _execute(session, sa.update(models.Snapshot).where(
            models.Snapshot.id == snapshot_id).values(**values)).rowcount == 1


def stacks_deleting_snapshots(stack_ids=None):
    """The ids of the stacks with a snapshot being deleted (DELETE
    IN_PROGRESS): of ``stack_ids`` only, if given."""
    s = models.Snapshot
    query = sa.select(s.stack_id).where(s.action == 'DELETE',
                                        s.status == 'IN_PROGRESS').distinct()
    if stack_ids is not None:
        if not stack_ids:
            return []
        query = query.where(s.stack_id.in_(list(stack_ids)))
    with transaction() as session:
        return sorted(session.scalars(query))
