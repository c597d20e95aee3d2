"""OS::Keystone::Region, Service and Endpoint on the rig's Keystone (a
catalog entry nobody uses: a made-up service type)."""
import pytest
from openstack import exceptions as sdk_exc

from heat_conv.plugin_interface import base
from heat_conv.resources.openstack.keystone import endpoint
from heat_conv.resources.openstack.keystone import region
from heat_conv.resources.openstack.keystone import service


def test_a_region_service_and_endpoint(keystone, admin):
    identity, prefix = admin.identity, keystone.stack.name
    reg = keystone.plugin(region.Region, 'reg', {'id': f'{prefix} Region',
                                                 'description': f'{prefix} test'})
    reg_made = reg.create()
    assert reg_made == base.Done(f'{prefix}%20Region'), reg_made
    svc = keystone.plugin(service.Service, 'svc', {'type': f'{prefix}-type'})
    svc_id = svc.create().physical_id
    ept = keystone.plugin(endpoint.Endpoint, 'ept', {
        'service': svc_id, 'region': reg_made.physical_id, 'interface': 'public',
        'url': 'http://127.0.0.1:9/v1'})
    ept_made = ept.create()
    assert isinstance(ept_made, base.Done), ept_made
    shown = identity.get(f'/endpoints/{ept_made.physical_id}').json()['endpoint']
    assert (shown['service_id'], shown['region_id'], shown['name']) == \
        (svc_id, reg_made.physical_id, ept.data['physical_name'])

    ept2 = keystone.again(ept, dict(ept.properties, interface='internal',
                                    url='http://127.0.0.1:9/v2', enabled=False))
    assert ept2.update(ept.properties) == base.Done(ept_made.physical_id)
    shown = identity.get_endpoint(ept_made.physical_id)
    assert (shown.interface, shown.url, shown.is_enabled) == \
        ('internal', 'http://127.0.0.1:9/v2', False)
    svc2 = keystone.again(svc, dict(svc.properties, description='two', enabled=False))
    assert svc2.update(svc.properties) == base.Done(svc_id)
    assert identity.get_service(svc_id).description == 'two'
    reg2 = keystone.again(reg, dict(reg.properties, description=f'{prefix} two'))
    assert reg2.update(reg.properties) == base.Done(reg_made.physical_id)
    assert region.Region.fetch(admin, reg_made.physical_id)['description'] == \
        f'{prefix} two'
    assert isinstance(keystone.again(reg2, dict(reg2.properties, id=f'{prefix}-3'))
                      .update(reg2.properties), base.NeedsReplace)

    for plugin in (ept2, svc2, reg2):
        assert plugin.delete() == base.Done()
        assert plugin.delete() == base.Done()
    with pytest.raises(sdk_exc.NotFoundException):
        identity.get_endpoint(ept_made.physical_id)
    with pytest.raises(sdk_exc.NotFoundException):
        identity.get_service(svc_id)
    with pytest.raises(sdk_exc.NotFoundException):
        region.Region.fetch(admin, reg_made.physical_id)
