"""Raw templates: what a stack converges to, as the user sent it."""

import sqlalchemy as sa

from heat_conv.common import exception
from heat_conv.db import models
from heat_conv.db.queries.common import one as _one
from heat_conv.db.queries.common import transaction


def raw_template_create(template, files=None, environment=None, parameters=None,
                        stack_id=None):
    with transaction() as session:
        row = models.RawTemplate(template=template, files=files or {},
                                 environment=environment or {},
                                 parameters=parameters or {}, stack_id=stack_id)
        session.add(row)
        session.flush()
        return row.id


def raw_template_get(template_id):
    return _one(sa.select(models.RawTemplate).where(models.RawTemplate.id == template_id),
                exception.NotFound(f'Template {template_id} not found'))


def raw_template_parameters(template_id):
    """The parameters stored with a template, without loading the template."""
    return _column(models.RawTemplate.parameters, template_id)


def raw_template_environment(template_id):
    """The environment stored with a template, without loading the template."""
    return _column(models.RawTemplate.environment, template_id)


def _column(column, template_id):
    with transaction() as session:
        found = session.execute(sa.select(column).where(
            models.RawTemplate.id == template_id)).first()
    if found is None:
        raise exception.NotFound(f'Template {template_id} not found')
    return found[0]


def raw_template_descriptions(template_ids):
    """{template id: its description} without loading whole templates.

    HOT spells the section ``description``, CloudFormation ``Description``.
    """
    ids = [i for i in set(template_ids) if i is not None]
    if not ids:
        return {}
    rt = models.RawTemplate
    with transaction() as session:
        rows = session.execute(
            sa.select(rt.id, rt.template['description'].as_string(),
                      rt.template['Description'].as_string())
            .where(rt.id.in_(ids))).all()
    return {row[0]: row[1] or row[2] for row in rows}
