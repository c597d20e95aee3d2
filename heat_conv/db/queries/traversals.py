"""Traversal graphs and sync points."""

import sqlalchemy as sa
from oslo_db import exception as db_exc

from heat_conv.common import timeutils
from heat_conv.common.status import Drift
from heat_conv.db import models
from heat_conv.db import scope as db_scope
from heat_conv.db.queries.common import GRAPH_EDGE
from heat_conv.db.queries.common import RESOURCE
from heat_conv.db.queries.common import SYNC_INPUT
from heat_conv.db.queries.common import SYNC_POINT
from heat_conv.db.queries.common import connection
from heat_conv.db.queries.common import execute as _execute
from heat_conv.db.queries.common import reading
from heat_conv.db.queries.common import record as _record
from heat_conv.db.queries.common import retry_on_deadlock
from heat_conv.db.queries.common import transaction

NOT_LAST, LAST, LAST_MUST_ACT = 'not last', 'last', 'last, must act'


@retry_on_deadlock
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
                # The rows come back in any order, which lets the driver
                # insert them in batches of many rows per statement (in
                # parameter order it would take one statement per row).
                result = session.execute(
                    sa.insert(RESOURCE).returning(RESOURCE.c.id, RESOURCE.c.name),
                    [dict(values, uuid=models.new_uuid(), created_at=now,
                          atomic_key=0, drift_status=Drift.NOT_CHECKED)
                     for values in new_rows])
                created = {name: row_id for row_id, name in result}
            edges, sync_points = make_graph(created)
            # Core inserts: the ORM's bulk insert splits the rows into one
            # statement per run of rows whose NULL columns differ.
            if edges:
                session.execute(sa.insert(models.GraphEdge.__table__), [
                    dict(e, stack_id=stack_id, traversal_id=traversal_id)
                    for e in edges])
            session.execute(sa.insert(SYNC_POINT), [
                dict(s, stack_id=stack_id, traversal_id=traversal_id, created_at=now)
                for s in sync_points])
            return created
    except db_exc.DBDuplicateEntry:
        return None


def successors(traversal_id, entity_id, is_update=None):
    """Edges leaving a node, each joined with its successor's sync point.

    Rows of (requirer_id, requirer_is_update, attrs, sync_point_id,
    predecessors, definition); requirer_id None is the stack's completion.
    With ``is_update`` None, the edges of both the row's nodes, as
    {is_update: rows}.
    """
    with reading() as conn:
        by_node = {True: [], False: []}
        for row in conn.execute(_EDGES_OF, {'traversal': traversal_id,
                                            'entity': entity_id}):
            by_node[bool(row[-2])].append(tuple(row[:-2]))
        return by_node if is_update is None else by_node[is_update]


def cleanup_successors(traversal_id, entity_ids):
    """Edges leaving the cleanup nodes of ``entity_ids``, in one read:
    {entity_id: rows as successors' (every id given has a list)}."""
    by_entity = {entity_id: [] for entity_id in entity_ids}
    with reading() as conn:
        for row in conn.execute(_EDGES_OF_CLEANUPS, {'traversal': traversal_id,
                                                     'entities': list(by_entity)}):
            by_entity[row[-1]].append(tuple(row[:-2]))
    return by_entity


def _edges_query():
    """A traversal's edges joined with their successors' sync points; the
    last two columns are the edge's required_is_update and required_id."""
    sp = SYNC_POINT.c
    edge = GRAPH_EDGE.c
    return (sa.select(edge.requirer_id, edge.requirer_is_update, edge.attrs,
                      sp.id, sp.predecessors, sp.definition,
                      edge.required_is_update, edge.required_id)
            .select_from(GRAPH_EDGE.outerjoin(SYNC_POINT, sa.and_(
                sp.traversal_id == edge.traversal_id,
                sp.entity_id == sa.func.coalesce(edge.requirer_id, 0),
                sp.is_update == sa.func.coalesce(edge.requirer_is_update, True))))
            .where(edge.traversal_id == sa.bindparam('traversal')))


_EDGES_OF = _edges_query().where(GRAPH_EDGE.c.required_id == sa.bindparam('entity'))
_EDGES_OF_CLEANUPS = _edges_query().where(
    GRAPH_EDGE.c.required_id.in_(sa.bindparam('entities', expanding=True)),
    GRAPH_EDGE.c.required_is_update == sa.false())


def sync_point_get(traversal_id, entity_id, is_update):
    with reading() as conn:
        row = conn.execute(_SYNC_POINT, {'traversal': traversal_id, 'entity': entity_id,
                                         'is_update': is_update}).first()
    return None if row is None else _record(row)


_SP = SYNC_POINT.c
_SYNC_POINT = sa.select(SYNC_POINT).where(
    _SP.traversal_id == sa.bindparam('traversal'), _SP.entity_id == sa.bindparam('entity'),
    _SP.is_update == sa.bindparam('is_update'))
_INSERT_INPUT = sa.insert(SYNC_INPUT)

# How an arrival may move a sync point's counter (see sync_arrive): each
# outcome is one conditional statement, matched by exactly one arrival.
_WHEN = {NOT_LAST: _SP.remaining > 1,
         LAST: sa.and_(_SP.remaining == 1, _SP.must_act.is_(False)),
         LAST_MUST_ACT: _SP.remaining == 1}


def _arrival(outcome, must_act, own, counts):
    """The UPDATE that records an arrival as ``outcome``: an arrival of
    another node (``own`` False) or of the row's own update node, whose
    flag deduplicates it; ``counts``: it moves the counter."""
    values = {}
    if counts:
        values['remaining'] = _SP.remaining - 1
    if must_act:
        values['must_act'] = sa.true()
    where = [_SP.id == sa.bindparam('sp')]
    if own:
        values['update_arrived'] = sa.true()
        where.append(_SP.update_arrived.is_(False))
    if counts:
        where.append(_WHEN[outcome])
    return sa.update(SYNC_POINT).values(values).where(*where)


_ARRIVE = {(outcome, must_act, own): _arrival(outcome, must_act, own, True)
           for outcome in _WHEN for must_act in (False, True) for own in (False, True)}
# A single-predecessor cleanup node's own arrival: only the flag.
_ARRIVE_OWN_ONLY = {must_act: _arrival(None, must_act, True, False)
                    for must_act in (False, True)}


def _attempts(must_act, expect_last=False):
    attempts = [NOT_LAST]
    if not must_act:
        attempts.append(LAST)
    attempts.append(LAST_MUST_ACT)
    if expect_last:
        # Try the likely outcome first; the first statement locks the
        # row, so the order of the attempts cannot change the result.
        attempts = attempts[1:] + attempts[:1]
    return attempts


@retry_on_deadlock
def sync_arrive(sync_point_id, stack_id, sender_id, sender_is_update, data,
                single_predecessor, must_act=False, expect_last=False, record=True):
    """Record one predecessor's arrival at a sync point.

    Returns NOT_LAST, or for exactly one final arrival LAST or
    LAST_MUST_ACT (some arrival passed ``must_act``).

    The insert deduplicates a redelivered message (unique sender). The
    counter is only moved by conditional decrements: "from above one" for an
    arrival that is not the last, "from one to zero" for the one that is.
    Row locks order racing arrivals, so exactly one of them takes the
    counter to zero; a typical arrival costs two statements, one more when
    ``expect_last`` (a hint about which outcome to try first) is wrong.

    ``record`` False: an arrival that needs no record (a cleanup node passed
    through, see sync_point.passes_through): only the counter moves, even
    at a single-predecessor node, so that the node's readiness shows.
    """
    try:
        with connection() as conn:
            if record:
                conn.execute(_INSERT_INPUT, {
                    'sync_point_id': sync_point_id, 'stack_id': stack_id,
                    'sender_id': sender_id, 'sender_is_update': sender_is_update,
                    'data': data})
            if single_predecessor and record:
                return LAST_MUST_ACT if must_act else LAST
            for outcome in _attempts(must_act, expect_last):
                if conn.execute(_ARRIVE[outcome, must_act, False],
                                {'sp': sync_point_id}).rowcount:
                    return outcome
            return NOT_LAST
    except db_exc.DBDuplicateEntry:
        return NOT_LAST


@retry_on_deadlock
def sync_arrive_own_update(sync_point_id, must_act=False, single_predecessor=False):
    """A row's update node arrives at the same row's cleanup node.

    Like sync_arrive, but the arrival is a flag on the sync point, so one
    conditional UPDATE both deduplicates and counts it: a redelivered
    arrival finds the flag set and matches nothing.
    """
    with connection() as conn:
        if single_predecessor:
            moved = conn.execute(_ARRIVE_OWN_ONLY[must_act], {'sp': sync_point_id})
            return (LAST_MUST_ACT if must_act else LAST) if moved.rowcount else NOT_LAST
        for outcome in _attempts(must_act):
            if conn.execute(_ARRIVE[outcome, must_act, True],
                            {'sp': sync_point_id}).rowcount:
                return outcome
        return NOT_LAST


def sync_arrive_many(stack_id, sender_id, sender_is_update, arrivals, own=None,
                     record=True):
    """Every arrival of one node at its successors' sync points, together.

    ``arrivals``: (sync_point_id, data, predecessors, expect_last) at
    other nodes' sync points (as sync_arrive); ``own``: (sync_point_id,
    must_act, predecessors) of the row's own cleanup node (as
    sync_arrive_own_update), or None. Returns {sync_point_id: outcome}.

    One transaction (a node's arrivals are all recorded or none are), and
    when two or more counters move, three statements for any number of
    successors: the inputs in one insert, the counters in one update, then
    one read of which of them reached zero; the update's row locks keep
    racing arrivals apart as sync_arrive's do. A redelivered node's insert
    finds its inputs there already: the one-by-one arrivals then tell
    which, if any, are new. ``record`` False: as sync_arrive's (no input
    rows; every counter moves).
    """
    return db_scope.atomically(
        lambda: _arrive_many(stack_id, sender_id, sender_is_update, arrivals, own, record))


def _arrive_many(stack_id, sender_id, sender_is_update, arrivals, own, record):
    counted = [a[0] for a in arrivals if a[2] > 1 or not record]
    if own is not None and own[2] > 1:
        counted.append(own[0])
    if len(counted) < 2:   # one counter: the one-by-one arrivals cost no more
        return _one_by_one(stack_id, sender_id, sender_is_update, arrivals, own, record)
    if arrivals and record:
        try:
            with connection() as conn:
                conn.execute(_INSERT_INPUT, [
                    {'sync_point_id': sp_id, 'stack_id': stack_id, 'sender_id': sender_id,
                     'sender_is_update': sender_is_update, 'data': data}
                    for sp_id, data, _, _ in arrivals])
        except db_exc.DBDuplicateEntry:
            return _one_by_one(stack_id, sender_id, sender_is_update, arrivals, own, record)
    touched = list(counted)
    params = {'counted': counted}
    must_act = False
    if own is not None:
        own_id, must_act, _ = own
        params['own'] = own_id
        if own_id not in touched:
            touched.append(own_id)
    params['touched'] = touched
    with connection() as conn:
        moved = conn.execute(_ARRIVE_MANY[own is not None, must_act], params).rowcount
        state = {row.id: row for row in conn.execute(_COUNTERS, {'counted': counted})}
    outcomes = {}
    for sp_id, _, predecessors, _ in arrivals:
        outcomes[sp_id] = LAST if sp_id not in state else _outcome(state[sp_id])
    if own is not None:
        own_id, must_act, predecessors = own
        if moved < len(touched):
            outcomes[own_id] = NOT_LAST   # it had arrived before
        elif predecessors == 1:
            outcomes[own_id] = LAST_MUST_ACT if must_act else LAST
        else:
            outcomes[own_id] = _outcome(state[own_id])
    return outcomes


def _arrive_many_statement(with_own, must_act):
    counted = sa.bindparam('counted', expanding=True)
    values = {'remaining': sa.case((_SP.id.in_(counted), _SP.remaining - 1),
                                   else_=_SP.remaining)}
    where = [_SP.id.in_(sa.bindparam('touched', expanding=True))]
    if with_own:
        own = sa.bindparam('own')
        values['update_arrived'] = sa.case((_SP.id == own, sa.true()),
                                           else_=_SP.update_arrived)
        if must_act:
            values['must_act'] = sa.case((_SP.id == own, sa.true()), else_=_SP.must_act)
        # The own arrival is deduplicated by its flag, as one by one.
        where.append(sa.not_(sa.and_(_SP.id == own, _SP.update_arrived)))
    return sa.update(SYNC_POINT).values(values).where(*where)


_ARRIVE_MANY = {(with_own, must_act): _arrive_many_statement(with_own, must_act)
                for with_own in (False, True) for must_act in (False, True)}
# The rows an arrival just moved, as they are now (its own locks hold them).
_COUNTERS = (sa.select(_SP.id, _SP.remaining, _SP.must_act)
             .where(_SP.id.in_(sa.bindparam('counted', expanding=True)))
             .with_for_update())


def _outcome(point):
    if point.remaining > 0:
        return NOT_LAST
    return LAST_MUST_ACT if point.must_act else LAST


def _one_by_one(stack_id, sender_id, sender_is_update, arrivals, own, record=True):
    outcomes = {}
    for sp_id, data, predecessors, expect_last in arrivals:
        outcomes[sp_id] = sync_arrive(sp_id, stack_id, sender_id, sender_is_update, data,
                                      single_predecessor=predecessors == 1,
                                      expect_last=expect_last, record=record)
    if own is not None:
        own_id, must_act, predecessors = own
        outcomes[own_id] = sync_arrive_own_update(own_id, must_act=must_act,
                                                  single_predecessor=predecessors == 1)
    return outcomes


def sync_inputs(sync_point_id):
    """Data every predecessor sent to a sync point.

    A locking read: inside a longer transaction (db_api.atomically) on
    MySQL's REPEATABLE READ, a plain read would see the snapshot taken at
    the transaction's first read, without the inputs that predecessors
    committed since, the ones whose arrival made this node ready.
    """
    with reading() as conn:
        return [row for (row,) in conn.execute(_INPUTS, {'sp': sync_point_id})]


_INPUTS = (sa.select(SYNC_INPUT.c.data)
           .where(SYNC_INPUT.c.sync_point_id == sa.bindparam('sp'))
           .with_for_update(read=True))


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
