"""Keystone mode: keystonemiddleware's auth_token in front of the API, its
tokens served by keystonemiddleware's own AuthTokenFixture (no Keystone).

The token decides the project, the user and the roles; policy decides what
they may do; and the request context (request id, user) reaches the events
the request causes and the messages it casts.
"""
import pytest
from keystonemiddleware import auth_token
from keystonemiddleware import fixture as ks_fixture

from heat_conv.api import app as app_module
from heat_conv.common import config
from heat_conv.db import api as db_api

from .conftest import Client
from .helpers import TEMPLATE
from .helpers import assert_fault


class Tokens:
    """Named tokens: member, reader and admin of p1, member of p2."""

    def __init__(self, fixture):
        self.ids = {}
        for name, project, roles in (('member', 'p1', ['member', 'reader']),
                                     ('reader', 'p1', ['reader']),
                                     ('admin', 'p1', ['admin', 'member', 'reader']),
                                     ('other', 'p2', ['member', 'reader'])):
            self.ids[name] = f'token-{name}'
            fixture.add_token_data(token_id=self.ids[name], user_id=f'user-{name}',
                                   user_name=name, project_id=project,
                                   project_name=project, role_list=roles)

    def headers(self, name):
        return {'X-Auth-Token': self.ids[name]}


@pytest.fixture
def keystone(db, casts):
    for group, opts in auth_token.list_opts():
        config.CONF.register_opts(opts, group=group)
    config.CONF.set_override('auth_strategy', 'keystone', group='api')
    config.CONF.set_override('www_authenticate_uri', 'http://keystone.test:5000',
                             group='keystone_authtoken')
    fixture = ks_fixture.AuthTokenFixture()
    fixture.setUp()
    try:
        yield KeystoneClient(app_module.make_app(), Tokens(fixture))
    finally:
        fixture.cleanUp()
        config.CONF.clear_override('auth_strategy', group='api')
        config.CONF.clear_override('www_authenticate_uri', group='keystone_authtoken')


class KeystoneClient:
    def __init__(self, app, tokens):
        self.app = app
        self.tokens = tokens

    def as_user(self, name, tenant):
        client = Client(self.app, tenant)
        headers = self.tokens.headers(name) if name else {}

        def request(method, path, body=None, **kwargs):
            return Client.request(client, method, path, body,
                                  headers=dict(headers, **kwargs.pop('headers', {})),
                                  **kwargs)
        client.request = request
        return client


def test_no_or_bad_token_is_401(keystone):
    assert_fault(keystone.as_user(None, 'p1').get('/stacks'), 401)
    resp = Client(keystone.app, 'p1').get('/stacks', headers={'X-Auth-Token': 'forged'})
    assert_fault(resp, 401)


def test_token_decides_who_and_policy_what(keystone):
    member = keystone.as_user('member', 'p1')
    resp = member.post('/stacks', {'stack_name': 'mine', 'template': TEMPLATE})
    assert resp.status_int == 201, resp.body
    stack_id = resp.json['stack']['id']
    stack = db_api.stack_get(stack_id)
    # Heat's stack_owner is the user's name, as the token gives it.
    assert (stack.tenant, stack.username) == ('p1', 'member')
    assert member.get(f'/stacks/mine/{stack_id}').json['stack']['stack_owner'] == 'member'
    preview = member.post('/stacks/preview', {'stack_name': 'seen', 'template': TEMPLATE})
    assert preview.json['stack']['stack_owner'] == 'member'

    reader = keystone.as_user('reader', 'p1')
    assert reader.get(f'/stacks/mine/{stack_id}').status_int == 200
    assert_fault(reader.post('/stacks', {'stack_name': 'x', 'template': TEMPLATE}),
                 403, 'Forbidden', 'stacks:create')
    assert_fault(reader.delete(f'/stacks/mine/{stack_id}'), 403, 'Forbidden',
                 'stacks:delete')
    assert_fault(member.get('/services'), 403, 'Forbidden', 'service:index')
    assert keystone.as_user('admin', 'p1').get('/services').status_int == 200
    assert_fault(member.get('/stacks?global_tenant=true'), 403)
    listed = keystone.as_user('admin', 'p1').get('/stacks?global_tenant=true').json
    assert [s['project'] for s in listed['stacks']] == ['p1']


def test_another_projects_token_cannot_reach_a_stack(keystone):
    member = keystone.as_user('member', 'p1')
    stack_id = member.post('/stacks', {'stack_name': 'mine', 'template': TEMPLATE}) \
        .json['stack']['id']
    # Through the owner's URL: the token is not for that project.
    other_in_p1 = keystone.as_user('other', 'p1')
    assert_fault(other_in_p1.get(f'/stacks/mine/{stack_id}'), 403)
    # Through its own project's URL: there is no such stack.
    other = keystone.as_user('other', 'p2')
    assert_fault(other.get(f'/stacks/mine/{stack_id}'), 404, 'StackNotFound')
    assert_fault(other.get('/stacks/mine'), 404)
    assert other.get('/stacks').json['stacks'] == []


def test_the_request_context_reaches_events_and_casts(keystone, casts):
    member = keystone.as_user('member', 'p1')
    resp = member.post('/stacks', {'stack_name': 'traced', 'template': TEMPLATE})
    request_id = resp.headers['x-openstack-request-id']
    stack_id = resp.json['stack']['id']
    events = member.get(f'/stacks/traced/{stack_id}/events').json['events']
    shown = member.get(f'/stacks/traced/{stack_id}/events/{events[0]["id"]}').json
    assert (shown['event']['request_id'], shown['event']['user_id']) == \
        (request_id, 'user-member')


WAIT = {'heat_template_version': '2018-08-31', 'resources': {
    'handle': {'type': 'OS::Heat::WaitConditionHandle'},
    'other': {'type': 'OS::Heat::WaitConditionHandle'}}}


def test_a_signed_signal_url_needs_no_token_and_signals_only_its_resource(keystone):
    from heat_conv.resources.heat import signal_url
    config.CONF.set_override('signal_key', 's3cret', group='clients_heat')
    try:
        member = keystone.as_user('member', 'p1')
        stack = member.post('/stacks', {'stack_name': 'w', 'template': WAIT}).json['stack']
        url = signal_url.signal_url('p1', 'w', stack['id'], 'handle')
        path, query = url.split('/v1/p1', 1)[1].split('?')
        anonymous = keystone.as_user(None, 'p1')
        assert anonymous.post(f'{path}?{query}', {'data': 'x'}).status_int == 200
        assert db_api.signals_for(stack['id'], resource_name='handle') == [{'data': 'x'}]
        assert_fault(anonymous.post(path, {}), 401)
        assert_fault(anonymous.post(f'{path}?signature=forged', {}), 401)
        other = path.replace('/handle/', '/other/')
        assert_fault(anonymous.post(f'{other}?{query}', {}), 401)
        # ...and the signature opens nothing but the signal
        assert_fault(anonymous.get(f'{path.rsplit("/", 1)[0]}?{query}'), 401)
    finally:
        config.CONF.clear_override('signal_key', group='clients_heat')
