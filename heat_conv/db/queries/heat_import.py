"""Statements of a Heat import (heat_conv.heat_import): which stacks
heat-conv already has, and one stack tree inserted in one transaction."""

import sqlalchemy as sa

from heat_conv.db import models
from heat_conv.db.queries.common import EVENT
from heat_conv.db.queries.common import RESOURCE
from heat_conv.db.queries.common import STACK
from heat_conv.db.queries.common import connection
from heat_conv.db.queries.common import reading
from heat_conv.db.queries.events import event_rows

_CHUNK = 500
TEMPLATE = models.RawTemplate.__table__


def stacks_known(stack_ids):
    """The ids among ``stack_ids`` of stacks heat-conv has, deleted or not."""
    ids = sorted(set(stack_ids))
    found = set()
    with reading() as conn:
        for start in range(0, len(ids), _CHUNK):
            found.update(conn.execute(sa.select(STACK.c.id).where(
                STACK.c.id.in_(ids[start:start + _CHUNK]))).scalars())
    return found


def stack_live_names(tenants):
    """{(tenant, name): stack id} of the live stacks of ``tenants``."""
    with reading() as conn:
        rows = conn.execute(sa.select(STACK.c.tenant, STACK.c.live_name, STACK.c.id).where(
            STACK.c.tenant.in_(sorted(set(tenants))),
            STACK.c.live_name.is_not(None)))
        return {(tenant, name): stack_id for tenant, name, stack_id in rows}


def stack_tree_insert(templates, stacks, resources, events=()):
    """Insert a stack tree, all or nothing.

    ``templates``: {key: raw template values}; ``stacks``: stack values,
    parents first, whose ``raw_template_id`` and ``prev_raw_template_id``
    are keys of ``templates``; ``resources``: row values (each with its
    ``uuid``) whose ``template_id`` is a key of ``templates`` and whose
    ``requires``, ``replaces`` and ``replaced_by`` name rows by
    ``source_id``, a key unique within the tree (Heat's resource id).

    A constant number of statements per tree and template: the stacks
    and the rows go in one multi-row insert each; their ids are read back
    in one select and the links between rows set in one batch."""
    with connection() as conn:
        template_ids = {}
        for key, values in templates.items():
            template_ids[key] = conn.execute(sa.insert(TEMPLATE).values(
                **values)).inserted_primary_key[0]
        conn.execute(sa.insert(STACK), [dict(
            values, raw_template_id=template_ids.get(values['raw_template_id']),
            prev_raw_template_id=template_ids.get(values['prev_raw_template_id']))
            for values in stacks])
        if resources:
            conn.execute(sa.insert(RESOURCE), [
                dict({k: v for k, v in values.items() if k not in _LINKS},
                     requires=[],
                     template_id=template_ids.get(values['template_id']))
                for values in resources])
            row_ids = {}
            by_uuid = {values['uuid']: values['source_id'] for values in resources}
            uuids = sorted(by_uuid)
            for start in range(0, len(uuids), _CHUNK):
                for row_id, row_uuid in conn.execute(sa.select(
                        RESOURCE.c.id, RESOURCE.c.uuid).where(
                        RESOURCE.c.uuid.in_(uuids[start:start + _CHUNK]))):
                    row_ids[by_uuid[row_uuid]] = row_id
            links = [{'row_id': row_ids[values['source_id']],
                      'requires': [row_ids[r] for r in values['requires'] if r in row_ids],
                      'replaces': row_ids.get(values['replaces']),
                      'replaced_by': row_ids.get(values['replaced_by'])}
                     for values in resources]
            links = [link for link in links
                     if link['requires'] or link['replaces'] or link['replaced_by']]
            if links:
                conn.execute(_LINK, links)
        if events:
            conn.execute(sa.insert(EVENT), event_rows(events))


_LINKS = ('source_id', 'requires', 'replaces', 'replaced_by')
_LINK = sa.update(RESOURCE).where(RESOURCE.c.id == sa.bindparam('row_id')).values(
    requires=sa.bindparam('requires'), replaces=sa.bindparam('replaces'),
    replaced_by=sa.bindparam('replaced_by'))
