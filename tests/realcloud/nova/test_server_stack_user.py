"""A POLL_SERVER_HEAT server's Keystone user goes with the server even when
heat-conv never stored its id.

An engine that dies after Keystone made the server's user, and before the
step's data was written, leaves a user whose id only Keystone knows; the
next step adopts the server it finds (``find_orphan``) rather than making
it again. The server's delete still finds the user, by the name heat-conv
gave it, and deletes it.
"""
import uuid

import pytest
from openstack import exceptions as sdk_exc
from oslo_config import cfg

from heat_conv.clients import stack_users
from heat_conv.resources.openstack.nova import server as nova_server
from heat_conv.resources.openstack.nova import server_software_config

CONF = cfg.CONF


@pytest.fixture
def stack_user_domain(rig, monkeypatch):
    """heat-conv's stack user domain: the rig's heat domain, managed by its
    admin (an openstacksdk connection stands in for the one heat-conv makes
    from [trustee]'s auth URL)."""
    domain_admin = rig.connect('heat-domain-admin')
    auth = rig.auth('heat-domain-admin')
    domain = rig.connect('admin').identity.find_domain(auth['domain_name'],
                                                       ignore_missing=False)
    CONF.set_override('stack_user_domain_name', auth['domain_name'])
    CONF.set_override('stack_domain_admin', auth['username'])
    CONF.set_override('stack_domain_admin_password', auth['password'])
    stack_users.forget()
    monkeypatch.setattr(stack_users, '_connection', lambda: domain_admin)
    monkeypatch.setattr(stack_users, 'domain_id', lambda: domain.id)
    yield domain
    for name in ('stack_user_domain_name', 'stack_domain_admin',
                 'stack_domain_admin_password'):
        CONF.clear_override(name)
    stack_users.forget()


def test_a_user_whose_id_was_never_stored_is_deleted_with_the_server(
        harness, stack_user_domain, rig):
    admin = rig.connect('admin')
    plugin = harness.plugin(nova_server.Server, 'server', {
        'image': 'cirros', 'flavor': 'm1.tiny', 'networks': [{'allocate_network': 'none'}],
        'user_data_format': 'SOFTWARE_CONFIG',
        'software_config_transport': 'POLL_SERVER_HEAT'})
    # What the dead engine did: the stack's project and the server's user.
    project_id = stack_users.ensure_project('tenant', harness.stack_id)
    name = server_software_config.user_name(harness.stack.name, plugin.name,
                                            plugin.resource_id)
    user_id = stack_users.create_user(name, project_id, uuid.uuid4().hex)
    try:
        assert 'stack_user_id' not in plugin.data
        server_software_config.release(plugin)
        with pytest.raises(sdk_exc.NotFoundException):
            admin.identity.get_user(user_id)
    finally:
        admin.identity.delete_user(user_id, ignore_missing=True)
        admin.identity.delete_project(project_id, ignore_missing=True)


def test_a_server_of_another_transport_looks_for_no_user(harness, stack_user_domain,
                                                        monkeypatch):
    plugin = harness.plugin(nova_server.Server, 'server', {
        'image': 'cirros', 'flavor': 'm1.tiny', 'networks': [{'allocate_network': 'none'}]})
    asked = []
    monkeypatch.setattr(stack_users, 'find_user', asked.append)
    server_software_config.release(plugin)
    assert asked == []
