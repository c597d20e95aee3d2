"""Service heartbeats of engine and observer processes."""

import sqlalchemy as sa

from heat_conv.common import timeutils
from heat_conv.db import models
from heat_conv.db.queries.common import execute as _execute
from heat_conv.db.queries.common import rows as _rows
from heat_conv.db.queries.common import transaction


def service_heartbeat(service_id, host, binary, topic, report_interval):
    now = timeutils.utcnow()
    with transaction() as session:
        row = session.get(models.Service, service_id)
        if row is None:
            session.add(models.Service(id=service_id, host=host, binary=binary,
                                       topic=topic, report_interval=report_interval,
                                       created_at=now, updated_at=now))
        else:
            row.updated_at = now
            row.deleted_at = None


def service_delete(service_id):
    with transaction() as session:
        _execute(session, sa.update(models.Service)
                        .where(models.Service.id == service_id)
                        .values(deleted_at=timeutils.utcnow()))


def service_list():
    return _rows(sa.select(models.Service)
                                .order_by(models.Service.created_at))
