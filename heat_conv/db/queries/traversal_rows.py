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
from heat_conv.db.queries.common import rows as _rows
from heat_conv.db.queries.common import transaction

_PLACING = (RESOURCE.c.id, RESOURCE.c.name, RESOURCE.c.action, RESOURCE.c.status,
            RESOURCE.c.template_id, RESOURCE.c.physical_resource_id,
            RESOURCE.c.replaced_by, RESOURCE.c.replaces, RESOURCE.c.requires)


def _live(stack_id):
    return sa.and_(RESOURCE.c.stack_id == stack_id, sa.not_(sa.and_(
        RESOURCE.c.action == Action.DELETE, RESOURCE.c.status == Status.COMPLETE)))


def resources_placing(stack_id):
    """The rows a traversal of the stack starts from (all but the deleted
    ones), oldest first, each with only ``id``, ``name``, ``action``,
    ``status``, ``template_id``, ``physical_resource_id``, ``replaced_by``,
    ``replaces`` and ``requires``."""
    with transaction() as session:
        return session.execute(
            sa.select(*_PLACING).where(_live(stack_id)).order_by(RESOURCE.c.id)).all()


def resources_held(stack_id):
    """Whole rows (detached) that a step of an earlier traversal may still
    hold: paused at a hook, or waiting on an action or on signals."""
    res = models.Resource
    return _rows(sa.select(res).where(
        _live(stack_id), sa.or_(res.paused_on.is_not(None),
                                sa.and_(res.status == Status.IN_PROGRESS,
                                        res.action_started_at.is_not(None))))
        .order_by(res.id))
