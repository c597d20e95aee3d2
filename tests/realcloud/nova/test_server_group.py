"""OS::Nova::ServerGroup against the real Nova, as the demo user."""
from heat_conv.common.status import Drift
from heat_conv.plugin_interface import base
from heat_conv.resources.openstack.nova import server_group


def test_create_find_again_and_delete(harness, demo):
    plugin = harness.plugin(server_group.ServerGroup, 'grp', {'policies': ['affinity']})
    outcome = plugin.create()
    assert isinstance(outcome, base.Done)
    shown = demo.compute.get_server_group(outcome.physical_id)
    assert shown.name.startswith(plugin.stack.name + '-grp-')
    assert 'affinity' in (shown.policies or [shown.policy])
    assert plugin.attributes()['show']['id'] == outcome.physical_id
    # A create whose answer was lost is found by its physical name.
    retried = harness.plugin(server_group.ServerGroup, 'grp',
                             plugin.properties, resource_id=plugin.resource_id)
    assert retried.find_orphan() == outcome.physical_id
    assert harness.plugin(server_group.ServerGroup, 'grp', plugin.properties).find_orphan() is None
    changed = harness.again(plugin, {'policies': ['anti-affinity']})
    assert changed.needs_replace(plugin.properties)

    observed = server_group.ServerGroup.observe_many(demo, [outcome.physical_id])
    assert plugin.drift(plugin.properties, observed[outcome.physical_id])[0] == \
        Drift.IN_SYNC
    assert plugin.delete() == base.Done()
    assert server_group.ServerGroup.observe_many(demo, [outcome.physical_id]) == {
        outcome.physical_id: None}
    assert plugin.delete() == base.Done()


def test_a_named_group_is_not_claimed_by_find_orphan(harness, demo):
    theirs = demo.compute.create_server_group(name='hc-named', policies=['affinity'])
    try:
        plugin = harness.plugin(server_group.ServerGroup, 'res', {'name': 'hc-named'})
        assert plugin.find_orphan() is None
    finally:
        demo.compute.delete_server_group(theirs, ignore_missing=True)
