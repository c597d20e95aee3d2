"""Removing deleted stacks for good (``heat-conv-manage purge_deleted``).

A deleted stack stays in the database, listed with ``show_deleted``, until
it is purged: then its row goes, with its nested stacks (deleted with it),
resources, events, traversal graphs, observer lease and the templates
nothing else uses.
"""
import sqlalchemy as sa
from sqlalchemy import orm

from heat_conv.db import models
from heat_conv.db.queries.common import execute as _execute
from heat_conv.db.queries.common import retry_on_deadlock
from heat_conv.db.queries.common import transaction


def stacks_purge_deleted(deleted_before, tenant=None, batch_size=20):
    """Purge the stacks deleted before ``deleted_before`` (of ``tenant`` only,
    if given), ``batch_size`` top-level stacks per transaction. Returns how
    many stacks (nested ones included) were purged."""
    purged = 0
    while True:
        count = _purge_batch(deleted_before, tenant, batch_size)
        if not count:
            return purged
        purged += count


@retry_on_deadlock
def _purge_batch(deleted_before, tenant, batch_size):
    s = models.Stack
    with transaction() as session:
        query = sa.select(s.id).where(s.deleted_at.is_not(None),
                                      s.deleted_at < deleted_before)
        if tenant is not None:
            query = query.where(s.tenant == tenant)
        # Nested stacks go with their deleted parent, when it goes; one
        # whose parent lives on (removed from its template) goes by itself.
        parent = orm.aliased(s)
        query = query.where(sa.or_(s.owner_id.is_(None), ~sa.exists().where(
            parent.id == s.owner_id, parent.deleted_at.is_not(None))))
        roots = list(session.scalars(query.order_by(s.deleted_at, s.id).limit(batch_size)))
        if not roots:
            return 0
        levels = _with_nested(session, roots)
        if levels is None:
            # A live nested stack under a deleted one: leave the lot alone.
            return 0
        ids = [stack_id for level in levels for stack_id in level]
        templates = _templates_of(session, ids)
        for model in (models.Event, models.ResourceSignal, models.SyncInput,
                      models.SyncPoint, models.GraphEdge, models.Resource):
            _execute(session, sa.delete(model).where(model.stack_id.in_(ids)))
        _execute(session, sa.delete(models.ObserverLease)
                 .where(models.ObserverLease.stack_id.in_(ids)))
        for level in reversed(levels):   # children before their parents
            _execute(session, sa.delete(s).where(s.id.in_(level)))
        _delete_unused_templates(session, templates)
        return len(ids)


def _with_nested(session, roots):
    """[[roots], [their children], ...]; None if a descendant is not deleted."""
    s = models.Stack
    levels = [roots]
    while True:
        children = list(session.execute(
            sa.select(s.id, s.deleted_at).where(s.owner_id.in_(levels[-1]))))
        if not children:
            return levels
        if any(deleted_at is None for _, deleted_at in children):
            return None
        levels.append([stack_id for stack_id, _ in children])


def _templates_of(session, stack_ids):
    """The templates stored for the stacks, and any they refer to (stored
    before templates named their stack)."""
    s, r, t = models.Stack, models.Resource, models.RawTemplate
    found = set(session.scalars(sa.select(t.id).where(t.stack_id.in_(stack_ids))))
    for a, b in session.execute(sa.select(s.raw_template_id, s.prev_raw_template_id)
                                .where(s.id.in_(stack_ids))):
        found.update((a, b))
    found.update(session.scalars(sa.select(r.template_id).distinct()
                                 .where(r.stack_id.in_(stack_ids))))
    found.discard(None)
    return found


def _delete_unused_templates(session, template_ids):
    if not template_ids:
        return
    s, r, t = models.Stack, models.Resource, models.RawTemplate
    used = set()
    for column in (s.raw_template_id, s.prev_raw_template_id, r.template_id):
        used.update(session.scalars(sa.select(column).distinct()
                                    .where(column.in_(template_ids))))
    unused = sorted(template_ids - used)
    if unused:
        _execute(session, sa.delete(t).where(t.id.in_(unused)))
