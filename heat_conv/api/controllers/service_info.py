"""What is running: build information, and the engine and observer processes."""
from heat_conv.api import responses
from heat_conv.common import liveness
from heat_conv.common import timeutils
from heat_conv.common import version
from heat_conv.db import api as db_api


def _service(row, now):
    # Down once stopped or found dead by an engine (deleted_at), or when its
    # heartbeat is older than the engines' threshold by this host's clock.
    last = row.updated_at or row.created_at
    alive = row.deleted_at is None and last is not None and \
        (now - last).total_seconds() <= liveness.MISSED_BEATS * max(1, row.report_interval)
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
        revision = version.version_string()
        return responses.json_response({'api': {'revision': revision},
                                        'engine': {'revision': revision}})

    def services(self, req, ctx, tenant_id):
        now = timeutils.utcnow()
        return responses.json_response({'services': [
            _service(row, now) for row in db_api.service_list()]})
