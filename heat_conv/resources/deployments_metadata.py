"""The configs deployed to a server, as its agent reads them (Heat's
deployments metadata): what the software deployment API's
``/software_deployments/metadata/{server_id}`` answers, and the
``deployments`` of a SOFTWARE_CONFIG server's resource metadata, which
os-collect-config's ``heat`` collector polls.

A POLL_TEMP_URL server's agent reads a copy of that metadata from Swift,
which is written again whenever the server's deployments change (``push``).
"""
import json
import urllib.request

from heat_conv.common import timeutils
from heat_conv.db import api as db_api

SERVER_TYPE = 'OS::Nova::Server'
# Seconds a write of the metadata to Swift may take.
WRITE_TIMEOUT = 30


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


def write(put_url, metadata):
    """Write ``metadata`` (JSON) through a Swift temp URL for PUT: the URL
    is the credential, so no connection is needed."""
    request = urllib.request.Request(put_url, data=json.dumps(metadata).encode(),
                                     method='PUT',
                                     headers={'Content-Type': 'application/json'})
    with urllib.request.urlopen(request, timeout=WRITE_TIMEOUT):
        pass


def push(server_id):
    """The deployments to ``server_id`` changed: write the metadata of each
    POLL_TEMP_URL server resource that records it to its Swift object."""
    for row in db_api.resources_recording(server_id, SERVER_TYPE):
        data = row.rsrc_data or {}
        if not data.get('metadata_put_url') or not data.get('os_collect_config'):
            continue
        template = {key: value for key, value in (row.rsrc_metadata or {}).items()
                    if key not in ('os-collect-config', 'deployments')}
        write(data['metadata_put_url'], dict(template, **{
            'os-collect-config': data['os_collect_config'],
            'deployments': for_server(server_id, tenant=data.get('tenant'))}))
