"""A POLL_TEMP_URL server's metadata is written to Swift again when its
deployments change: the template's metadata, the agent's section and the
deployments, through the PUT temp URL the server keeps; other servers are
left alone."""
import types

from heat_conv.resources import deployments_metadata


def _row(data, metadata=None):
    return types.SimpleNamespace(rsrc_data=data, rsrc_metadata=metadata)


def test_each_temp_url_server_of_the_id_gets_its_metadata_written(monkeypatch):
    collect = {'request': {'metadata_url': 'http://swift/get'},
               'collectors': ['request', 'local']}
    rows = [_row({'metadata_put_url': 'http://swift/put', 'os_collect_config': collect,
                  'tenant': 't1'},
                 {'role': 'web', 'deployments': ['stale'], 'os-collect-config': {}}),
            _row({'os_collect_config': {'heat': {}}}),   # POLL_SERVER_HEAT: no push
            _row(None)]
    asked, written = [], []
    monkeypatch.setattr(deployments_metadata.db_api, 'resources_recording',
                        lambda server_id, type_name: asked.append(
                            (server_id, type_name)) or rows)
    monkeypatch.setattr(deployments_metadata, 'for_server',
                        lambda server_id, tenant=None: [{'id': 'd1', 'tenant': tenant}])
    monkeypatch.setattr(deployments_metadata, 'write',
                        lambda url, metadata: written.append((url, metadata)))
    deployments_metadata.push('srv-1')
    assert asked == [('srv-1', 'OS::Nova::Server')]
    assert written == [('http://swift/put', {
        'role': 'web', 'os-collect-config': collect,
        'deployments': [{'id': 'd1', 'tenant': 't1'}]})]
