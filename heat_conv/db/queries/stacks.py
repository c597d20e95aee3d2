"""Stacks: the row every operation supersedes with a traversal id."""

import sqlalchemy as sa

from heat_conv.common import exception
from heat_conv.common import timeutils
from heat_conv.common.status import Action
from heat_conv.common.status import Status
from heat_conv.db import models
from heat_conv.db.queries.common import EVENT
from heat_conv.db.queries.common import STACK
from heat_conv.db.queries.common import execute as _execute
from heat_conv.db.queries.common import one as _one
from heat_conv.db.queries.common import reading
from heat_conv.db.queries.common import record as _record
from heat_conv.db.queries.common import retry_on_deadlock
from heat_conv.db.queries.common import rows as _rows
from heat_conv.db.queries.common import transaction
from heat_conv.db.queries.events import event_rows


def stack_create(values, events=()):
    """Insert a stack, and ``events`` about it in the same transaction."""
    with transaction() as session:
        row = models.Stack(**values)
        session.add(row)
        session.flush()
        if events:
            session.connection().execute(sa.insert(EVENT), event_rows(events))
        session.expunge(row)
        return row


_S = STACK.c
# Every status poll and every operation reads its stack: prebuilt, and read
# as a record rather than an ORM object (see common.record).
_GET = {(tenant, live): sa.select(STACK).where(*(
            [_S.id == sa.bindparam('id')]
            + ([_S.tenant == sa.bindparam('tenant')] if tenant else [])
            + ([_S.deleted_at.is_(None)] if live else [])))
        for tenant in (False, True) for live in (False, True)}


def stack_get(stack_id, tenant=None, show_deleted=True):
    params = {'id': stack_id}
    if tenant is not None:
        params['tenant'] = tenant
    with reading() as conn:
        row = conn.execute(_GET[tenant is not None, not show_deleted], params).first()
    if row is None:
        raise exception.StackNotFound(stack_id)
    return _record(row)


def stack_template_ids(stack_id, tenant=None):
    """(raw_template_id, prev_raw_template_id) of a stack, without the rest
    of its row."""
    st = models.Stack
    query = sa.select(st.raw_template_id, st.prev_raw_template_id).where(st.id == stack_id)
    if tenant is not None:
        query = query.where(st.tenant == tenant)
    with transaction() as session:
        found = session.execute(query).first()
    if found is None:
        raise exception.StackNotFound(stack_id)
    return tuple(found)


def stack_get_by_name(tenant, name, show_deleted=False):
    query = sa.select(models.Stack).where(
        models.Stack.tenant == tenant, models.Stack.name == name)
    if not show_deleted:
        query = query.where(models.Stack.deleted_at.is_(None))
    return _one(query.order_by(models.Stack.created_at.desc()),
                exception.StackNotFound(name))


def stack_list(tenant=None, filters=None, sort_keys=None, sort_dir='desc',
               limit=None, marker=None, show_deleted=False, show_nested=False):
    """Stacks matching ``filters`` ({column: value or [values]}), paged by marker."""
    filters = filters or {}
    sort_keys = sort_keys or ['created_at']
    query = sa.select(models.Stack)
    if tenant is not None:
        query = query.where(models.Stack.tenant == tenant)
    if not show_deleted:
        query = query.where(models.Stack.deleted_at.is_(None))
    if not show_nested:
        query = query.where(models.Stack.owner_id.is_(None))
    for key, value in filters.items():
        column = getattr(models.Stack, key)
        if isinstance(value, (list, tuple, set)):
            query = query.where(column.in_(list(value)))
        else:
            query = query.where(column == value)
    columns = [getattr(models.Stack, k) for k in sort_keys] + [models.Stack.id]
    order = [c.desc() if sort_dir == 'desc' else c.asc() for c in columns]
    if marker is not None:
        # Only the caller's own stacks: no existence oracle for other
        # projects' stack ids.
        marker_query = sa.select(models.Stack).where(models.Stack.id == marker)
        if tenant is not None:
            marker_query = marker_query.where(models.Stack.tenant == tenant)
        marker_row = _one(marker_query, exception.Invalid(f'marker {marker} not found'))
        query = query.where(_after_marker(columns, marker_row, sort_dir))
    query = query.order_by(*order)
    if limit is not None:
        query = query.limit(limit)
    return _rows(query)


def _after_marker(columns, marker_row, sort_dir):
    """A keyset-pagination predicate: rows strictly after ``marker_row``."""
    clauses = []
    for i, column in enumerate(columns):
        value = getattr(marker_row, column.key)
        equal_prefix = [c == getattr(marker_row, c.key) for c in columns[:i]]
        beyond = column < value if sort_dir == 'desc' else column > value
        clauses.append(sa.and_(*equal_prefix, beyond))
    return sa.or_(*clauses)


@retry_on_deadlock
def stack_update(stack_id, values, expected=None):
    """Update a stack; with ``expected`` ({column: value}) only if it still matches.

    Returns True when a row changed (the compare-and-swap won).
    """
    values = dict(values, updated_at=timeutils.utcnow())
    with transaction() as session:
        query = sa.update(models.Stack).where(models.Stack.id == stack_id)
        for key, value in (expected or {}).items():
            column = getattr(models.Stack, key)
            query = query.where(column.is_(None) if value is None else column == value)
        return _execute(session, query.values(**values)).rowcount == 1


def stacks_in_progress():
    return _rows(sa.select(models.Stack).where(
        models.Stack.status == Status.IN_PROGRESS,
        models.Stack.deleted_at.is_(None)))


def stack_last_activity(stack_id):
    """When anything of the stack last changed: its newest event."""
    with transaction() as session:
        return session.scalar(sa.select(sa.func.max(models.Event.created_at))
                              .where(models.Event.stack_id == stack_id))


def stack_count(tenant):
    """How many live (not deleted) stacks the project has."""
    with transaction() as session:
        return session.scalar(sa.select(sa.func.count()).select_from(models.Stack).where(
            models.Stack.tenant == tenant, models.Stack.deleted_at.is_(None)))


def stacks_never_started(created_before):
    """Live stacks still INIT with no traversal, created before the time
    given: left by an API process that stopped between inserting a stack and
    starting it (possible before creation became one transaction)."""
    return _rows(sa.select(models.Stack).where(
        models.Stack.action == Action.INIT, models.Stack.current_traversal.is_(None),
        models.Stack.deleted_at.is_(None), models.Stack.created_at < created_before))


def stack_children(owner_id, resource_name=None):
    """Live child stacks of ``owner_id`` (of its resource ``resource_name``
    when given), oldest first."""
    s = models.Stack
    query = sa.select(s).where(s.owner_id == owner_id, s.deleted_at.is_(None))
    if resource_name is not None:
        query = query.where(s.parent_resource_name == resource_name)
    return _rows(query.order_by(s.created_at, s.id))


def tree_resource_count(stack_id, leaving_out=None):
    """Current resources of every live stack in the tree ``stack_id`` is
    part of, from its root down: what max_resources_per_stack limits. The
    stack ``leaving_out`` (a child about to converge onto a new template)
    is counted without its own resources, as Heat counts, since the new
    template's take their place; its children stay counted."""
    s, r = models.Stack, models.Resource
    with transaction() as session:
        root = stack_id
        while (owner := session.scalar(sa.select(s.owner_id).where(s.id == root))):
            root = owner
        tree, level = [root], [root]
        while level:
            level = list(session.scalars(sa.select(s.id).where(
                s.owner_id.in_(level), s.deleted_at.is_(None))))
            tree.extend(level)
        counted = [i for i in tree if i != leaving_out]
        return session.scalar(sa.select(sa.func.count()).select_from(r).where(
            r.stack_id.in_(counted), r.replaced_by.is_(None)))


def stacks_settled_awaited(owner_ids):
    """Settled child stacks of ``owner_ids`` whose parent resource still
    waits for them."""
    s, r = models.Stack, models.Resource
    return _rows(sa.select(s).where(
        s.owner_id.in_(list(owner_ids)), s.status != Status.IN_PROGRESS,
        sa.exists().where(r.stack_id == s.owner_id, r.physical_resource_id == s.id,
                          r.status == Status.IN_PROGRESS,
                          r.action_started_at.is_not(None))))


def stack_facade(stack):
    """For a child stack, what its ``resource_facade`` reads: its parent
    resource's metadata and policies (None for a top-level stack)."""
    if stack.owner_id is None:
        return None
    r = models.Resource
    rows = _rows(sa.select(r).where(r.stack_id == stack.owner_id,
                                    r.name == stack.parent_resource_name).order_by(r.id))
    held = [row for row in rows if row.physical_resource_id == stack.id] or rows
    row = held[-1] if held else None
    return {'metadata': (row.rsrc_metadata if row is not None else None) or {},
            'deletion_policy': row.deletion_policy if row is not None else 'Delete',
            'update_policy': {}}
