"""OS::Neutron::ExtraRouteSet and OS::Neutron::ExtraRoute: static routes of
a router, beyond those its interfaces and gateway imply.

Routes are no Neutron object of their own but entries of the router's
``routes``, added and removed with Neutron's atomic calls
(``extraroute-atomic``), so that several resources may share a router
without one overwriting another's routes. Heat names a route set by its
router's id and a single route ``<router id>:<destination>:<nexthop>``;
the observer sees them in their routers (one list call per pass). Nothing
on a route names its owner: a create whose answer was lost is not adopted.
"""
from openstack import exceptions as sdk_exc

from heat_conv.plugin_interface import base as resource_base
from heat_conv.plugin_interface.properties import Property
from heat_conv.resources.openstack.neutron import base
from heat_conv.resources.openstack.neutron import lookup

_ROUTE = {
    'destination': Property('string', required=True, constraint='net_cidr',
                            description='The destination network in CIDR notation.'),
    'nexthop': Property('string', required=True, constraint='ip_addr',
                        description='The next hop for the destination.'),
}


def _key(route):
    return (route['destination'], route['nexthop'])


def _routes(routes):
    """Routes as Neutron takes them, in a stable order, each once."""
    unique = {_key(route): route for route in routes or ()}
    return [{'destination': dest, 'nexthop': hop} for dest, hop in sorted(unique)]


class _RouterRoutes(base.NeutronResource):
    entity = 'router'
    collection = 'routers'
    takes_tags = False
    marks_description = False
    wants_stack = False
    attributes_schema = {}

    def router_id(self):
        raise NotImplementedError

    def routes(self, props):
        """The routes ``props`` ask for."""
        raise NotImplementedError

    def _add(self, router_id, routes):
        if not routes:
            return
        shown = self.call(self.cloud.network.get_router, router_id)
        present = {_key(route) for route in shown.routes or ()}
        taken = [route for route in routes if _key(route) in present]
        if taken:
            # Neutron would take it silently, and a delete would then remove
            # a route that someone else made.
            names = ','.join([router_id] + [f'{r["destination"]}={r["nexthop"]}'
                                            for r in taken])
            raise ValueError(f'The Resource ({names}) is already present.')
        self.call(self.cloud.network.add_extra_routes_to_router, router_id,
                  {'router': {'routes': routes}})

    def _remove(self, router_id, routes):
        if routes:
            self.call(self.cloud.network.remove_extra_routes_from_router, router_id,
                      {'router': {'routes': routes}})

    def create(self):
        try:
            router_id = self.router_id()
            self._add(router_id, self.routes(self.properties))
        except Exception as exc:
            return self.failed(exc)
        self.physical_id = self.physical_id_for(router_id)
        return resource_base.Done(self.physical_id)

    def physical_id_for(self, router_id):
        return router_id

    def delete(self):
        if not self.physical_id:
            return resource_base.Done()
        try:
            self._remove(self.physical_id.split(':')[0],
                         self.routes(self.stored_properties or self.properties))
        except sdk_exc.NotFoundException:   # the router is gone, its routes with it
            return resource_base.Done()
        except Exception as exc:
            return self.failed(exc)
        return resource_base.Done()

    def fetch(self):
        return self.cloud.network.get_router(self.physical_id.split(':')[0])

    def progress_of(self, action, cloud_object):
        return resource_base.Done(self.physical_id)

    @classmethod
    def observe_many(cls, cloud, physical_ids):
        routers = super().observe_many(cloud, [pid.split(':')[0] for pid in physical_ids])
        return {pid: routers.get(pid.split(':')[0]) for pid in physical_ids}

    def observed_properties(self, shown):
        # Only this resource's routes: others may share the router.
        mine = {_key(route) for route in self.routes(self.stored_properties)}
        present = [route for route in shown.get('routes') or () if _key(route) in mine]
        return {'routes': _routes(present)}

    def expected_value(self, key, expected):
        return _routes(self.routes(expected)) if key == 'routes' else None


class ExtraRouteSet(_RouterRoutes):
    type_name = 'OS::Neutron::ExtraRouteSet'

    properties_schema = {
        'router': Property('string', required=True, constraint='neutron.router',
                           description='The router id.'),
        'routes': Property('list', default=[], update_allowed=True,
                           item=Property('map', schema=_ROUTE),
                           description='A set of route dictionaries for the router.'),
    }

    def router_id(self):
        return lookup.resolve(self.cloud, 'router', self.properties['router'])

    def routes(self, props):
        return _routes(props.get('routes'))

    def update(self, old_properties):
        if self.needs_replace(old_properties):
            return resource_base.NeedsReplace(self.physical_id)
        old = {_key(r): r for r in self.routes(old_properties)}
        new = {_key(r): r for r in self.routes(self.properties)}
        try:
            # Removed first: a route never points two ways at once.
            self._remove(self.physical_id, [old[k] for k in sorted(old) if k not in new])
            self._add(self.physical_id, [new[k] for k in sorted(new) if k not in old])
        except sdk_exc.NotFoundException:
            return resource_base.NeedsReplace(self.physical_id)
        except Exception as exc:
            return self.failed(exc)
        return resource_base.Done(self.physical_id)


class ExtraRoute(_RouterRoutes):
    type_name = 'OS::Neutron::ExtraRoute'

    properties_schema = {
        'router_id': Property('string', required=True, constraint='neutron.router',
                              description='The router id.'),
        'destination': Property('string', required=True,
                                description='Network in CIDR notation.'),
        'nexthop': Property('string', required=True, description='Nexthop IP address.'),
    }

    def router_id(self):
        return lookup.resolve(self.cloud, 'router', self.properties['router_id'])

    def routes(self, props):
        return _routes([{'destination': props['destination'],
                         'nexthop': props['nexthop']}])

    def physical_id_for(self, router_id):
        return f'{router_id}:{self.properties["destination"]}:{self.properties["nexthop"]}'

    def update(self, old_properties):
        # Nothing of a single route updates in place.
        return resource_base.NeedsReplace(self.physical_id)
