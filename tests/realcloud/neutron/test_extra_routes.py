"""OS::Neutron::ExtraRouteSet and ExtraRoute against the real Neutron: two
resources share one router, each with its own routes."""
from heat_conv.common.status import Drift
from heat_conv.plugin_interface import base
from heat_conv.resources.openstack.neutron import extra_routes

R1 = {'destination': '10.90.1.0/24', 'nexthop': '10.77.0.201'}
R2 = {'destination': '10.90.2.0/24', 'nexthop': '10.77.0.202'}
R3 = {'destination': '10.90.3.0/24', 'nexthop': '10.77.0.203'}


def _routes(demo, router_id):
    return sorted((r['destination'], r['nexthop'])
                  for r in demo.network.get_router(router_id).routes or ())


def test_route_sets_share_a_router_update_in_place_and_remove_only_their_own(
        harness, demo, private_net):
    router = next(demo.network.routers(name=private_net['network'].name))
    routes = harness.plugin(extra_routes.ExtraRouteSet, 'routes',
                            {'router': router.name, 'routes': [R1, R2]})
    assert routes.create() == base.Done(router.id)
    single = harness.plugin(extra_routes.ExtraRoute, 'route',
                            {'router_id': router.id, **R3})
    assert single.create() == base.Done(f'{router.id}:{R3["destination"]}:{R3["nexthop"]}')
    assert _routes(demo, router.id) == sorted(tuple(r.values()) for r in (R1, R2, R3))

    again = harness.plugin(extra_routes.ExtraRouteSet, 'dup',
                           {'router': router.id, 'routes': [R1]})
    assert isinstance(again.create(), base.Failed)

    changed = harness.again(routes, dict(routes.properties, routes=[R2]))
    assert changed.update(routes.properties) == base.Done(router.id)
    assert _routes(demo, router.id) == sorted(tuple(r.values()) for r in (R2, R3))

    seen = extra_routes.ExtraRouteSet.observe_many(demo, [router.id])[router.id]
    assert changed.drift(changed.properties, seen) == (Drift.IN_SYNC, None)
    demo.network.remove_extra_routes_from_router(router.id, {'router': {'routes': [R2]}})
    seen = extra_routes.ExtraRouteSet.observe_many(demo, [router.id])[router.id]
    assert changed.drift(changed.properties, seen)[0] == Drift.MODIFIED
    demo.network.add_extra_routes_to_router(router.id, {'router': {'routes': [R2]}})

    assert changed.delete() == base.Done()
    assert _routes(demo, router.id) == [tuple(R3.values())]
    assert single.delete() == base.Done()
    assert _routes(demo, router.id) == []
