"""Heat's software configuration API: /software_configs and
/software_deployments (what ``openstack software config|deployment`` use)."""
from heat_conv.api import query
from heat_conv.api import request_body
from heat_conv.api import responses
from heat_conv.common import exception
from heat_conv.common import timeutils
from heat_conv.db import api as db_api
from heat_conv.engine import api as engine_api
from heat_conv.resources import deployments_metadata

_CONFIG_KEYS = ('name', 'group', 'config', 'inputs', 'outputs', 'options')
_DEPLOYMENT_KEYS = ('config_id', 'server_id', 'input_values', 'output_values', 'action',
                    'status', 'status_reason', 'stack_user_project_id')
_STATUSES = ('IN_PROGRESS', 'COMPLETE', 'FAILED')


def config_view(row, detail=True):
    if detail:
        return deployments_metadata.config(row)
    return {'id': row.id, 'name': row.name, 'group': row.group,
            'creation_time': timeutils.isotime(row.created_at)}


def deployment_view(row):
    out = {'id': row.id, 'server_id': row.server_id, 'config_id': row.config_id,
           'input_values': row.input_values or {}, 'output_values': row.output_values,
           'action': row.action, 'status': row.status,
           'status_reason': row.status_reason,
           'creation_time': timeutils.isotime(row.created_at)}
    if row.updated_at:
        out['updated_time'] = timeutils.isotime(row.updated_at)
    return out


def _body(req, allowed):
    body = request_body.json_object(req)
    unknown = sorted(set(body) - set(allowed))
    if unknown:
        raise exception.Invalid(f'Unknown key {unknown[0]!r}; expected one of '
                                f'{", ".join(allowed)}')
    return body


def _typed(body, key, kind, name):
    if body.get(key) is not None and not isinstance(body[key], kind):
        raise exception.Invalid(f'{key} must be {name}')
    return body.get(key)


class SoftwareConfigController:

    def index(self, req, ctx, tenant_id):
        rows = db_api.software_config_list(
            tenant=ctx.project_id,
            limit=query.integer(req, 'limit'), marker=query.string(req, 'marker'))
        return responses.json_response(
            {'software_configs': [config_view(r, detail=False) for r in rows]})

    def create(self, req, ctx, tenant_id):
        body = _body(req, _CONFIG_KEYS)
        for key in ('inputs', 'outputs'):
            items = _typed(body, key, list, 'a list') or []
            if not all(isinstance(i, dict) and isinstance(i.get('name'), str)
                       for i in items):
                raise exception.Invalid(f'Each of {key} must be a map with a name')
        _typed(body, 'options', dict, 'a map')
        document = {'config': body.get('config') or '',
                    'inputs': [{'type': 'String', **i} for i in body.get('inputs') or []],
                    'outputs': [{'type': 'String', **o} for o in body.get('outputs') or []],
                    'options': body.get('options') or {}}
        row = db_api.software_config_create({
            'tenant': ctx.project_id, 'name': body.get('name'),
            'group': body.get('group') or 'Heat::Ungrouped', 'config': document})
        return responses.json_response({'software_config': config_view(row)})

    def show(self, req, ctx, tenant_id, config_id):
        return responses.json_response({'software_config': config_view(
            db_api.software_config_get(config_id, tenant=ctx.project_id))})

    def delete(self, req, ctx, tenant_id, config_id):
        db_api.software_config_delete(config_id, tenant=ctx.project_id)
        return responses.empty(204)


class SoftwareDeploymentController:

    def index(self, req, ctx, tenant_id):
        rows = db_api.software_deployment_list(tenant=ctx.project_id,
                                               server_id=query.string(req, 'server_id'))
        return responses.json_response(
            {'software_deployments': [deployment_view(r) for r in rows]})

    def metadata(self, req, ctx, tenant_id, server_id):
        """The configs deployed to a server, as its agent reads them."""
        return responses.json_response({'metadata': deployments_metadata.for_server(
            server_id, tenant=ctx.project_id)})

    def create(self, req, ctx, tenant_id):
        body = _body(req, _DEPLOYMENT_KEYS)
        for key in ('config_id', 'server_id'):
            if not isinstance(body.get(key), str) or not body[key]:
                raise exception.Invalid(f'{key} is required')
        db_api.software_config_get(body['config_id'], tenant=ctx.project_id)
        values = self._values(body)
        row = db_api.software_deployment_create(dict(
            values, tenant=ctx.project_id, config_id=body['config_id'],
            server_id=body['server_id'], action=values.get('action') or 'INIT',
            status=values.get('status') or 'COMPLETE'))
        deployments_metadata.push(row.server_id)
        return responses.json_response({'software_deployment': deployment_view(row)})

    def show(self, req, ctx, tenant_id, deployment_id):
        return responses.json_response({'software_deployment': deployment_view(
            db_api.software_deployment_get(deployment_id, tenant=ctx.project_id))})

    def update(self, req, ctx, tenant_id, deployment_id):
        body = _body(req, _DEPLOYMENT_KEYS)
        row = db_api.software_deployment_get(deployment_id, tenant=ctx.project_id)
        if body.get('config_id'):
            db_api.software_config_get(body['config_id'], tenant=ctx.project_id)
        values = self._values(body)
        if body.get('config_id'):
            values['config_id'] = body['config_id']
        if values:
            db_api.software_deployment_update(deployment_id, values)
            if 'config_id' in values:
                deployments_metadata.push(row.server_id)
        engine_api.deployment_updated(deployment_id)
        return responses.json_response({'software_deployment': deployment_view(
            db_api.software_deployment_get(deployment_id))})

    def delete(self, req, ctx, tenant_id, deployment_id):
        row = db_api.software_deployment_get(deployment_id, tenant=ctx.project_id)
        db_api.software_deployment_delete(deployment_id, tenant=ctx.project_id)
        deployments_metadata.push(row.server_id)
        return responses.empty(204)

    @staticmethod
    def _values(body):
        _typed(body, 'input_values', dict, 'a map')
        _typed(body, 'output_values', dict, 'a map')
        if body.get('status') is not None and body['status'] not in _STATUSES:
            raise exception.Invalid(f'status must be one of {", ".join(_STATUSES)}')
        return {key: body[key] for key in ('input_values', 'output_values', 'action',
                                           'status', 'status_reason')
                if body.get(key) is not None}
