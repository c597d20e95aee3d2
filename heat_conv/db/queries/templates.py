"""Raw templates: what a stack converges to, as the user sent it."""

import sqlalchemy as sa

from heat_conv.common import exception
from heat_conv.db import models
from heat_conv.db.queries.common import transaction


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
