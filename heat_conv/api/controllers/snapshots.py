"""Stack snapshots: ``.../snapshots[/{snapshot_id}[/restore]]``, as Heat
answers them (a create answers the snapshot itself, unwrapped)."""
from heat_conv.api import request_body
from heat_conv.api import responses
from heat_conv.api import stack_lookup
from heat_conv.common import exception
from heat_conv.common import timeutils
from heat_conv.engine import api as engine_api


def view(snapshot):
    return {'id': snapshot.id, 'name': snapshot.name, 'action': snapshot.action,
            'status': snapshot.status, 'status_reason': snapshot.status_reason,
            'data': snapshot.data,
            'creation_time': timeutils.isotime(snapshot.created_at)}


class SnapshotController:

    def create(self, req, ctx, tenant_id, stack_name, stack_id):
        stack = stack_lookup.identified(ctx, stack_name, stack_id, show_deleted=False)
        body = request_body.json_object(req) if req.body else {}
        name = body.get('name')
        if name is not None and not isinstance(name, str):
            raise exception.Invalid('name must be a string')
        return responses.json_response(view(engine_api.create_snapshot(ctx, stack.id,
                                                                      name)))

    def index(self, req, ctx, tenant_id, stack_name, stack_id):
        stack = stack_lookup.identified(ctx, stack_name, stack_id, show_deleted=False)
        return responses.json_response(
            {'snapshots': [view(s) for s in engine_api.list_snapshots(ctx, stack.id)]})

    def show(self, req, ctx, tenant_id, stack_name, stack_id, snapshot_id):
        stack = stack_lookup.identified(ctx, stack_name, stack_id, show_deleted=False)
        return responses.json_response(
            {'snapshot': view(engine_api.show_snapshot(ctx, stack.id, snapshot_id))})

    def delete(self, req, ctx, tenant_id, stack_name, stack_id, snapshot_id):
        stack = stack_lookup.identified(ctx, stack_name, stack_id, show_deleted=False)
        engine_api.delete_snapshot(ctx, stack.id, snapshot_id)
        return responses.empty(204)

    def restore(self, req, ctx, tenant_id, stack_name, stack_id, snapshot_id):
        stack = stack_lookup.identified(ctx, stack_name, stack_id, show_deleted=False)
        engine_api.restore_snapshot(ctx, stack.id, snapshot_id)
        return responses.empty(202)
