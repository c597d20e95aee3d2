"""What is running: build information and the engine services."""
import importlib.metadata

from heat_conv.api import auth
from heat_conv.api import responses
from heat_conv.common import config
from heat_conv.common import timeutils
from heat_conv.db import api as db_api

DEFAULT_SERVICE_DOWN_TIME = 60


def _version():
    try:
        return importlib.metadata.version('heat-conv')
    except importlib.metadata.PackageNotFoundError:
        return 'unknown'


def _service_down_time():
    # The option belongs to the engine; an API process may not import it.
    try:
        return config.CONF.engine.service_down_time
    except Exception:   # cfg.NoSuchOptError, or the [engine] group is missing
        return DEFAULT_SERVICE_DOWN_TIME


def _service(row, now, down_time):
    last = row.updated_at or row.created_at
    alive = row.deleted_at is None and last is not None and \
        (now - last).total_seconds() <= down_time
    return {
        'id': row.id,
        'engine_id': row.id,
        'host': row.host,
        'hostname': row.host,
        'binary': row.binary,
        'topic': row.topic,
        'report_interval': row.report_interval,
        'created_at': timeutils.isotime(row.created_at),
        'updated_at': timeutils.isotime(row.updated_at),
        'deleted_at': timeutils.isotime(row.deleted_at),
        'status': 'up' if alive else 'down',
    }


class ServiceInfoController:

    def build_info(self, req, ctx, tenant_id):
        revision = _version()
        return responses.json_response({'api': {'revision': revision},
                                        'engine': {'revision': revision}})

    def services(self, req, ctx, tenant_id):
        auth.require_admin(ctx, 'list services')
        now = timeutils.utcnow()
        down_time = _service_down_time()
        return responses.json_response({'services': [
            _service(row, now, down_time) for row in db_api.service_list()]})
