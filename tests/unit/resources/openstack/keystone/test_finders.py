"""Names as Heat reads them: ``name{domain}`` is the one in that domain."""
import pytest
from openstack import exceptions as sdk_exc

from heat_conv.resources.openstack.keystone import finders
from tests.unit.resources.openstack.keystone import fake_identity


def test_a_name_with_its_domain_finds_the_one_in_that_domain():
    cloud = fake_identity.Cloud()
    cloud.identity.add('domain', id='d-2', name='other')
    cloud.identity.add('user', id='u-default', name='bob', domain_id='default')
    cloud.identity.add('user', id='u-other', name='bob', domain_id='d-2')
    assert finders.find_id(cloud, 'user', 'bob{other}') == 'u-other'
    assert finders.find_id(cloud, 'user', 'bob{d-2}') == 'u-other'
    assert finders.find_id(cloud, 'user', 'bob{default}') == 'u-default'
    assert finders.find_id(cloud, 'user', 'u-other') == 'u-other'
    with pytest.raises(sdk_exc.ResourceNotFound):
        finders.find_id(cloud, 'user', 'bob{nowhere}')
    assert finders.find_id(cloud, 'project', None) is None
