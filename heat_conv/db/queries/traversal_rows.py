"""What a traversal's start reads of a stack's resource rows.

The start looks at every row once, but needs only what places the row in
the new graph; loading whole ORM rows (properties, attributes, plugin
data) for that costs more than building the graph itself.
"""

import sqlalchemy as sa

from heat_conv.common.status import Action
from heat_conv.common.status import Status
from heat_conv.db import models
from heat_conv.db.queries.common import RESOURCE
from heat_conv.db.queries.common import STACK
from heat_conv.db.queries.common import SYNC_POINT
from heat_conv.db.queries.common import Record
from heat_conv.db.queries.common import reading
from heat_conv.db.queries.common import rows as _rows

_RAW = models.RawTemplate.__table__
_RAW_FIELDS = ('template', 'files', 'environment', 'parameters')

_PLACING = (RESOURCE.c.id, RESOURCE.c.name, RESOURCE.c.action, RESOURCE.c.status,
            RESOURCE.c.template_id, RESOURCE.c.physical_resource_id,
            RESOURCE.c.replaced_by, RESOURCE.c.replaces, RESOURCE.c.requires)


def _live(stack_id):
    return sa.and_(RESOURCE.c.stack_id == stack_id, sa.not_(sa.and_(
        RESOURCE.c.action == Action.DELETE, RESOURCE.c.status == Status.COMPLETE)))


def _start_read():
    """The stack row, its target template's row (``raw_*`` columns, NULL
    without one) and whether the traversal's stack sync point exists."""
    sp = SYNC_POINT.c
    stored = sa.exists().where(sp.traversal_id == sa.bindparam('traversal'),
                               sp.entity_id == sa.bindparam('stack_entity'), sp.is_update)
    return (sa.select(STACK, *[_RAW.c[name].label('raw_' + name) for name in _RAW_FIELDS],
                      stored.label('traversal_stored'))
            .select_from(STACK.outerjoin(_RAW, _RAW.c.id == STACK.c.raw_template_id))
            .where(STACK.c.id == sa.bindparam('id')))


_START = _start_read()


def traversal_start(stack_id, traversal_id, stack_entity):
    """What a traversal's start reads first, in one statement: (the stack,
    its target template or None, whether the traversal's graph is stored
    already, its stack node being ``stack_entity``). None when there is no
    such stack."""
    with reading() as conn:
        row = conn.execute(_START, {'id': stack_id, 'traversal': traversal_id,
                                    'stack_entity': stack_entity}).first()
    if row is None:
        return None
    values = dict(row._mapping)
    raw = {name: values.pop('raw_' + name) for name in _RAW_FIELDS}
    stored = bool(values.pop('traversal_stored'))
    template = Record(id=values['raw_template_id'], **raw) \
        if values['raw_template_id'] is not None else None
    return Record(**values), template, stored


_HELD = sa.or_(RESOURCE.c.paused_on.is_not(None),
               sa.and_(RESOURCE.c.status == Status.IN_PROGRESS,
                       RESOURCE.c.action_started_at.is_not(None)))


def resources_placing(stack_id):
    """The rows a traversal of the stack starts from (all but the deleted
    ones), oldest first, each with only ``id``, ``name``, ``action``,
    ``status``, ``template_id``, ``physical_resource_id``, ``replaced_by``,
    ``replaces``, ``requires`` and ``held``: whether a step of an earlier
    traversal may still hold it (see resources_held)."""
    with reading() as conn:
        return conn.execute(sa.select(*_PLACING, _HELD.label('held'))
                            .where(_live(stack_id)).order_by(RESOURCE.c.id)).all()


def resources_held(stack_id, ids):
    """Whole rows (detached), of those of ``ids``, that a step of an earlier
    traversal may still hold: paused at a hook, or waiting on an action or
    on signals (as they stand now, not as resources_placing found them)."""
    res = models.Resource
    return _rows(sa.select(res).where(_live(stack_id), _HELD, res.id.in_(list(ids)))
                 .order_by(res.id))
