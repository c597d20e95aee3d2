"""Software configs and deployments (Heat's software configuration API)."""
import sqlalchemy as sa

from heat_conv.common import exception
from heat_conv.common import timeutils
from heat_conv.db import models
from heat_conv.db.queries.common import added as _added
from heat_conv.db.queries.common import execute as _execute
from heat_conv.db.queries.common import one as _one
from heat_conv.db.queries.common import rows as _rows
from heat_conv.db.queries.common import transaction


def software_config_create(values):
    return _added(models.SoftwareConfig(**values))


def _get(model, object_id, tenant, what):
    query = sa.select(model).where(model.id == object_id)
    if tenant is not None:
        query = query.where(model.tenant == tenant)
    return _one(query, exception.NotFound(f'{what} with id {object_id} not found'))


def software_config_get(config_id, tenant=None):
    return _get(models.SoftwareConfig, config_id, tenant, 'Software config')


def software_config_list(tenant=None, limit=None, marker=None):
    c = models.SoftwareConfig
    query = sa.select(c)
    if tenant is not None:
        query = query.where(c.tenant == tenant)
    if marker is not None:
        start = software_config_get(marker, tenant)
        query = query.where(sa.or_(c.created_at > start.created_at, sa.and_(
            c.created_at == start.created_at, c.id > start.id)))
    query = query.order_by(c.created_at, c.id)
    if limit:
        query = query.limit(limit)
    return _rows(query)


def software_config_delete(config_id, tenant=None):
    """Delete a config; NotFound if there is none, Conflict while a
    deployment uses it."""
    software_config_get(config_id, tenant)
    d = models.SoftwareDeployment
    with transaction() as session:
        if session.scalar(sa.select(sa.func.count()).where(d.config_id == config_id)):
            raise exception.Conflict(f'Software config {config_id} is in use by a '
                                     'deployment')
        _execute(session, sa.delete(models.SoftwareConfig).where(
            models.SoftwareConfig.id == config_id))


def software_deployment_create(values):
    return _added(models.SoftwareDeployment(**values))


def software_deployment_get(deployment_id, tenant=None):
    return _get(models.SoftwareDeployment, deployment_id, tenant, 'Deployment')


def software_deployment_list(tenant=None, server_id=None):
    d = models.SoftwareDeployment
    query = sa.select(d)
    if tenant is not None:
        query = query.where(d.tenant == tenant)
    if server_id is not None:
        query = query.where(d.server_id == server_id)
    return _rows(query.order_by(d.created_at, d.id))


def software_deployment_update(deployment_id, values, expected_status=None):
    """Write ``values``; with ``expected_status``, only if the deployment is
    in that status. Returns True when it wrote."""
    d = models.SoftwareDeployment
    query = sa.update(d).where(d.id == deployment_id)
    if expected_status is not None:
        query = query.where(d.status == expected_status)
    with transaction() as session:
        return _execute(session, query.values(
            **values, updated_at=timeutils.utcnow())).rowcount == 1


def software_deployment_delete(deployment_id, tenant=None):
    software_deployment_get(deployment_id, tenant)
    with transaction() as session:
        _execute(session, sa.delete(models.SoftwareDeployment).where(
            models.SoftwareDeployment.id == deployment_id))
