"""A restore's template: what each resource takes back from its snapshot
step's objects (Heat's handle_restore)."""
import pytest

from heat_conv.engine.lifecycle import snapshots
from heat_conv.plugin_interface import registry


@pytest.fixture(autouse=True)
def real_cloud_types(monkeypatch):
    """OS::Nova::Server runs here (it needs Keystone auth, which another
    test's options may have turned off)."""
    monkeypatch.setattr(registry, 'available', lambda cls: True)


def _document(template, resources):
    return {'template': template, 'resources': resources}


def _server(data):
    return {'type': 'OS::Nova::Server', 'resource_id': 'srv', 'resource_data': data}


def test_a_server_is_restored_from_its_snapshot_image():
    template = {'heat_template_version': '2018-08-31', 'resources': {
        'web': {'type': 'OS::Nova::Server',
                'properties': {'image': {'get_param': 'image'}, 'flavor': 'm1.tiny'}},
        'boot': {'type': 'OS::Nova::Server', 'properties': {'flavor': 'm1.tiny'}},
        'fresh': {'type': 'OS::Nova::Server',
                  'properties': {'image': 'cirros', 'flavor': 'm1.tiny'}}}}
    restored = snapshots.restored_template(_document(template, {
        'web': _server({'snapshot_image_id': 'img-web'}),
        # Booted from a volume: no image property to change.
        'boot': _server({'snapshot_image_id': 'img-boot'}),
        # Added after the snapshot was taken (its template has it, its step
        # made nothing).
        'fresh': _server({}),
        'group': {'resources': {}, 'template': {}},   # a child stack's document
    }))
    assert restored['resources'] == {
        'web': {'type': 'OS::Nova::Server',
                'properties': {'image': 'img-web', 'flavor': 'm1.tiny'}},
        'boot': {'type': 'OS::Nova::Server', 'properties': {'flavor': 'm1.tiny'}},
        'fresh': {'type': 'OS::Nova::Server',
                  'properties': {'image': 'cirros', 'flavor': 'm1.tiny'}}}
    # The snapshot's own document is left as it was.
    assert template['resources']['web']['properties']['image'] == {'get_param': 'image'}


def test_types_with_nothing_to_restore_and_unknown_types_keep_their_definition():
    template = {'heat_template_version': '2018-08-31', 'resources': {
        'v': {'type': 'OS::Heat::Value', 'properties': {'value': 1}},
        'gone': {'type': 'My::Removed::Type', 'properties': {'image': 'x'}}}}
    restored = snapshots.restored_template(_document(template, {
        'v': {'type': 'OS::Heat::Value', 'resource_data': {'snapshot_image_id': 'i'}},
        'gone': {'type': 'My::Removed::Type', 'resource_data': {'snapshot_image_id': 'i'}},
    }))
    assert restored == template
