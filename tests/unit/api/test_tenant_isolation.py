"""Another project's stack is invisible: every operation of
doc/openapi.yaml, addressed by tenant B to tenant A's objects, answers 404
(403 under keystone when B's token names A's URL), leaks none of A's
identifiers, and changes nothing of A's. In noauth and in keystone mode."""
import pytest
from keystonemiddleware import auth_token
from keystonemiddleware import fixture as ks_fixture

from heat_conv.api import app as app_module
from heat_conv.common import config
from heat_conv.db import api as db_api

from . import helpers
from .conftest import Client
from .test_openapi import load
from .test_openapi import operations

A, B = 'tenant-a', 'tenant-b'
ADMIN = 'admin-project'
A_NAME = 'owned-by-a'
BODY = {'stack_name': 'made-by-b',
        'template': dict(helpers.TEMPLATE, description='Made by B')}
# What only A's stack holds (B sends A's names and ids itself; an answer
# may echo those, as in "The Stack (NAME) could not be found").
A_ONLY = ('phys-first', 'Two test resources', 'Stack CREATE completed', 'echo a')
BODIES = {'/actions': {'check': None},
          '/resources/{resource_name}': {'mark_unhealthy': True}}


def _a_stack(client):
    resp = client.post('/stacks', {'stack_name': A_NAME, 'template': helpers.TEMPLATE})
    assert resp.status_int == 201, resp.body
    stack_id = resp.json['stack']['id']
    helpers.build(stack_id)
    helpers.add_event(stack_id, 'first', 'CREATE', 'COMPLETE')
    event_id = db_api.event_list(stack_id)[-1].uuid
    config = client.post('/software_configs', {'config': 'echo a'}).json['software_config']
    deployment = client.post('/software_deployments', {
        'config_id': config['id'], 'server_id': 'server-of-a'}).json['software_deployment']
    return {'tenant_id': B, 'stack_name': A_NAME, 'stack_id': stack_id,
            'config_id': config['id'], 'deployment_id': deployment['id'],
            'server_id': 'server-of-a',
            'resource_name': 'first', 'event_id': event_id, 'output_key': 'result',
            'snapshot_id': 'snap', 'template_version': 'heat_template_version.2018-08-31',
            'type_name': 'OS::Heat::TestResource',
            'arn': f'arn:openstack:heat::{A}:stacks/{A_NAME}/{stack_id}/resources/first'}


def _snapshot(client, values):
    base = f'/stacks/{A_NAME}/{values["stack_id"]}'
    return [client.get(base + sub).json
            for sub in ('', '/resources', '/events', '/environment', '/template')]


def _body_for(path):
    for suffix, body in BODIES.items():
        if path.endswith(suffix):
            return body
    return BODY


def _check_every_operation(b_client, values, stack_scoped_status):
    checked = 0
    for path, method, _ in operations(load()):
        url = path.format(**values)
        body = _body_for(path) if method in ('POST', 'PUT', 'PATCH') else None
        resp = b_client.request(method, url, body)
        text = resp.body.decode('utf-8', 'replace')
        where = f'{method} {path} -> {resp.status}'
        if '{stack_name}' in path or '{arn}' in path:
            assert resp.status_int == stack_scoped_status, where + text
        else:
            assert resp.status_int < 500, where + text
        for marker in A_ONLY:
            assert marker not in text, where
        # The only Location is the one B's own create answers with (Heat's
        # 201 names the new stack): nothing redirects to A's objects.
        location = resp.headers.get('Location')
        assert location is None or \
            location.startswith(f'http://localhost/v1/{B}/stacks/{BODY["stack_name"]}/'), \
            where
        checked += 1
    return checked


def test_noauth_isolation_on_every_documented_operation(api):
    a = api.as_tenant(A)
    values = _a_stack(a)
    before = _snapshot(a, values)
    checked = _check_every_operation(api.as_tenant(B), values, 404)
    assert checked == len(list(operations(load())))
    assert _snapshot(a, values) == before
    # B's list has B's stack only; an admin's global list is the one
    # place both appear.
    assert [s['stack_name'] for s in api.as_tenant(B).get('/stacks').json['stacks']] == \
        ['made-by-b']


@pytest.fixture
def keystone_app(db, casts):
    for group, opts in auth_token.list_opts():
        config.CONF.register_opts(opts, group=group)
    config.CONF.set_override('auth_strategy', 'keystone', group='api')
    config.CONF.set_override('www_authenticate_uri', 'http://keystone.test:5000',
                             group='keystone_authtoken')
    fixture = ks_fixture.AuthTokenFixture()
    fixture.setUp()
    for tenant in (A, B):
        fixture.add_token_data(token_id=f'token-{tenant}', user_id=f'user-{tenant}',
                               project_id=tenant, role_list=['member', 'reader'])
    fixture.add_token_data(token_id='token-admin', user_id='user-admin', project_id=ADMIN,
                           role_list=['admin', 'member', 'reader'])
    try:
        yield app_module.make_app()
    finally:
        fixture.cleanUp()
        config.CONF.clear_override('auth_strategy', group='api')
        config.CONF.clear_override('www_authenticate_uri', group='keystone_authtoken')


class TokenClient(Client):
    def __init__(self, app, tenant, token):
        super().__init__(app, tenant)
        self.token = token

    def request(self, method, path, body=None, raw=None, headers=None, **kwargs):
        headers = dict(headers or {}, **{'X-Auth-Token': self.token})
        return super().request(method, path, body, raw, headers, **kwargs)


def test_keystone_isolation_on_every_documented_operation(keystone_app):
    a = TokenClient(keystone_app, A, f'token-{A}')
    values = _a_stack(a)
    before = _snapshot(a, values)
    b = TokenClient(keystone_app, B, f'token-{B}')
    _check_every_operation(b, values, 404)
    # B's token on A's URLs: refused before anything is looked up.
    b_in_a = TokenClient(keystone_app, A, f'token-{B}')
    _check_every_operation(b_in_a, dict(values, tenant_id=A), 403)
    assert _snapshot(a, values) == before
    assert [s['stack_name'] for s in b.get('/stacks').json['stacks']] == ['made-by-b']


def test_another_projects_stack_is_no_list_marker(api):
    values = _a_stack(api.as_tenant(A))
    resp = api.as_tenant(B).get(f'/stacks?marker={values["stack_id"]}')
    helpers.assert_fault(resp, 400, contains='marker')
    assert resp.json['error']['message'] == \
        api.as_tenant(B).get('/stacks?marker=' + 'f' * 36).json['error']['message'] \
        .replace('f' * 36, values['stack_id'])


def test_a_keystone_admin_acts_on_any_projects_stack_at_its_canonical_path(keystone_app):
    # As in Heat (its AdminActionsTest): the admin's client addresses a
    # member's stack by name and id under the admin's own project.
    a = TokenClient(keystone_app, A, f'token-{A}')
    values = _a_stack(a)
    path = f'/stacks/{A_NAME}/{values["stack_id"]}'
    admin = TokenClient(keystone_app, ADMIN, 'token-admin')
    shown = admin.get(path)
    assert shown.status_int == 200, shown.body
    assert shown.json['stack']['id'] == values['stack_id']
    assert admin.get(f'{path}/resources').status_int == 200
    assert admin.patch(path, {'parameters': {'value': 'by-admin'}}).status_int == 202
    assert a.get(path).json['stack']['parameters']['value'] == 'by-admin'
    # By id alone too (a redirect to the stack's canonical path); by name
    # alone, names are the admin's project's own; and the admin's list is of
    # its own project.
    found = admin.get(f'/stacks/{values["stack_id"]}')
    assert found.status_int == 302
    assert found.location.endswith(f'/v1/{ADMIN}/stacks/{A_NAME}/{values["stack_id"]}')
    assert admin.get(found.location.replace('http://localhost', '')).status_int == 200
    helpers.assert_fault(admin.get(f'/stacks/{A_NAME}'), 404)
    assert admin.get('/stacks').json['stacks'] == []
    # A member of another project still finds nothing there.
    helpers.assert_fault(TokenClient(keystone_app, B, f'token-{B}').get(path), 404)
    # The admin's actions act on that stack, in its project (here it is
    # still updating, which the check is refused for: it was found).
    helpers.assert_fault(admin.post(f'{path}/actions', {'check': None}), 409,
                         'ActionInProgress', A_NAME)
    assert admin.get(f'{path}/snapshots').status_int == 200
    assert admin.delete(path).status_int == 204
