"""Contexts under noauth and keystone, and tenant isolation."""
import pytest
import webob

from heat_conv.api import app as app_module
from heat_conv.api import auth
from heat_conv.api import dispatch
from heat_conv.api import router
from heat_conv.common import config
from heat_conv.db import api as db_api

from .conftest import Client
from .helpers import TEMPLATE
from .helpers import assert_fault


def _context(strategy, path='/v1/t1/stacks', headers=None):
    req = webob.Request.blank(path, headers=headers or {})
    return auth.context_for(req, 't1', strategy)


def test_noauth_context_from_url_and_headers():
    ctx = _context(auth.NOAUTH)
    assert (ctx.project_id, ctx.user_id, ctx.is_admin) == ('t1', 'admin', True)
    ctx = _context(auth.NOAUTH, headers={'X-Auth-User': 'bob', 'X-Roles': 'admin'})
    assert (ctx.user_id, ctx.roles, ctx.is_admin) == ('bob', ['reader', 'member'], False)


def test_noauth_admins_are_an_option():
    config.CONF.set_override('noauth_admin_users', ['ops'], group='api')
    config.CONF.set_override('noauth_default_user', 'anonymous', group='api')
    try:
        assert _context(auth.NOAUTH, headers={'X-Auth-User': 'ops'}).is_admin
        ctx = _context(auth.NOAUTH)
        assert (ctx.user_id, ctx.is_admin) == ('anonymous', False)
        assert not _context(auth.NOAUTH, headers={'X-Auth-User': 'admin'}).is_admin
    finally:
        config.CONF.clear_override('noauth_admin_users', group='api')
        config.CONF.clear_override('noauth_default_user', group='api')


def test_keystone_context_from_auth_token_headers():
    ctx = _context(auth.KEYSTONE, headers={
        'X-Identity-Status': 'Confirmed', 'X-Project-Id': 't1', 'X-User-Id': 'u1',
        'X-Roles': 'reader,admin'})
    assert (ctx.project_id, ctx.user_id, ctx.is_admin) == ('t1', 'u1', True)


def test_keystone_token_of_another_project_is_403():
    with pytest.raises(Exception) as info:
        _context(auth.KEYSTONE, headers={'X-Identity-Status': 'Confirmed',
                                         'X-Project-Id': 't2', 'X-User-Id': 'u1'})
    assert info.value.code == 403


@pytest.fixture
def keystone_api(db, casts):
    """The v1 routes as they are behind auth_token (whose headers we forge)."""
    return Client(dispatch.Dispatcher(router.make_mapper(), router.make_controllers(),
                                      auth.KEYSTONE))


def _headers(project):
    return {'X-Identity-Status': 'Confirmed', 'X-Project-Id': project,
            'X-User-Id': 'u1', 'X-Roles': 'member'}


def test_keystone_requests(keystone_api):
    resp = keystone_api.post('/stacks', {'stack_name': 's', 'template': TEMPLATE},
                             headers=_headers('t1'))
    assert resp.status_int == 201
    assert db_api.stack_get(resp.json['stack']['id']).username == 'u1'
    assert_fault(keystone_api.get('/stacks', headers=_headers('t2')), 403, 'Forbidden')
    assert_fault(keystone_api.get('/stacks', headers={'X-Identity-Status': 'Invalid'}),
                 401)
    assert_fault(keystone_api.get('/services', headers=_headers('t1')), 403)


def test_keystone_strategy_puts_auth_token_in_front(db, casts):
    from keystonemiddleware import auth_token
    for group, opts in auth_token.list_opts():
        config.CONF.register_opts(opts, group=group)
    config.CONF.set_override('www_authenticate_uri', 'http://keystone.test:5000',
                             group='keystone_authtoken')
    config.CONF.set_override('auth_strategy', 'keystone', group='api')
    try:
        application = app_module.make_app()
    finally:
        config.CONF.clear_override('auth_strategy', group='api')
    # No token: auth_token refuses before any route is reached, as JSON.
    resp = webob.Request.blank('/v1/t1/stacks').get_response(application)
    assert resp.status_int == 401
    assert resp.content_type == 'application/json'
    assert 'keystone.test' in resp.headers['WWW-Authenticate']
    # The versions document needs no token.
    assert webob.Request.blank('/').get_response(application).status_int == 300
    config.CONF.clear_override('www_authenticate_uri', group='keystone_authtoken')
