"""The one query layer: every SQL statement heat-conv runs is here.

Functions take and return plain values or detached model objects. Writes
that change ownership are compare-and-swap updates checked by row count.
Transient deadlocks are retried.
"""
import datetime

import sqlalchemy as sa
from oslo_db import api as oslo_db_api
from oslo_db import exception as db_exc

from heat_conv.common import exception
from heat_conv.common import timeutils
from heat_conv.db import models
from heat_conv.db import session as db_session

transaction = db_session.transaction

# Core tables for the hot path: plain statements skip the ORM's bulk
# machinery, which costs more than the statements themselves.
RESOURCE = models.Resource.__table__
STACK = models.Stack.__table__
SYNC_POINT = models.SyncPoint.__table__
SYNC_INPUT = models.SyncInput.__table__
EVENT = models.Event.__table__


def _execute(session, statement):
    """Run a bulk UPDATE/DELETE without the ORM's session synchronisation,
    which on MySQL costs an extra SELECT per statement; callers never keep
    ORM objects across such writes."""
    return session.execute(statement,
                           execution_options={'synchronize_session': False})


retry_on_deadlock = oslo_db_api.wrap_db_retry(
    max_retries=10, retry_on_deadlock=True, inc_retry_interval=True,
    retry_interval=0.05, max_retry_interval=1)


# --- raw templates ---------------------------------------------------------

def raw_template_create(template, files=None, environment=None, parameters=None):
    with transaction() as session:
        row = models.RawTemplate(template=template, files=files or {},
                                 environment=environment or {},
                                 parameters=parameters or {})
        session.add(row)
        session.flush()
        return row.id


def raw_template_get(template_id):
    with transaction() as session:
        row = session.get(models.RawTemplate, template_id)
        if row is None:
            raise exception.NotFound(f'Template {template_id} not found')
        session.expunge(row)
        return row


# --- stacks ----------------------------------------------------------------

def stack_create(values):
    with transaction() as session:
        row = models.Stack(**values)
        session.add(row)
        session.flush()
        session.expunge(row)
        return row


def stack_get(stack_id, tenant=None, show_deleted=True):
    with transaction() as session:
        query = sa.select(models.Stack).where(models.Stack.id == stack_id)
        if tenant is not None:
            query = query.where(models.Stack.tenant == tenant)
        if not show_deleted:
            query = query.where(models.Stack.deleted_at.is_(None))
        row = session.scalars(query).first()
        if row is None:
            raise exception.StackNotFound(stack_id)
        session.expunge(row)
        return row


def stack_get_by_name(tenant, name, show_deleted=False):
    with transaction() as session:
        query = sa.select(models.Stack).where(
            models.Stack.tenant == tenant, models.Stack.name == name)
        if not show_deleted:
            query = query.where(models.Stack.deleted_at.is_(None))
        row = session.scalars(query.order_by(models.Stack.created_at.desc())).first()
        if row is None:
            raise exception.StackNotFound(name)
        session.expunge(row)
        return row


def stack_list(tenant=None, filters=None, sort_keys=None, sort_dir='desc',
               limit=None, marker=None, show_deleted=False, show_nested=False):
    """Stacks matching ``filters`` ({column: value or [values]}), paged by marker."""
    filters = filters or {}
    sort_keys = sort_keys or ['created_at']
    with transaction() as session:
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
            marker_row = session.get(models.Stack, marker)
            if marker_row is None:
                raise exception.Invalid(f'marker {marker} not found')
            query = query.where(_after_marker(columns, marker_row, sort_dir))
        query = query.order_by(*order)
        if limit is not None:
            query = query.limit(limit)
        rows = list(session.scalars(query))
        for row in rows:
            session.expunge(row)
        return rows


def _after_marker(columns, marker_row, sort_dir):
    """A keyset-pagination predicate: rows strictly after ``marker_row``."""
    clauses = []
    for i, column in enumerate(columns):
        value = getattr(marker_row, column.key)
        equal_prefix = [c == getattr(marker_row, c.key) for c in columns[:i]]
        beyond = column < value if sort_dir == 'desc' else column > value
        clauses.append(sa.and_(*equal_prefix, beyond))
    return sa.or_(*clauses)


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
    with transaction() as session:
        rows = list(session.scalars(sa.select(models.Stack).where(
            models.Stack.status == 'IN_PROGRESS',
            models.Stack.deleted_at.is_(None))))
        for row in rows:
            session.expunge(row)
        return rows


# --- resources -------------------------------------------------------------

def resource_create(values):
    with transaction() as session:
        row = models.Resource(**values)
        session.add(row)
        session.flush()
        session.expunge(row)
        return row


def resource_get(resource_id):
    with transaction() as session:
        row = session.get(models.Resource, resource_id)
        if row is None:
            raise exception.NotFound(f'Resource {resource_id} not found')
        session.expunge(row)
        return row


def resource_and_traversal(resource_id):
    """A resource row and its stack's current traversal, in one statement."""
    with transaction() as session:
        result = session.execute(
            sa.select(models.Resource, models.Stack.current_traversal)
            .join(models.Stack, models.Stack.id == models.Resource.stack_id)
            .where(models.Resource.id == resource_id)).first()
        if result is None:
            raise exception.NotFound(f'Resource {resource_id} not found')
        row, traversal = result
        session.expunge(row)
        return row, traversal


def resources_of_stack(stack_id, include_deleted=False):
    """Every resource row of a stack (current and superseded), oldest first."""
    with transaction() as session:
        query = sa.select(models.Resource).where(models.Resource.stack_id == stack_id)
        if not include_deleted:
            query = query.where(sa.not_(sa.and_(
                models.Resource.action == 'DELETE',
                models.Resource.status == 'COMPLETE')))
        rows = list(session.scalars(query.order_by(models.Resource.id)))
        for row in rows:
            session.expunge(row)
        return rows


def resource_cas(resource_id, atomic_key, values, engine_id=False,
                 while_traversal=None):
    """Compare-and-swap write on a resource row.

    Matches only if the row's ``atomic_key`` is unchanged (and, when
    ``engine_id`` is given, it is the current lock holder, None meaning
    unlocked; and, when ``while_traversal`` is (stack_id, traversal_id),
    that traversal is still the stack's current one). Bumps ``atomic_key``.
    Returns True when it won.
    """
    values = dict(values, atomic_key=atomic_key + 1, updated_at=timeutils.utcnow())
    r = RESOURCE
    query = sa.update(r).where(r.c.id == resource_id, r.c.atomic_key == atomic_key)
    if engine_id is not False:
        query = query.where(r.c.engine_id.is_(None) if engine_id is None
                            else r.c.engine_id == engine_id)
    if while_traversal is not None:
        stack_id, traversal_id = while_traversal
        query = query.where(sa.exists().where(
            STACK.c.id == stack_id, STACK.c.current_traversal == traversal_id))
    with transaction() as session:
        return session.connection().execute(query.values(**values)).rowcount == 1


def resource_delete_unused(resource_id):
    """Remove a row that never got a physical resource (a lost replacement race)."""
    with transaction() as session:
        _execute(session, sa.delete(models.Resource).where(
            models.Resource.id == resource_id,
            models.Resource.action == 'INIT',
            models.Resource.engine_id.is_(None)))


def resource_update(resource_id, values):
    """An unconditional write, for fields no lock protects (drift, replaced_by)."""
    with transaction() as session:
        _execute(session, sa.update(models.Resource)
                        .where(models.Resource.id == resource_id).values(**values))


def resources_waiting(limit=None, stack_ids=None):
    """Rows whose asynchronous action awaits the observer."""
    with transaction() as session:
        query = sa.select(models.Resource).where(
            models.Resource.status == 'IN_PROGRESS',
            models.Resource.action_started_at.is_not(None))
        if stack_ids is not None:
            query = query.where(models.Resource.stack_id.in_(list(stack_ids)))
        if limit:
            query = query.limit(limit)
        rows = list(session.scalars(query.order_by(models.Resource.id)))
        for row in rows:
            session.expunge(row)
        return rows


def resources_locked(stack_id):
    with transaction() as session:
        rows = list(session.scalars(sa.select(models.Resource).where(
            models.Resource.stack_id == stack_id,
            models.Resource.engine_id.is_not(None))))
        for row in rows:
            session.expunge(row)
        return rows


def stack_last_activity(stack_id):
    """When anything of the stack last changed: its newest event."""
    with transaction() as session:
        return session.scalar(sa.select(sa.func.max(models.Event.created_at))
                              .where(models.Event.stack_id == stack_id))


def resources_failed_in(stack_id, traversal_id):
    """Rows whose step in ``traversal_id`` failed, e.g. failed checks."""
    r = models.Resource
    with transaction() as session:
        rows = list(session.scalars(sa.select(r).where(
            r.stack_id == stack_id, r.traversal_id == traversal_id,
            r.status == 'FAILED').order_by(r.name)))
        for row in rows:
            session.expunge(row)
        return rows


def resources_observable(stack_ids):
    """Rows to compare with reality: settled, current, with a physical object."""
    if not stack_ids:
        return []
    r = models.Resource
    with transaction() as session:
        rows = list(session.scalars(sa.select(r).where(
            r.stack_id.in_(list(stack_ids)),
            r.physical_resource_id.is_not(None),
            r.replaced_by.is_(None),
            r.engine_id.is_(None),
            r.action.not_in(['INIT', 'DELETE'])).order_by(r.id)))
        for row in rows:
            session.expunge(row)
        return rows


def resources_record_drift(changes, checked_ids):
    """Store drift findings: ``changes`` [(row, status, detail, event)] for rows
    whose drift status changed (with their event), ``checked_ids`` for the
    rest, whose check time alone moves. A change is written only if the row
    was not touched meanwhile (its atomic_key), so a finding about an old
    physical object never lands on a newer one.
    """
    now = timeutils.utcnow()
    r = models.Resource
    with transaction() as session:
        written = []
        for row, status, detail, event in changes:
            won = _execute(session, sa.update(r).where(
                r.id == row.id, r.atomic_key == row.atomic_key).values(
                drift_status=status, drift_detail=detail, drift_checked_at=now)
            ).rowcount
            if won:
                written.append(dict(event, uuid=models.new_uuid(), created_at=now))
        if written:
            session.execute(sa.insert(models.Event), written)
        if checked_ids:
            _execute(session, sa.update(r).where(r.id.in_(list(checked_ids)))
                     .values(drift_checked_at=now))
        return len(written)


def stacks_observable():
    """Ids of stacks whose resources the observer watches (not deleted)."""
    with transaction() as session:
        return [row for (row,) in session.execute(
            sa.select(models.Stack.id).where(models.Stack.deleted_at.is_(None))
            .order_by(models.Stack.id))]


def observer_leases(observer_id, lease_secs, share):
    """Hold leases on up to ``share`` stacks for ``observer_id``; return them.

    Renews the observer's own leases, then claims unleased or expired
    stacks until it holds its share. Each claim is a compare-and-swap on
    the lease row, so two observers never hold the same stack.
    """
    lease = models.ObserverLease
    now = timeutils.utcnow()
    until = now + datetime.timedelta(seconds=lease_secs)
    with transaction() as session:
        _execute(session, sa.update(lease).where(lease.observer_id == observer_id)
                 .values(expires_at=until))
        mine = set(session.scalars(sa.select(lease.stack_id)
                                   .where(lease.observer_id == observer_id)))
        live = sa.select(models.Stack.id).where(models.Stack.deleted_at.is_(None))
        _execute(session, sa.delete(lease).where(lease.stack_id.not_in(live)))
        mine &= set(session.scalars(live))
    if len(mine) >= share:
        return mine
    with transaction() as session:
        leased = sa.select(lease.stack_id).where(lease.expires_at > now)
        free = list(session.scalars(
            sa.select(models.Stack.id).where(models.Stack.deleted_at.is_(None),
                                             models.Stack.id.not_in(leased))
            .limit(share - len(mine))))
    for stack_id in free:
        if _claim(stack_id, observer_id, now, until):
            mine.add(stack_id)
    return mine


def _claim(stack_id, observer_id, now, until):
    lease = models.ObserverLease
    with transaction() as session:
        taken = _execute(session, sa.update(lease).where(
            lease.stack_id == stack_id, lease.expires_at <= now).values(
            observer_id=observer_id, expires_at=until)).rowcount
        if taken:
            return True
        if session.get(lease, stack_id) is not None:
            return False
    try:
        with transaction() as session:
            session.execute(sa.insert(lease).values(
                stack_id=stack_id, observer_id=observer_id, expires_at=until))
        return True
    except db_exc.DBDuplicateEntry:
        return False


def observer_release(observer_id):
    with transaction() as session:
        _execute(session, sa.delete(models.ObserverLease)
                 .where(models.ObserverLease.observer_id == observer_id))


# --- traversal graph and sync points ---------------------------------------

def traversal_store(stack_id, traversal_id, new_rows, make_graph):
    """Create a traversal: its new resource rows, edges and sync points.

    ``make_graph(rows)`` gets {name: id} of the new rows and returns (edges,
    sync_points). One transaction: a duplicate ``converge`` for the same
    traversal loses on the sync points' unique key and leaves nothing
    behind. Returns the new rows' ids by name, or None for such a duplicate.
    """
    now = timeutils.utcnow()
    try:
        with transaction() as session:
            created = {}
            if new_rows:
                result = session.execute(
                    sa.insert(models.Resource).returning(
                        models.Resource.id, models.Resource.name,
                        sort_by_parameter_order=True),
                    [dict(values, uuid=models.new_uuid(), created_at=now,
                          atomic_key=0, drift_status='NOT_CHECKED')
                     for values in new_rows])
                created = {name: row_id for row_id, name in result}
            edges, sync_points = make_graph(created)
            if edges:
                session.execute(sa.insert(models.GraphEdge), [
                    dict(e, stack_id=stack_id, traversal_id=traversal_id)
                    for e in edges])
            session.execute(sa.insert(models.SyncPoint), [
                dict(s, stack_id=stack_id, traversal_id=traversal_id, created_at=now)
                for s in sync_points])
            return created
    except db_exc.DBDuplicateEntry:
        return None


def successors(traversal_id, entity_id, is_update):
    """Edges leaving a node, each joined with its successor's sync point.

    Rows of (requirer_id, requirer_is_update, attrs, sync_point_id,
    predecessors, definition); requirer_id None is the stack's completion.
    """
    with transaction() as session:
        sp = models.SyncPoint
        edge = models.GraphEdge
        query = (sa.select(edge.requirer_id, edge.requirer_is_update, edge.attrs,
                           sp.id, sp.predecessors, sp.definition)
                 .outerjoin(sp, sa.and_(
                     sp.traversal_id == edge.traversal_id,
                     sp.entity_id == sa.func.coalesce(edge.requirer_id, 0),
                     sp.is_update == sa.func.coalesce(edge.requirer_is_update, True)))
                 .where(edge.traversal_id == traversal_id,
                        edge.required_id == entity_id,
                        edge.required_is_update == is_update))
        return [tuple(r) for r in session.execute(query)]


def sync_point_get(traversal_id, entity_id, is_update):
    with transaction() as session:
        row = session.scalars(sa.select(models.SyncPoint).where(
            models.SyncPoint.traversal_id == traversal_id,
            models.SyncPoint.entity_id == entity_id,
            models.SyncPoint.is_update == is_update)).first()
        if row is not None:
            session.expunge(row)
        return row


NOT_LAST, LAST, LAST_MUST_ACT = 'not last', 'last', 'last, must act'


@retry_on_deadlock
def sync_arrive(sync_point_id, stack_id, sender_id, sender_is_update, data,
                single_predecessor, must_act=False, expect_last=False):
    """Record one predecessor's arrival at a sync point.

    Returns NOT_LAST, or for exactly one final arrival LAST or
    LAST_MUST_ACT (some arrival passed ``must_act``).

    The insert deduplicates a redelivered message (unique sender). The
    counter is only moved by conditional decrements: "from above one" for an
    arrival that is not the last, "from one to zero" for the one that is.
    Row locks order racing arrivals, so exactly one of them takes the
    counter to zero; a typical arrival costs two statements, one more when
    ``expect_last`` (a hint about which outcome to try first) is wrong.
    """
    sp = SYNC_POINT.c
    try:
        with transaction() as session:
            conn = session.connection()
            conn.execute(sa.insert(SYNC_INPUT).values(
                sync_point_id=sync_point_id, stack_id=stack_id, sender_id=sender_id,
                sender_is_update=sender_is_update, data=data))
            if single_predecessor:
                return LAST_MUST_ACT if must_act else LAST
            values = {'remaining': sp.remaining - 1}
            if must_act:
                values['must_act'] = True
            decrement = sa.update(SYNC_POINT).values(**values)
            attempts = [(sp.remaining > 1, NOT_LAST)]
            if not must_act:
                attempts.append((sa.and_(sp.remaining == 1, sp.must_act.is_(False)),
                                 LAST))
            attempts.append((sp.remaining == 1, LAST_MUST_ACT))
            if expect_last:
                # Try the likely outcome first; the first statement locks the
                # row, so the order of the attempts cannot change the result.
                attempts = attempts[1:] + attempts[:1]
            for condition, outcome in attempts:
                if conn.execute(decrement.where(sp.id == sync_point_id,
                                                condition)).rowcount:
                    return outcome
            return NOT_LAST
    except db_exc.DBDuplicateEntry:
        return NOT_LAST


def sync_inputs(sync_point_id):
    """Data every predecessor sent to a sync point."""
    with transaction() as session:
        return [row for (row,) in session.execute(
            sa.select(models.SyncInput.data)
            .where(models.SyncInput.sync_point_id == sync_point_id))]


def traversal_purge(stack_id, keep_traversal=None):
    """Drop graph edges and sync points of every traversal but ``keep_traversal``."""
    with transaction() as session:
        for model in (models.GraphEdge, models.SyncPoint):
            query = sa.delete(model).where(model.stack_id == stack_id)
            if keep_traversal is not None:
                query = query.where(model.traversal_id != keep_traversal)
            _execute(session, query)
        live = sa.select(models.SyncPoint.id).where(models.SyncPoint.stack_id == stack_id)
        _execute(session, sa.delete(models.SyncInput).where(
            models.SyncInput.stack_id == stack_id,
            models.SyncInput.sync_point_id.not_in(live)))


def resources_purge_deleted(stack_id):
    with transaction() as session:
        _execute(session, sa.delete(models.Resource).where(
            models.Resource.stack_id == stack_id,
            models.Resource.action == 'DELETE',
            models.Resource.status == 'COMPLETE',
            models.Resource.engine_id.is_(None)))


# --- events ----------------------------------------------------------------

def events_add(events):
    if not events:
        return
    now = timeutils.utcnow()
    with transaction() as session:
        session.connection().execute(sa.insert(EVENT), [
            dict(e, uuid=models.new_uuid(), created_at=e.get('created_at', now))
            for e in events])


def event_list(stack_id, resource_name=None, filters=None, sort_dir='asc',
               limit=None, marker=None):
    ev = models.Event
    with transaction() as session:
        query = sa.select(ev).where(ev.stack_id == stack_id)
        if resource_name is not None:
            query = query.where(ev.resource_name == resource_name)
        for key, value in (filters or {}).items():
            column = getattr(ev, key)
            values = value if isinstance(value, (list, tuple, set)) else [value]
            query = query.where(column.in_(list(values)))
        if marker is not None:
            marker_id = session.scalar(sa.select(ev.id).where(ev.uuid == marker))
            if marker_id is None:
                raise exception.EventNotFound(marker)
            query = query.where(ev.id < marker_id if sort_dir == 'desc'
                                else ev.id > marker_id)
        query = query.order_by(ev.id.desc() if sort_dir == 'desc' else ev.id.asc())
        if limit is not None:
            query = query.limit(limit)
        rows = list(session.scalars(query))
        for row in rows:
            session.expunge(row)
        return rows


def event_get(stack_id, event_uuid):
    with transaction() as session:
        row = session.scalars(sa.select(models.Event).where(
            models.Event.stack_id == stack_id,
            models.Event.uuid == event_uuid)).first()
        if row is None:
            raise exception.EventNotFound(event_uuid)
        session.expunge(row)
        return row


# --- services --------------------------------------------------------------

def service_heartbeat(service_id, host, binary, topic, report_interval):
    now = timeutils.utcnow()
    with transaction() as session:
        row = session.get(models.Service, service_id)
        if row is None:
            session.add(models.Service(id=service_id, host=host, binary=binary,
                                       topic=topic, report_interval=report_interval,
                                       created_at=now, updated_at=now))
        else:
            row.updated_at = now
            row.deleted_at = None


def service_delete(service_id):
    with transaction() as session:
        _execute(session, sa.update(models.Service)
                        .where(models.Service.id == service_id)
                        .values(deleted_at=timeutils.utcnow()))


def service_list():
    with transaction() as session:
        rows = list(session.scalars(sa.select(models.Service)
                                    .order_by(models.Service.created_at)))
        for row in rows:
            session.expunge(row)
        return rows


# --- API read queries and the API's one write ------------------------------
# Added for heat_conv.api; nothing in the engine depends on these.

def raw_template_descriptions(template_ids):
    """{template id: its ``description``} without loading whole templates."""
    ids = [i for i in set(template_ids) if i is not None]
    if not ids:
        return {}
    rt = models.RawTemplate
    with transaction() as session:
        return dict(session.execute(
            sa.select(rt.id, rt.template['description'].as_string())
            .where(rt.id.in_(ids))).all())


def resource_set_check_status(resource_id, atomic_key, status, reason, event):
    """Mark a row CHECK_``status`` (a user's mark-unhealthy) and record ``event``.

    A compare-and-swap like the engine's writes: it matches only an unlocked
    row whose ``atomic_key`` is unchanged, so it never overwrites an action
    in flight. Returns True when it won.
    """
    now = timeutils.utcnow()
    with transaction() as session:
        won = _execute(session,
            sa.update(models.Resource).where(
                models.Resource.id == resource_id,
                models.Resource.atomic_key == atomic_key,
                models.Resource.engine_id.is_(None))
            .values(action='CHECK', status=status, status_reason=reason,
                    atomic_key=atomic_key + 1, updated_at=now)).rowcount == 1
        if won:
            session.execute(sa.insert(models.Event).values(
                dict(event, uuid=models.new_uuid(), created_at=now)))
        return won
