"""What the request context carries under keystonemiddleware (its own
AuthTokenFixture stands in for Keystone): the token, user, project, their
domains, roles, the token's service catalog, and an auth plugin that makes
sessions act as the user; and nothing of that is sent to the engine."""
import pytest
import webob
from keystoneauth1 import fixture as ks_token
from keystoneauth1 import session
from keystonemiddleware import auth_token
from keystonemiddleware import fixture as ks_fixture

from heat_conv.api import auth
from heat_conv.common import config
from heat_conv.common import context

CATALOG_URL = 'http://nova.test:8774/v2.1'


@pytest.fixture
def middleware():
    for group, opts in auth_token.list_opts():
        config.CONF.register_opts(opts, group=group)
    config.CONF.set_override('www_authenticate_uri', 'http://keystone.test:5000',
                             group='keystone_authtoken')
    fixture = ks_fixture.AuthTokenFixture()
    fixture.setUp()
    token = ks_token.V3Token(user_id='u1', user_name='ann', user_domain_id='ud1',
                             project_id='p1', project_name='web',
                             project_domain_id='pd1')
    token.add_role(name='member')
    token.add_role(name='reader')
    service = token.add_service('compute', name='nova')
    service.add_standard_endpoints(public=CATALOG_URL, region='RegionOne')
    fixture.add_token(token, token_id='tok-1')
    seen = {}

    @webob.dec.wsgify
    def app(req):
        seen['ctx'] = auth.context_for(req, 'p1', auth.KEYSTONE)
        return webob.Response('ok')
    try:
        yield auth_token.AuthProtocol(app, {'oslo_config_config': config.CONF}), seen
    finally:
        fixture.cleanUp()
        config.CONF.clear_override('www_authenticate_uri', group='keystone_authtoken')


def test_the_context_carries_who_asked_and_their_catalog(middleware):
    app, seen = middleware
    resp = webob.Request.blank('/v1/p1/stacks', headers={'X-Auth-Token': 'tok-1'}) \
        .get_response(app)
    assert resp.status_int == 200, resp.body
    ctx = seen['ctx']
    assert (ctx.auth_token, ctx.user_id, ctx.user_name, ctx.project_id,
            ctx.project_name) == ('tok-1', 'u1', 'ann', 'p1', 'web')
    assert (ctx.user_domain_id, ctx.project_domain_id) == ('ud1', 'pd1')
    assert set(ctx.roles) == {'member', 'reader'}
    assert [s['type'] for s in ctx.service_catalog] == ['compute']
    # The plugin authenticates a session as the user (with their token and
    # catalog; keystonemiddleware adds its own service token when it has
    # credentials, which this fixture lacks).
    sess = session.Session(auth=ctx.user_auth_plugin)
    assert ctx.user_auth_plugin.get_access(sess).auth_token == 'tok-1'
    assert sess.get_endpoint(service_type='compute', interface='public') == CATALOG_URL

    # What travels to the engine is a plain dict, without the catalog or
    # the plugin; the engine acts through the stack's trust instead.
    sent = context.RequestContext.from_dict(ctx.to_dict())
    assert (sent.user_id, sent.project_id) == ('u1', 'p1')
    assert sent.service_catalog is None and sent.user_auth_plugin is None
