"""Resource rows and their compare-and-swap lock."""
import json

import sqlalchemy as sa

from heat_conv.common import exception
from heat_conv.common import timeutils
from heat_conv.common.status import Action
from heat_conv.common.status import Status
from heat_conv.db import models
from heat_conv.db import scope as db_scope
from heat_conv.db.queries.common import EVENT
from heat_conv.db.queries.common import RESOURCE
from heat_conv.db.queries.common import STACK
from heat_conv.db.queries.common import SYNC_INPUT
from heat_conv.db.queries.common import SYNC_POINT
from heat_conv.db.queries.common import Record
from heat_conv.db.queries.common import added as _added
from heat_conv.db.queries.common import before_writes
from heat_conv.db.queries.common import connection
from heat_conv.db.queries.common import execute as _execute
from heat_conv.db.queries.common import reading
from heat_conv.db.queries.common import record as _record
from heat_conv.db.queries.common import records as _records
from heat_conv.db.queries.common import retry_on_deadlock
from heat_conv.db.queries.common import transaction
from heat_conv.db.queries.events import event_rows as _event_rows
from heat_conv.db.queries.events import events_add


def resource_create(values):
    return _added(models.Resource(**values))


_R = RESOURCE.c
_GET = sa.select(RESOURCE).where(_R.id == sa.bindparam('id'))
_SP = SYNC_POINT.c
# A step's first read: its row, the stack's current traversal and the
# node's own sync point (its stored spec and outgoing edges).
def _for_step(many=False):
    """The row, and after it one row per input of an update node with
    several predecessors (their data in ``node_input``, the node's entity
    in ``id``, every other column NULL): a UNION, so the row is read once
    however many inputs there are. ``many``: the rows of the ids in
    ``ids``, all of one traversal and kind of node.

    The inputs are read plainly: the step's transaction starts after the
    last arrival committed (its message leaves after that commit), so it
    sees every one of them.
    """
    def node(entity):
        return sa.and_(_SP.traversal_id == sa.bindparam('traversal'),
                       _SP.entity_id == entity, _SP.is_update == sa.bindparam('is_update'))
    ids = sa.bindparam('ids', expanding=True) if many else None
    the_row = (
        sa.select(RESOURCE, STACK.c.current_traversal.label('stack_current_traversal'),
                  _SP.id.label('node_sync_point'), _SP.definition.label('node_definition'),
                  _SP.successors.label('node_successors'),
                  _SP.predecessors.label('node_predecessors'),
                  sa.null().label('node_input'))
        .select_from(RESOURCE.join(STACK, STACK.c.id == _R.stack_id)
                     .outerjoin(SYNC_POINT, node(_R.id)))
        .where(_R.id.in_(ids) if many else _R.id == sa.bindparam('id')))
    inputs = (
        sa.select(_SP.entity_id.label('id'),
                  *[sa.null().label(c.name) for c in the_row.selected_columns[1:-1]],
                  SYNC_INPUT.c.data.label('node_input'))
        .select_from(SYNC_INPUT.join(SYNC_POINT, _SP.id == SYNC_INPUT.c.sync_point_id))
        .where(node(_SP.entity_id), _SP.entity_id.in_(ids) if many
               else _SP.entity_id == sa.bindparam('id'),
               _SP.is_update, _SP.predecessors > 1, SYNC_INPUT.c.data.is_not(None)))
    return sa.union_all(the_row, inputs)


_GET_FOR_STEP = _for_step()
_GET_FOR_STEPS = _for_step(many=True)
# A resumed step's read: its row and the outgoing edges of the node the
# row's action belongs to.
_WITH_NODE = (
    sa.select(RESOURCE, _SP.successors.label('node_successors'))
    .select_from(RESOURCE.outerjoin(SYNC_POINT, sa.and_(
        _SP.traversal_id == _R.traversal_id, _SP.entity_id == _R.node_id,
        _SP.is_update == _R.node_is_update))))
_GET_WITH_NODE = _WITH_NODE.where(_R.id == sa.bindparam('id'))
_GET_WITH_NODES = _WITH_NODE.where(_R.id.in_(sa.bindparam('ids', expanding=True)))


def resource_get(resource_id):
    with reading() as conn:
        row = conn.execute(_GET, {'id': resource_id}).first()
    if row is None:
        raise exception.NotFound(f'Resource {resource_id} not found')
    return _record(row)


def resource_and_traversal(resource_id, traversal_id, is_update):
    """A resource row, its stack's current traversal and the sync point of
    the row's node (``is_update``) in ``traversal_id`` (a record of its
    ``id``, ``definition``, ``successors``, ``predecessors`` and, for an
    update node with several predecessors, the ``inputs`` they sent; None
    when there is none), in one statement."""
    with before_writes() as conn:
        found = _for_steps(conn.execute(_GET_FOR_STEP, {
            'id': resource_id, 'traversal': traversal_id, 'is_update': is_update}))
    if resource_id not in found:
        raise exception.NotFound(f'Resource {resource_id} not found')
    return found[resource_id]


def resources_and_traversal(resource_ids, traversal_id, is_update):
    """resource_and_traversal of several rows, in one statement:
    {id: (row, current traversal, node)} of those that exist."""
    with reading() as conn:
        return _for_steps(conn.execute(_GET_FOR_STEPS, {
            'ids': list(resource_ids), 'traversal': traversal_id, 'is_update': is_update}))


def _for_steps(result):
    rows, inputs = [], {}
    for found in result:
        if found.node_input is not None:
            data = found.node_input
            inputs.setdefault(found.id, []).append(
                json.loads(data) if isinstance(data, str) else data)
        else:
            rows.append(found)
    steps = {}
    for row in rows:
        values = row._asdict()
        traversal = values.pop('stack_current_traversal')
        node = Record(id=values.pop('node_sync_point'),
                      definition=values.pop('node_definition'),
                      successors=values.pop('node_successors'),
                      predecessors=values.pop('node_predecessors'),
                      inputs=inputs.get(values['id'], []))
        del values['node_input']
        steps[values['id']] = (Record(**values), traversal,
                               node if node.id is not None else None)
    return steps


def resource_with_node(resource_id):
    """A resource row and the stored outgoing edges of the node its action
    belongs to (None when that traversal's graph is gone)."""
    with reading() as conn:
        row = conn.execute(_GET_WITH_NODE, {'id': resource_id}).first()
    if row is None:
        raise exception.NotFound(f'Resource {resource_id} not found')
    return _with_node(row)


def resources_with_nodes(resource_ids):
    """resource_with_node for several rows at once: {id: (row, successors)}
    of those that exist."""
    with reading() as conn:
        found = conn.execute(_GET_WITH_NODES, {'ids': list(resource_ids)}).all()
    return {row.id: _with_node(row) for row in found}


def _with_node(row):
    values = row._asdict()
    successors = values.pop('node_successors')
    return Record(**values), successors


def resources_of_stack(stack_id, include_deleted=False, names=None):
    """Every resource row of a stack (current and superseded), oldest first;
    only those of ``names`` when given."""
    query = sa.select(RESOURCE).where(_R.stack_id == stack_id)
    if names is not None:
        query = query.where(_R.name.in_(list(names)))
    if not include_deleted:
        query = query.where(sa.not_(sa.and_(_R.action == Action.DELETE,
                                            _R.status == Status.COMPLETE)))
    return _resource_records(query.order_by(_R.id))


def _resource_records(query):
    with reading() as conn:
        return _records(conn.execute(query))


@retry_on_deadlock
def resource_cas(resource_id, atomic_key, values, engine_id=False,
                 while_traversal=None, events=(), alone=False):
    """Compare-and-swap write on a resource row.

    Matches only if the row's ``atomic_key`` is unchanged (and, when
    ``engine_id`` is given, it is the current lock holder, None meaning
    unlocked; and, when ``while_traversal`` is (stack_id, traversal_id),
    that traversal is still the stack's current one). Bumps ``atomic_key``.
    ``events`` are recorded in the same transaction if it wins: one commit
    instead of two; inside a scope, with the events of every other write
    of the scope, in one insert before it commits. ``alone``: the write
    commits by itself when nothing else in the scope has touched the
    database (session.before_writes). Returns True when it won.
    """
    params = {f'v_{key}': value for key, value in values.items()}
    params.update(w_id=resource_id, w_key=atomic_key, v_updated_at=timeutils.utcnow())
    holder = 'any' if engine_id is False else 'none' if engine_id is None else 'is'
    if holder == 'is':
        params['w_engine'] = engine_id
    if while_traversal is not None:
        params['w_stack'], params['w_traversal'] = while_traversal
    query = _cas_statement(tuple(sorted(values)), holder, while_traversal is not None)
    with (before_writes() if alone and not events else connection()) as conn:
        won = conn.execute(query, params).rowcount == 1
        if won and events:
            if db_scope.in_transaction():
                events_add(events)
            else:
                conn.execute(_INSERT_EVENT, _event_rows(events))
        return won


_INSERT_EVENT = sa.insert(EVENT)
# One prebuilt statement per shape of write; a handful of shapes in all.
_CAS = {}


def _cas_statement(keys, holder, while_traversal):
    shape = (keys, holder, while_traversal)
    query = _CAS.get(shape)
    if query is not None:
        return query
    query = sa.update(RESOURCE).where(_R.id == sa.bindparam('w_id'),
                                      _R.atomic_key == sa.bindparam('w_key'))
    if holder == 'none':
        query = query.where(_R.engine_id.is_(None))
    elif holder == 'is':
        query = query.where(_R.engine_id == sa.bindparam('w_engine'))
    if while_traversal:
        query = query.where(sa.exists().where(
            STACK.c.id == sa.bindparam('w_stack'),
            STACK.c.current_traversal == sa.bindparam('w_traversal')))
    sets = {key: sa.bindparam(f'v_{key}', type_=_R[key].type)
            for key in keys + ('updated_at',)}
    sets['atomic_key'] = _R.atomic_key + 1
    query = _CAS[shape] = query.values(sets)
    return query


def resource_delete_unused(resource_id):
    """Remove a row that never got a physical resource (a lost replacement race)."""
    with transaction() as session:
        _execute(session, sa.delete(models.Resource).where(
            models.Resource.id == resource_id,
            models.Resource.action == Action.INIT,
            models.Resource.engine_id.is_(None)))


def resources_waiting(limit=None, stack_ids=None, physical_ids=None):
    """Rows whose asynchronous action awaits the observer (of ``stack_ids``,
    and with one of ``physical_ids``, when given)."""
    query = sa.select(RESOURCE).where(_R.status == Status.IN_PROGRESS,
                                      _R.action_started_at.is_not(None))
    if stack_ids is not None:
        query = query.where(_R.stack_id.in_(list(stack_ids)))
    if physical_ids is not None:
        query = query.where(_R.physical_resource_id.in_(sorted(physical_ids)))
    if limit:
        query = query.limit(limit)
    return _resource_records(query.order_by(_R.id))


def resources_recording(physical_id, type_name):
    """The live rows of type ``type_name`` that record object ``physical_id``
    (a server whose agent's metadata must follow its deployments)."""
    query = sa.select(RESOURCE).where(
        _R.physical_resource_id == physical_id, _R.type == type_name,
        sa.not_(sa.and_(_R.action == Action.DELETE, _R.status == Status.COMPLETE)))
    return _resource_records(query.order_by(_R.id))


def resources_locked(stack_id):
    return _resource_records(sa.select(RESOURCE).where(_R.stack_id == stack_id,
                                                       _R.engine_id.is_not(None)))


def resources_failed_in(stack_id, traversal_id):
    """Rows whose step in ``traversal_id`` failed, e.g. failed checks."""
    return _resource_records(sa.select(RESOURCE).where(
        _R.stack_id == stack_id, _R.traversal_id == traversal_id,
        _R.status == Status.FAILED).order_by(_R.name))


def resource_set_check_status(resource_id, atomic_key, status, reason, event):
    """Mark a row CHECK_``status`` (a user's mark-unhealthy) and record ``event``.

    A compare-and-swap like the engine's writes: it matches only an unlocked
    row whose ``atomic_key`` is unchanged, so it never overwrites an action
    in flight. Returns True when it won.
    """
    return resource_cas(resource_id, atomic_key,
                        {'action': Action.CHECK, 'status': status, 'status_reason': reason},
                        engine_id=None, events=[event])


def resources_purge_deleted(stack_id):
    with transaction() as session:
        _execute(session, sa.delete(models.Resource).where(
            models.Resource.stack_id == stack_id,
            models.Resource.action == Action.DELETE,
            models.Resource.status == Status.COMPLETE,
            models.Resource.engine_id.is_(None)))


def resource_state_counts(stack_id):
    """{'ACTION_STATUS': how many} of the stack's current rows (not replaced)."""
    r = models.Resource
    with transaction() as session:
        return {f'{action}_{status}': count for action, status, count in session.execute(
            sa.select(r.action, r.status, sa.func.count())
            .where(r.stack_id == stack_id, r.replaced_by.is_(None))
            .group_by(r.action, r.status))}
