"""The built-in page's files under /dashboard: off unless enabled, on in
heat-conv-all, served only from the package's static directory."""
import pytest
import webob

from heat_conv.api import app as app_module
from heat_conv.api.dashboard import app as dashboard_app
from heat_conv.api.dashboard import options
from heat_conv.common import config

CONF = config.CONF


@pytest.fixture
def enabled():
    CONF.set_override('enabled', True, group='dashboard')
    yield app_module.make_app()
    CONF.clear_override('enabled', group='dashboard')


def get(app, path, method='GET'):
    return webob.Request.blank(path, method=method).get_response(app)


def test_off_by_default_the_path_is_an_api_404():
    resp = get(app_module.make_app(), '/dashboard/')
    assert resp.status_int == 404
    assert resp.json['error']['type'] == 'HTTPNotFound'


def test_the_page_its_script_and_its_stylesheet(enabled):
    resp = get(enabled, '/dashboard')
    assert resp.status_int == 301
    assert resp.location == 'http://localhost/dashboard/'
    page = get(enabled, '/dashboard/')
    assert page.status_int == 200 and page.content_type == 'text/html'
    assert '<script src="dashboard.js">' in page.text
    assert "default-src 'self'" in page.headers['Content-Security-Policy']
    script = get(enabled, '/dashboard/dashboard.js')
    assert script.status_int == 200
    assert script.content_type.endswith('javascript')
    # The built bundle carries the graph libraries (no CDN at run time).
    assert 'cytoscape' in script.text and 'elk' in script.text
    assert get(enabled, '/dashboard/dashboard.css').content_type == 'text/css'


def test_the_api_still_answers_beside_the_page(enabled):
    resp = get(enabled, '/v1/')
    assert resp.status_int == 300
    assert get(enabled, '/dashboardx').status_int == 404


def test_config_tells_the_page_how_to_authenticate(enabled):
    body = get(enabled, '/dashboard/config.json').json
    assert body == {'auth_strategy': 'noauth', 'default_tenant': 'admin'}
    CONF.set_override('auth_strategy', 'keystone', group='api')
    try:
        # The page alone: make_app would put keystonemiddleware in front of v1.
        body = get(dashboard_app.DashboardApp(CONF), '/dashboard/config.json').json
    finally:
        CONF.clear_override('auth_strategy', group='api')
    assert body == {'auth_strategy': 'keystone', 'default_tenant': None}


@pytest.mark.parametrize('path', ['/dashboard/../app.py', '/dashboard/%2e%2e/app.py',
                                  '/dashboard/..%2fapp.py', '/dashboard/nothing.js',
                                  '/dashboard/static'])
def test_only_the_built_files_are_served(enabled, path):
    resp = get(enabled, path)
    assert resp.status_int == 404, resp.text


def test_the_page_takes_no_writes(enabled):
    assert get(enabled, '/dashboard/', method='POST').status_int == 405


def test_heat_conv_all_turns_it_on_and_a_config_file_can_turn_it_off():
    assert CONF.dashboard.enabled is False
    options.enable_for_embedded_default()
    try:
        assert CONF.dashboard.enabled is True
        CONF.set_override('enabled', False, group='dashboard')
        assert CONF.dashboard.enabled is False
        CONF.clear_override('enabled', group='dashboard')
    finally:
        CONF.set_default('enabled', False, group='dashboard')
