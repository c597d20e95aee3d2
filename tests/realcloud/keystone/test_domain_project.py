"""OS::Keystone::Domain and Project on the rig's Keystone."""
import pytest
from openstack import exceptions as sdk_exc

from heat_conv.common.status import Drift
from heat_conv.plugin_interface import base
from heat_conv.resources.openstack.keystone import domain
from heat_conv.resources.openstack.keystone import project


def test_a_domain_and_its_projects_live_update_and_go(keystone, admin):
    identity = admin.identity
    dom = keystone.plugin(domain.Domain, 'dom', {'description': 'heat-conv test'})
    made = dom.create()
    assert isinstance(made, base.Done), made
    assert identity.get_domain(made.physical_id).name.startswith(keystone.stack.name)

    parent = keystone.plugin(project.Project, 'parent',
                             {'domain': made.physical_id, 'tags': ['a']})
    parent_made = parent.create()
    assert isinstance(parent_made, base.Done), parent_made
    child = keystone.plugin(project.Project, 'child',
                            {'domain': made.physical_id, 'parent': parent_made.physical_id})
    child_made = child.create()
    assert isinstance(child_made, base.Done), child_made
    shown = identity.get_project(child_made.physical_id)
    assert (shown.domain_id, shown.parent_id) == (made.physical_id, parent_made.physical_id)
    assert child.attributes()['parent_id'] == parent_made.physical_id

    # In place: name, description, enabled, tags (Keystone disables only a
    # project whose subtree is disabled: the child).
    renamed = f'{keystone.stack.name}-renamed'
    later = keystone.again(child, dict(child.properties, name=renamed,
                                       description='changed', enabled=False, tags=['b']))
    assert later.update(child.properties) == base.Done(child_made.physical_id)
    shown = identity.get_project(child_made.physical_id)
    assert (shown.name, shown.description, shown.is_enabled, shown.tags) == \
        (renamed, 'changed', False, ['b'])
    # Out of band: drift names what changed.
    identity.update_project(child_made.physical_id, description='by hand')
    seen = project.Project.observe_many(admin, [child_made.physical_id])
    status, detail = later.drift(later.properties, seen[child_made.physical_id])
    assert status == Drift.MODIFIED and list(detail) == ['description']
    # A new parent replaces the project: Keystone cannot move it.
    moved = keystone.again(later, dict(later.properties, parent=None))
    assert isinstance(moved.update(later.properties), base.NeedsReplace)

    # The domain is enabled: its delete disables it first.
    assert later.delete() == base.Done()
    assert parent.delete() == base.Done()
    assert dom.delete() == base.Done()
    for getter, object_id in ((identity.get_project, child_made.physical_id),
                              (identity.get_project, parent_made.physical_id),
                              (identity.get_domain, made.physical_id)):
        with pytest.raises(sdk_exc.NotFoundException):
            getter(object_id)
    assert dom.delete() == base.Done()
    assert project.Project.observe_many(admin, [child_made.physical_id]) == \
        {child_made.physical_id: None}


def test_a_domain_updates_in_place(keystone, admin):
    dom = keystone.plugin(domain.Domain, 'dom', {})
    made = dom.create()
    later = keystone.again(dom, {'name': f'{keystone.stack.name}-two',
                                 'description': 'two', 'enabled': False})
    assert later.update(dom.properties) == base.Done(made.physical_id)
    shown = admin.identity.get_domain(made.physical_id)
    assert (shown.name, shown.description, shown.is_enabled) == \
        (f'{keystone.stack.name}-two', 'two', False)
    assert later.delete() == base.Done()
    with pytest.raises(sdk_exc.NotFoundException):
        admin.identity.get_domain(made.physical_id)


def test_a_member_is_refused_by_keystone(keystone, demo):
    plugin = keystone.plugin(project.Project, 'res', {}, cloud=demo)
    outcome = plugin.create()
    assert isinstance(outcome, base.Failed)
    assert outcome.reason.startswith('Keystone ForbiddenException (403)'), outcome.reason
