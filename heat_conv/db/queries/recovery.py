"""What the reaper reads: work that dead processes or lost messages left.

Each query costs what it finds (it goes through an index to the rows that
need work), never a scan of every stack or resource.
"""
import sqlalchemy as sa

from heat_conv.common.status import Status
from heat_conv.db import models
from heat_conv.db.queries.common import retry_on_deadlock
from heat_conv.db.queries.common import transaction


def resources_orphaned(engine_ids=None, live_ids=None):
    """Rows locked by an engine in the middle of an action it runs itself
    (not waiting on the cloud), with their stack's current traversal:
    those locked by one of ``engine_ids``, or else by any engine not in
    ``live_ids``. [(row, current traversal)]"""
    r = models.Resource
    query = (sa.select(r, models.Stack.current_traversal)
             .join(models.Stack, models.Stack.id == r.stack_id)
             .where(r.action_started_at.is_(None)))
    if engine_ids is not None:
        if not engine_ids:
            return []
        query = query.where(r.engine_id.in_(sorted(engine_ids)))
    else:
        query = query.where(r.engine_id.is_not(None))
        if live_ids:
            query = query.where(r.engine_id.not_in(sorted(live_ids)))
    with transaction() as session:
        found = list(session.execute(query.order_by(r.id)))
        for row, _ in found:
            session.expunge(row)
        return [(row, traversal) for row, traversal in found]


def traversal_state(traversal_id, stack_id):
    """A traversal's whole graph as stored: (sync points, edges, arrivals).

    Sync points are SyncPoint objects; edges are (required_id,
    required_is_update, requirer_id, requirer_is_update), as each sync
    point stores its node's; arrivals are (sync_point_id, sender_id,
    sender_is_update, data).
    """
    sp, edge, arrival = models.SyncPoint, models.GraphEdge, models.SyncInput
    with transaction() as session:
        points = list(session.scalars(sa.select(sp).where(sp.traversal_id == traversal_id)))
        for point in points:
            session.expunge(point)
        edges = [(point.entity_id, point.is_update, successor[1], successor[2])
                 for point in points for successor in point.successors or ()]
        if any(point.successors is None for point in points):
            # Started by an earlier release: its edges are in graph_edge.
            edges += [tuple(e) for e in session.execute(
                sa.select(edge.required_id, edge.required_is_update, edge.requirer_id,
                          edge.requirer_is_update).where(edge.traversal_id == traversal_id))]
        arrivals = [tuple(a) for a in session.execute(
            sa.select(arrival.sync_point_id, arrival.sender_id, arrival.sender_is_update,
                      arrival.data)
            .join(sp, sp.id == arrival.sync_point_id)
            .where(arrival.stack_id == stack_id, sp.traversal_id == traversal_id))]
        return points, edges, arrivals


def stacks_waiting_on_cloud(signal_types=()):
    """{stack id: how many of its resources wait for the cloud to finish an action}.

    A resource waiting for its child stack does not wait for the cloud, nor
    does one of ``signal_types`` (those whose waits end on signals).
    """
    r, child = models.Resource, models.Stack
    query = (sa.select(r.stack_id, sa.func.count())
             .where(r.status == Status.IN_PROGRESS, r.action_started_at.is_not(None),
                    ~sa.exists().where(child.id == r.physical_resource_id,
                                       child.owner_id == r.stack_id)))
    if signal_types:
        query = query.where(r.type.not_in(list(signal_types)))
    with transaction() as session:
        return dict(session.execute(query.group_by(r.stack_id)).all())


def stacks_quiet_since(stack_ids):
    """{stack id: when its newest event was written} for ``stack_ids``."""
    if not stack_ids:
        return {}
    e = models.Event
    newest = (sa.select(sa.func.max(e.id)).where(e.stack_id.in_(list(stack_ids)))
              .group_by(e.stack_id))
    with transaction() as session:
        return dict(session.execute(
            sa.select(e.stack_id, e.created_at).where(e.id.in_(newest))).all())


def stacks_with_locks(stack_ids):
    """Those of ``stack_ids`` with a resource some engine holds."""
    if not stack_ids:
        return set()
    r = models.Resource
    with transaction() as session:
        return set(session.scalars(
            sa.select(r.stack_id).distinct()
            .where(r.engine_id.is_not(None), r.stack_id.in_(list(stack_ids)))))


def stacks_never_converged(stack_ids):
    """Those of ``stack_ids`` whose current traversal has no stored graph
    (no sync point): its converge never ran, or is still on its way."""
    if not stack_ids:
        return set()
    s, sp = models.Stack, models.SyncPoint
    stored = sa.select(sp.id).where(sp.traversal_id == s.current_traversal).exists()
    with transaction() as session:
        return set(session.scalars(sa.select(s.id).where(
            s.id.in_(list(stack_ids)), s.current_traversal.is_not(None), ~stored)))


@retry_on_deadlock
def resources_reset_in_progress(stack_id, reason, live_engine_ids):
    """An operator's reset (heat-conv-manage reset_stack_status): the
    stack's resources IN_PROGRESS become FAILED with ``reason`` and lose
    their lock; the key bump makes any report still on its way about their
    action (the observer's, a child's) match nothing. A row a live engine
    is acting on in its own step is left to it. Returns how many were reset."""
    r = models.Resource
    query = (sa.update(r)
             .where(r.stack_id == stack_id, r.status == Status.IN_PROGRESS,
                    sa.or_(r.engine_id.is_(None), r.action_started_at.is_not(None),
                           r.engine_id.not_in(sorted(live_engine_ids) or [''])))
             .values(status=Status.FAILED, status_reason=reason, engine_id=None,
                     action_started_at=None, atomic_key=r.atomic_key + 1))
    with transaction() as session:
        return session.execute(query).rowcount


def resources_held_by(stack_id, engine_ids):
    """Names of the stack's resources one of ``engine_ids`` is acting on in
    its own step (not waiting on the cloud), with the engine: [(name, id)]."""
    if not engine_ids:
        return []
    r = models.Resource
    with transaction() as session:
        return [tuple(row) for row in session.execute(
            sa.select(r.name, r.engine_id).where(
                r.stack_id == stack_id, r.action_started_at.is_(None),
                r.engine_id.in_(sorted(engine_ids))).order_by(r.name))]
