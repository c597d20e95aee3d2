"""Keystone end to end, on the mini-cloud's real Keystone: heat-conv-all with
auth_strategy = keystone, a non-admin member (demo) whose stack's later
work acts through the trust demo delegates to heat-conv's service user."""
import pytest
import requests
from keystoneauth1 import loading as ks_loading

from heat_conv.clients import connections
from heat_conv.clients import trustee
from heat_conv.clients import trusts
from heat_conv.common import config
from heat_conv.common import exception
from heat_conv.db import api as db_api
from heat_conv.db import session as db_session
from tests.realcloud import keystone_rig

THREE = {'heat_template_version': '2018-08-31',
         'parameters': {'value': {'type': 'string', 'default': 'one'}},
         'resources': {
             'a': {'type': 'OS::Heat::TestResource',
                   'properties': {'value': {'get_param': 'value'}}},
             'b': {'type': 'OS::Heat::TestResource',
                   'properties': {'value': {'get_attr': ['a', 'output']}}},
             'c': {'type': 'OS::Heat::TestResource', 'properties': {'value': 'c'}}}}


@pytest.fixture(scope='module')
def heat_conv(rig, tmp_path_factory):
    service = keystone_rig.KeystoneHeatConv(
        tmp_path_factory.mktemp('keystone'), rig,
        extra_conf='enable_stack_abandon = true\nenable_stack_adopt = true')
    service.start()
    yield service
    service.kill()


@pytest.fixture(scope='module')
def admin(rig):
    return rig.connect('admin')


@pytest.fixture(scope='module')
def trustee_id(rig):
    return rig.connect('heat-conv').current_user_id


@pytest.fixture
def demo(rig, heat_conv):
    return keystone_rig.User(rig, 'demo', heat_conv)


@pytest.fixture
def in_process(rig, heat_conv):
    """This process configured as the service is (its database and
    [trustee]), to call heat_conv.clients itself."""
    service = rig.auth('heat-conv')
    keystone = heat_conv.auth_url
    overrides = {'auth_type': 'password', 'auth_url': keystone,
                 'username': service['username'], 'password': service['password'],
                 'user_domain_name': service['user_domain_name']}
    # keystoneauth registers the plugin's options when it loads it; they
    # must exist before they are set.
    config.CONF.register_opts(ks_loading.get_auth_plugin_conf_options('password'),
                              group='trustee')
    for name, value in overrides.items():
        config.CONF.set_override(name, value, group='trustee')
    engine = db_session.configure(heat_conv.db_url)
    connections.reset()
    trustee.forget()
    yield
    connections.reset()
    trustee.forget()
    engine.dispose()
    for name in overrides:
        config.CONF.clear_override(name, group='trustee')


def test_a_stack_acts_through_the_trust_its_owner_delegated(
        rig, heat_conv, demo, admin, trustee_id, in_process):
    before = {t.id for t in keystone_rig.trusts_of(admin, demo.user_id, trustee_id)}
    stack_id = demo.create('trusted', THREE)
    demo.wait('trusted', stack_id, 'CREATE_COMPLETE')

    trust_id = db_api.stack_get(stack_id).trust_id
    made = [t for t in keystone_rig.trusts_of(admin, demo.user_id, trustee_id)
            if t.id not in before]
    assert [t.id for t in made] == [trust_id]
    trust = admin.identity.get_trust(trust_id)
    assert trust.project_id == demo.project_id
    assert trust.is_impersonation is True
    # The roles of demo's token on demo's project (trusts_delegated_roles
    # is empty): member, and reader, which member implies.
    assert {'member', 'reader'} <= {role['name'] for role in trust.roles}

    # demo's token is revoked: what heat-conv does for the stack later
    # needs none of it.
    admin.identity.delete('/auth/tokens', headers={'X-Subject-Token': demo.token})
    assert admin.identity.get('/auth/tokens', headers={'X-Subject-Token': demo.token},
                              raise_exc=False).status_code == 404
    cloud = connections.for_stack(stack_id)
    # Acting as demo (impersonation) in demo's project, through the trust.
    assert cloud.current_user_id == demo.user_id
    assert cloud.current_project_id == demo.project_id
    assert cloud.identity.get_trust(trust_id).id == trust_id
    assert isinstance(list(cloud.compute.flavors()), list)
    # One connection per trust, reused.
    assert connections.for_stack(stack_id) is cloud

    fresh = keystone_rig.User(rig, 'demo', heat_conv)
    resp = fresh.request('PATCH', f'/stacks/trusted/{stack_id}',
                         json={'parameters': {'value': 'two'}})
    assert resp.status_code == 202, resp.text
    fresh.wait('trusted', stack_id, 'UPDATE_COMPLETE')

    resp = fresh.request('DELETE', f'/stacks/trusted/{stack_id}')
    assert resp.status_code == 204, resp.text
    fresh.wait('trusted', stack_id, None)
    # Deleted once the completion is committed, just after the stack reads
    # DELETE_COMPLETE.
    keystone_rig.wait_until(lambda: trust_id not in {
        t.id for t in keystone_rig.trusts_of(admin, demo.user_id, trustee_id)},
        f'trust {trust_id} still in Keystone after its stack was deleted')


def test_a_trust_deleted_behind_heat_convs_back_fails_the_next_update(
        heat_conv, demo, admin, in_process):
    stack_id = demo.create('untrusted', THREE)
    demo.wait('untrusted', stack_id, 'CREATE_COMPLETE')
    trust_id = db_api.stack_get(stack_id).trust_id
    cached = connections.for_stack(stack_id)
    assert cached.identity.get_trust(trust_id).id == trust_id
    admin.identity.delete_trust(trust_id)

    # A connection made before (its token now revoked) and a new one both
    # say which trust failed.
    assert trust_id in trusts.problem(trust_id)
    with pytest.raises(exception.TrustInvalid) as caught:
        list(connections.for_stack(stack_id).compute.flavors())
    assert trust_id in str(caught.value)

    resp = demo.request('PATCH', f'/stacks/untrusted/{stack_id}',
                        json={'parameters': {'value': 'two'}})
    assert resp.status_code == 202, resp.text
    stack = demo.wait('untrusted', stack_id, 'UPDATE_FAILED')
    reason = stack['stack_status_reason']
    assert f'The stack\'s Keystone trust {trust_id} cannot be used' in reason, reason
    # Nothing changed: the update stopped before its first resource.
    resources = demo.request('GET', f'/stacks/untrusted/{stack_id}/resources').json()
    assert {r['resource_status'] for r in resources['resources']} == {'CREATE_COMPLETE'}

    # The delete goes on without it (these resources need no service).
    assert demo.request('DELETE', f'/stacks/untrusted/{stack_id}').status_code == 204
    demo.wait('untrusted', stack_id, None)


def test_a_member_sees_its_projects_stacks_only(rig, heat_conv, demo):
    alt = keystone_rig.User(rig, 'alt', heat_conv)
    alt_id = alt.create('alts-own', THREE)
    alt.wait('alts-own', alt_id, 'CREATE_COMPLETE')
    demo_id = demo.create('demos-own', THREE)
    demo.wait('demos-own', demo_id, 'CREATE_COMPLETE')

    # Another project's URL: refused, whatever the stack.
    for method, path in (('GET', '/stacks'), ('GET', f'/stacks/alts-own/{alt_id}'),
                         ('DELETE', f'/stacks/alts-own/{alt_id}')):
        resp = demo.request(method, path, project=alt.project_id)
        assert resp.status_code == 403, (method, path, resp.text)
    # Alt's stack under demo's own project: not found, by id or by name.
    assert demo.request('GET', f'/stacks/alts-own/{alt_id}').status_code == 404
    assert demo.request('GET', '/stacks/alts-own', allow_redirects=False).status_code == 404
    assert demo.request('DELETE', f'/stacks/alts-own/{alt_id}').status_code == 404
    listed = {s['id'] for s in demo.request('GET', '/stacks').json()['stacks']}
    assert demo_id in listed and alt_id not in listed
    # Not an admin: no global listing, no engine services.
    assert demo.request('GET', '/stacks', params={'global_tenant': 'true'}).status_code \
        == 403
    assert demo.request('GET', '/services').status_code == 403
    # Without a token: 401.
    assert requests.get(demo.url('/stacks'), timeout=30).status_code == 401

    assert alt.stack('alts-own', alt_id)['stack_status'] == 'CREATE_COMPLETE'
    for user, name, stack_id in ((alt, 'alts-own', alt_id), (demo, 'demos-own', demo_id)):
        assert user.request('DELETE', f'/stacks/{name}/{stack_id}').status_code == 204
        user.wait(name, stack_id, None)


def test_abandon_deletes_the_trust_and_adopt_makes_one(
        heat_conv, demo, admin, trustee_id, in_process):
    stack_id = demo.create('left', THREE)
    demo.wait('left', stack_id, 'CREATE_COMPLETE')
    trust_id = db_api.stack_get(stack_id).trust_id
    resp = demo.request('DELETE', f'/stacks/left/{stack_id}/abandon')
    assert resp.status_code == 200, resp.text
    document = resp.json()
    assert trust_id not in {t.id for t in
                            keystone_rig.trusts_of(admin, demo.user_id, trustee_id)}

    resp = demo.request('POST', '/stacks', json={
        'stack_name': 'taken-back', 'template': THREE, 'adopt_stack_data': document})
    assert resp.status_code == 201, resp.text
    adopted_id = resp.json()['stack']['id']
    demo.wait('taken-back', adopted_id, 'ADOPT_COMPLETE')
    new_trust = db_api.stack_get(adopted_id).trust_id
    assert new_trust and new_trust != trust_id
    assert new_trust in {t.id for t in
                         keystone_rig.trusts_of(admin, demo.user_id, trustee_id)}
    assert demo.request('DELETE', f'/stacks/taken-back/{adopted_id}').status_code == 204
    demo.wait('taken-back', adopted_id, None)
