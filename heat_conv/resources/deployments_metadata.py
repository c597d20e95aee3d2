"""The configs deployed to a server, as its agent reads them (Heat's
deployments metadata): what the software deployment API's
``/software_deployments/metadata/{server_id}`` answers, and the
``deployments`` of a SOFTWARE_CONFIG server's resource metadata, which
os-collect-config's ``heat`` collector polls.
"""
from heat_conv.common import timeutils
from heat_conv.db import api as db_api


def config(row):
    """A stored software config as the API shows it in full."""
    document = row.config or {}
    return {'id': row.id, 'name': row.name, 'group': row.group,
            'creation_time': timeutils.isotime(row.created_at),
            'config': document.get('config'), 'inputs': document.get('inputs') or [],
            'outputs': document.get('outputs') or [],
            'options': document.get('options') or {}}


def for_server(server_id, tenant=None):
    """Each deployment to ``server_id``: its config, with the deployment's
    input values, and the deployment's id."""
    found = []
    for row in db_api.software_deployment_list(tenant=tenant, server_id=server_id):
        shown = config(db_api.software_config_get(row.config_id))
        # A derived config's inputs carry their values already.
        inputs = [dict(i, value=(row.input_values or {}).get(
            i['name'], i.get('value', i.get('default')))) for i in shown['inputs']]
        found.append(dict(shown, inputs=inputs, deployment_id=row.id))
    return found
