"""OS::Nova::Flavor against the real Nova (admin only under Nova's policy)."""
import pytest
from openstack import exceptions as sdk_exc

from heat_conv.common.status import Drift
from heat_conv.plugin_interface import base
from heat_conv.resources.openstack.nova import flavor


def test_admin_creates_updates_and_deletes(harness, admin, demo):
    plugin = harness.plugin(flavor.Flavor, 'res', {'ram': 64, 'vcpus': 1, 'is_public': False,
                                                   'tenants': [demo.current_project_id],
                                                   'extra_specs': {'hw:cpu_policy': 'shared'}},
                            cloud=admin)
    outcome = plugin.create()
    assert isinstance(outcome, base.Done)
    shown = admin.compute.get_flavor(outcome.physical_id)
    assert (shown.ram, shown.vcpus, shown.is_public) == (64, 1, False)
    assert shown.extra_specs == {'hw:cpu_policy': 'shared'}
    access = admin.compute.get_flavor_access(outcome.physical_id)
    assert [a['tenant_id'] for a in access] == [demo.current_project_id]
    assert plugin.attributes()['extra_specs'] == {'hw:cpu_policy': 'shared'}
    assert plugin.attributes()['is_public'] is False

    later = harness.again(plugin, dict(plugin.properties,
                                       extra_specs={'hw:mem_page_size': 'small'}),
                          cloud=admin)
    assert not later.needs_replace(plugin.properties)
    assert later.update(plugin.properties) == base.Done(outcome.physical_id)
    shown = admin.compute.fetch_flavor_extra_specs(outcome.physical_id)
    assert shown.extra_specs == {'hw:mem_page_size': 'small'}
    bigger = harness.again(later, dict(later.properties, ram=128), cloud=admin)
    assert bigger.needs_replace(later.properties)

    # The create's answer was lost: found by the owner in its description.
    retried = harness.plugin(flavor.Flavor, 'res',
                             plugin.properties, resource_id=plugin.resource_id, cloud=admin)
    assert retried.find_orphan() == outcome.physical_id

    admin.compute.create_flavor_extra_specs(outcome.physical_id, {'hw:numa_nodes': '1'})
    observed = flavor.Flavor.observe_many(admin, [outcome.physical_id])
    status, detail = later.drift(later.properties, observed[outcome.physical_id])
    assert status == Drift.MODIFIED and list(detail) == ['extra_specs']

    assert later.delete() == base.Done()
    with pytest.raises(sdk_exc.NotFoundException):
        admin.compute.get_flavor(outcome.physical_id)
    assert later.delete() == base.Done()


def test_a_member_is_refused_by_nova(harness, demo, admin):
    plugin = harness.plugin(flavor.Flavor, 'res',
                            {'ram': 64, 'vcpus': 1, 'name': 'hc-member-flavor'})
    outcome = plugin.create()
    assert isinstance(outcome, base.Failed)
    assert outcome.reason.startswith('Nova ForbiddenException (403)')
    assert not [f for f in admin.compute.flavors(is_public=None)
                if f.name == 'hc-member-flavor']
