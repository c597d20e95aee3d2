"""OS::Neutron::ExtraRouteSet and ExtraRoute against a stand-in for Neutron."""
import types
import uuid
from unittest import mock

from openstack.network.v2 import router as sdk_router

from heat_conv.common.status import Drift
from heat_conv.plugin_interface import base
from heat_conv.resources.openstack.neutron import extra_routes

ROUTER = '00000000-0000-0000-0000-0000000000aa'
R1 = {'destination': '10.1.0.0/24', 'nexthop': '10.0.0.11'}
R2 = {'destination': '10.2.0.0/24', 'nexthop': '10.0.0.12'}
R3 = {'destination': '10.3.0.0/24', 'nexthop': '10.0.0.13'}


def _plugin(cls, properties, network, old=None, physical_id=None):
    props = cls.validate_properties(properties)
    return cls('routes', 'stack-1', props, physical_id=physical_id,
               stored_properties=old or props,
               cloud=types.SimpleNamespace(network=network),
               resource_id=str(uuid.uuid4()))


def _neutron(*present):
    network = mock.Mock()
    network.get_router.return_value = sdk_router.Router(id=ROUTER, routes=list(present))
    return network


def test_a_route_set_adds_its_routes_atomically_and_is_named_by_its_router():
    network = _neutron()
    plugin = _plugin(extra_routes.ExtraRouteSet, {'router': ROUTER, 'routes': [R2, R1]},
                     network)
    assert plugin.create() == base.Done(ROUTER)
    network.add_extra_routes_to_router.assert_called_once_with(
        ROUTER, {'router': {'routes': [R1, R2]}})


def test_a_route_the_router_already_has_fails_the_create():
    network = _neutron(R1)
    outcome = _plugin(extra_routes.ExtraRouteSet, {'router': ROUTER, 'routes': [R1]},
                      network).create()
    assert isinstance(outcome, base.Failed)
    assert f'{ROUTER},10.1.0.0/24=10.0.0.11' in outcome.reason
    network.add_extra_routes_to_router.assert_not_called()


def test_an_update_removes_the_dropped_routes_then_adds_the_new_and_keeps_the_rest():
    network = _neutron(R1, R2)
    calls = []
    network.remove_extra_routes_from_router.side_effect = \
        lambda *a: calls.append(('remove',) + a)
    network.add_extra_routes_to_router.side_effect = lambda *a: calls.append(('add',) + a)
    old = extra_routes.ExtraRouteSet.validate_properties({'router': ROUTER,
                                                          'routes': [R1, R2]})
    plugin = _plugin(extra_routes.ExtraRouteSet, {'router': ROUTER, 'routes': [R1, R3]},
                     network, old=old, physical_id=ROUTER)
    assert plugin.update(old) == base.Done(ROUTER)
    assert calls == [('remove', ROUTER, {'router': {'routes': [R2]}}),
                     ('add', ROUTER, {'router': {'routes': [R3]}})]


def test_delete_removes_only_its_own_routes():
    network = _neutron(R1, R2)
    plugin = _plugin(extra_routes.ExtraRouteSet, {'router': ROUTER, 'routes': [R1]},
                     network, physical_id=ROUTER)
    assert plugin.delete() == base.Done()
    network.remove_extra_routes_from_router.assert_called_once_with(
        ROUTER, {'router': {'routes': [R1]}})


def test_drift_sees_its_route_removed_outside_but_not_others_routes():
    plugin = _plugin(extra_routes.ExtraRouteSet, {'router': ROUTER, 'routes': [R1, R2]},
                     _neutron(), physical_id=ROUTER)
    shown = {'id': ROUTER, 'status': 'ACTIVE', 'routes': [R1, R2, R3]}
    assert plugin.drift(plugin.properties, shown) == (Drift.IN_SYNC, None)
    status, detail = plugin.drift(plugin.properties, dict(shown, routes=[R1, R3]))
    assert status == Drift.MODIFIED
    assert detail == {'routes': {'expected': [R1, R2], 'actual': [R1]}}


def test_a_single_route_is_named_after_its_router_and_route_and_always_replaced():
    network = _neutron()
    props = {'router_id': ROUTER, **R1}
    plugin = _plugin(extra_routes.ExtraRoute, props, network)
    assert plugin.create() == base.Done(f'{ROUTER}:10.1.0.0/24:10.0.0.11')
    network.add_extra_routes_to_router.assert_called_once_with(
        ROUTER, {'router': {'routes': [R1]}})
    assert plugin.update(plugin.properties) == base.NeedsReplace(plugin.physical_id)
    assert plugin.delete() == base.Done()
    network.remove_extra_routes_from_router.assert_called_once_with(
        ROUTER, {'router': {'routes': [R1]}})
