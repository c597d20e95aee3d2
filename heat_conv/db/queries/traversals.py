"""Traversal graphs and sync points."""

import json

import sqlalchemy as sa
from oslo_db import exception as db_exc

from heat_conv.common import timeutils
from heat_conv.common.status import Drift
from heat_conv.db import models
from heat_conv.db import scope as db_scope
from heat_conv.db import servers as db_servers
from heat_conv.db.queries.common import RESOURCE
from heat_conv.db.queries.common import SYNC_INPUT
from heat_conv.db.queries.common import SYNC_POINT
from heat_conv.db.queries.common import connection
from heat_conv.db.queries.common import execute as _execute
from heat_conv.db.queries.common import insert_new
from heat_conv.db.queries.common import reading
from heat_conv.db.queries.common import record as _record
from heat_conv.db.queries.common import retry_on_deadlock
from heat_conv.db.queries.common import transaction

NOT_LAST, LAST, LAST_MUST_ACT = 'not last', 'last', 'last, must act'
_SP = SYNC_POINT.c


@retry_on_deadlock
def traversal_store(stack_id, traversal_id, new_rows, make_graph):
    """Create a traversal: its new resource rows and its sync points, each
    with its node's outgoing edges.

    ``make_graph(rows)`` gets {name: id} of the new rows and returns (edges,
    sync_points): edges as dicts of required_id, required_is_update,
    requirer_id and requirer_is_update (None: the stack's completion) and
    attrs; sync points as dicts of entity_id, is_update, predecessors,
    remaining and definition (the stored node spec). One transaction: a
    duplicate ``converge`` for the same traversal loses on the sync points'
    unique key and leaves nothing behind. Returns the new rows' ids by
    name, or None for such a duplicate.
    """
    now = timeutils.utcnow()
    try:
        with transaction() as session:
            conn = session.connection()
            created = _insert_rows(conn, new_rows, now) if new_rows else {}
            edges, sync_points = make_graph(created)
            ids = _insert_points(conn, stack_id, traversal_id, now, sync_points)
            _store_successors(conn, traversal_id,
                              _successors(edges, sync_points, ids))
            return created
    except db_exc.DBDuplicateEntry:
        return None


def _insert_rows(conn, new_rows, now):
    """Insert a traversal's new resource rows; {name: id}."""
    rows = [dict(values, uuid=models.new_uuid(), created_at=now, atomic_key=0,
                 drift_status=Drift.NOT_CHECKED) for values in new_rows]
    if db_servers.features(conn.dialect).returning_many:
        # The rows come back in any order, which lets the driver insert
        # them in batches of many rows per statement (in parameter order it
        # would take one statement per row).
        return {name: row_id for row_id, name in conn.execute(_INSERT_ROWS, rows)}
    # MySQL: the insert, then a read of the ids by the rows' unique uuids.
    conn.execute(sa.insert(RESOURCE), rows)
    return {name: row_id for row_id, name in conn.execute(
        _ROW_IDS, {'uuids': [row['uuid'] for row in rows]})}


_INSERT_ROWS = sa.insert(RESOURCE).returning(RESOURCE.c.id, RESOURCE.c.name)
_ROW_IDS = sa.select(RESOURCE.c.id, RESOURCE.c.name).where(
    RESOURCE.c.uuid.in_(sa.bindparam('uuids', expanding=True)))


def _insert_points(conn, stack_id, traversal_id, now, sync_points):
    """Insert a traversal's sync points; {(entity_id, is_update): id}.

    On MariaDB the rows travel as one JSON document that the server
    expands (JSON_TABLE): at 1,000 resources that is one parameter instead
    of ~20,000, each escaped by the driver and parsed by the server, and
    the insert takes half the time.
    """
    features = db_servers.features(conn.dialect)
    if features.json_table:
        document = json.dumps([[s['entity_id'], int(bool(s['is_update'])),
                                s['predecessors'], s['remaining'], s['definition']]
                               for s in sync_points])
        rows = conn.exec_driver_sql(_INSERT_POINTS_EXPANDED,
                                    (stack_id, traversal_id, now, document))
    else:
        values = [dict(s, stack_id=stack_id, traversal_id=traversal_id, created_at=now)
                  for s in sync_points]
        if features.returning_many:
            rows = conn.execute(_INSERT_POINTS, values)
        else:
            # MySQL: the insert, then a read of the traversal's points
            # (this transaction inserts all of them; the unique key says so).
            conn.execute(sa.insert(SYNC_POINT), values)
            rows = conn.execute(_POINT_IDS, {'traversal': traversal_id})
    return {(entity, bool(is_update)): sp_id for sp_id, entity, is_update in rows}


# The rows come back in any order (see the resource rows above).
_INSERT_POINTS = sa.insert(SYNC_POINT).returning(
    SYNC_POINT.c.id, SYNC_POINT.c.entity_id, SYNC_POINT.c.is_update)
_POINT_IDS = sa.select(SYNC_POINT.c.id, SYNC_POINT.c.entity_id, SYNC_POINT.c.is_update).where(
    SYNC_POINT.c.traversal_id == sa.bindparam('traversal'))
_INSERT_POINTS_EXPANDED = (
    'INSERT INTO sync_point (stack_id, traversal_id, created_at, entity_id, is_update, '
    'predecessors, remaining, must_act, update_arrived, definition) '
    'SELECT %s, %s, %s, node.entity_id, node.is_update, node.predecessors, '
    'node.remaining, 0, 0, node.definition FROM JSON_TABLE(%s, \'$[*]\' COLUMNS ('
    'entity_id INT PATH \'$[0]\', is_update INT PATH \'$[1]\', '
    'predecessors INT PATH \'$[2]\', remaining INT PATH \'$[3]\', '
    'definition JSON PATH \'$[4]\')) AS node '
    'RETURNING id, entity_id, is_update')


def _successors(edges, sync_points, ids):
    """{sync point id: its node's outgoing edges as stored (see
    models.SyncPoint.successors)}."""
    points = {(s['entity_id'], bool(s['is_update'])): s for s in sync_points}
    out = {}
    for e in edges:
        requirer = (STACK_ENTITY, True) if e['requirer_id'] is None else \
            (e['requirer_id'], bool(e['requirer_is_update']))
        point = points[requirer]
        mode = None
        if e['requirer_id'] is not None and not e['requirer_is_update']:
            mode = (point['definition'] or {}).get('mode')
        out.setdefault(ids[(e['required_id'], bool(e['required_is_update']))], []).append(
            [ids[requirer], e['requirer_id'], e['requirer_is_update'],
             point['predecessors'], list(e['attrs']), mode])
    # An update node's edge to its own row's cleanup node carries that
    # node's edges too: a cleanup whose only predecessor is its own update
    # is passed through the moment that update ends, without a read.
    for sp_id, outgoing in out.items():
        for edge in outgoing:
            if edge[1] is not None and edge[2] is False and \
                    (edge[1], True) in ids and ids[(edge[1], True)] == sp_id:
                edge.append(out.get(edge[0], []))
    return out


STACK_ENTITY = 0
# Sync points whose successors one UPDATE writes: two parameters each,
# within SQLite's 999.
_PER_UPDATE = 400


def _store_successors(conn, traversal_id, successors):
    """Written once the sync points have ids; a few statements for any
    number of nodes (one CASE per batch, not one UPDATE per node).

    Written as the driver's own SQL: as an expression, SQLAlchemy builds,
    keys and compiles a CASE of this many branches anew on every call
    (~75 ms of a 1,000-resource converge; the string and the driver's
    escaping of its parameters cost ~5 ms)."""
    mark = '?' if conn.dialect.paramstyle == 'qmark' else '%s'
    items = sorted(successors.items())
    for start in range(0, len(items), _PER_UPDATE):
        batch = items[start:start + _PER_UPDATE]
        whens = ' '.join([f'WHEN {mark} THEN {mark}'] * len(batch))
        params = [value for sp_id, edges in batch for value in (sp_id, json.dumps(edges))]
        conn.exec_driver_sql(
            f'UPDATE sync_point SET successors = CASE id {whens} ELSE successors END '
            f'WHERE traversal_id = {mark} AND id BETWEEN {mark} AND {mark}',
            tuple(params + [traversal_id, batch[0][0], batch[-1][0]]))


def node_successors(sync_point_id):
    """The outgoing edges stored in a sync point (see models.SyncPoint);
    None for a traversal an earlier release started (legacy_successors)."""
    with reading() as conn:
        return conn.execute(_SUCCESSORS, {'sp': sync_point_id}).scalar()


def legacy_successors(traversal_id, entity_id, is_update):
    """A node's outgoing edges as an earlier release stored them (graph_edge),
    each joined with its successor's sync point: rows of (sync point id,
    requirer_id, requirer_is_update, predecessors, attrs, stored spec)."""
    sp, edge = _SP, models.GraphEdge.__table__.c
    query = (sa.select(sp.id, edge.requirer_id, edge.requirer_is_update, sp.predecessors,
                       edge.attrs, sp.definition)
             .select_from(models.GraphEdge.__table__.join(SYNC_POINT, sa.and_(
                 sp.traversal_id == edge.traversal_id,
                 sp.entity_id == sa.func.coalesce(edge.requirer_id, STACK_ENTITY),
                 sp.is_update == sa.func.coalesce(edge.requirer_is_update, True))))
             .where(edge.traversal_id == traversal_id, edge.required_id == entity_id,
                    edge.required_is_update == is_update))
    with reading() as conn:
        return [tuple(row) for row in conn.execute(query)]


def sync_point_get(traversal_id, entity_id, is_update):
    with reading() as conn:
        row = conn.execute(_SYNC_POINT, {'traversal': traversal_id, 'entity': entity_id,
                                         'is_update': is_update}).first()
    return None if row is None else _record(row)


_SYNC_POINT = sa.select(SYNC_POINT).where(
    _SP.traversal_id == sa.bindparam('traversal'), _SP.entity_id == sa.bindparam('entity'),
    _SP.is_update == sa.bindparam('is_update'))
_SUCCESSORS = sa.select(_SP.successors).where(_SP.id == sa.bindparam('sp'))

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
                insert_new(conn, SYNC_INPUT, {
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
                     record=True, seen=None):
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
    rows; every counter moves). ``seen``, a dict, gets {sync point id:
    stored successors} of the cleanup nodes whose counters the read after
    the update saw: one of them that is ready passes through with those.
    """
    return db_scope.atomically(
        lambda: _arrive_many(stack_id, sender_id, sender_is_update, arrivals, own, record,
                             seen if seen is not None else {}))


def _arrive_many(stack_id, sender_id, sender_is_update, arrivals, own, record, seen):
    counted = [a[0] for a in arrivals if a[2] > 1 or not record]
    if own is not None and own[2] > 1:
        counted.append(own[0])
    if len(counted) < 2:   # one counter: the one-by-one arrivals cost no more
        return _one_by_one(stack_id, sender_id, sender_is_update, arrivals, own, record)
    if arrivals and record:
        try:
            with connection() as conn:
                insert_new(conn, SYNC_INPUT, [
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
    seen.update((sp_id, row.successors) for sp_id, row in state.items()
                if row.successors is not None)
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
_COUNTERS = (sa.select(_SP.id, _SP.remaining, _SP.must_act,
                       sa.type_coerce(sa.case((_SP.is_update, sa.null()),
                                              else_=_SP.successors),
                                      _SP.successors.type).label('successors'))
             .where(_SP.id.in_(sa.bindparam('counted', expanding=True)))
             .with_for_update())


def _outcome(point):
    if point.remaining > 0:
        return NOT_LAST
    return LAST_MUST_ACT if point.must_act else LAST


def sync_arrive_all(sync_point_id, stack_id, senders):
    """Several predecessors' arrivals at one sync point that counts them
    (several predecessors), together; ``senders``: (sender id, is_update,
    data, record) of each (``record`` False: a cleanup node passed through,
    which leaves no input, as sync_arrive's). Returns LAST or
    LAST_MUST_ACT when one of them was the last, else NOT_LAST.

    The inputs in one insert, the counter in one update: it moves by the
    number of senders unless that takes it to zero, which a second update
    does. Each sender arrives once (the insert deduplicates; a redelivered
    one makes them arrive one by one), so the counter never goes below the
    number of new arrivals.
    """
    inputs = [{'sync_point_id': sync_point_id, 'stack_id': stack_id, 'sender_id': sender,
               'sender_is_update': is_update, 'data': data}
              for sender, is_update, data, record in senders if record]
    try:
        with connection() as conn:
            if inputs:
                insert_new(conn, SYNC_INPUT, inputs)
            params = {'sp': sync_point_id, 'k': len(senders)}
            if conn.execute(_ARRIVE_ALL, params).rowcount:
                return NOT_LAST
            for outcome in (LAST, LAST_MUST_ACT):
                if conn.execute(_ARRIVE_ALL_LAST[outcome], params).rowcount:
                    return outcome
            return NOT_LAST
    except db_exc.DBDuplicateEntry:
        outcomes = {sync_arrive(sync_point_id, stack_id, sender, is_update, data, False,
                                record=record)
                    for sender, is_update, data, record in senders}
        return next((o for o in (LAST, LAST_MUST_ACT) if o in outcomes), NOT_LAST)


_ARRIVE_ALL = sa.update(SYNC_POINT).values(remaining=_SP.remaining - sa.bindparam('k')).where(
    _SP.id == sa.bindparam('sp'), _SP.remaining > sa.bindparam('k'))
_ARRIVE_ALL_LAST = {
    outcome: sa.update(SYNC_POINT).values(remaining=0).where(
        _SP.id == sa.bindparam('sp'), _SP.remaining == sa.bindparam('k'),
        _SP.must_act.is_(outcome == LAST_MUST_ACT))
    for outcome in (LAST, LAST_MUST_ACT)}


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
    """Drop the sync points (with their edges) and inputs of every
    traversal but ``keep_traversal``, and the graph_edge rows an earlier
    release wrote."""
    with transaction() as session:
        for model in (models.SyncPoint, models.GraphEdge):
            query = sa.delete(model).where(model.stack_id == stack_id)
            if keep_traversal is not None:
                query = query.where(model.traversal_id != keep_traversal)
            _execute(session, query)
        live = sa.select(models.SyncPoint.id).where(models.SyncPoint.stack_id == stack_id)
        _execute(session, sa.delete(models.SyncInput).where(
            models.SyncInput.stack_id == stack_id,
            models.SyncInput.sync_point_id.not_in(live)))
