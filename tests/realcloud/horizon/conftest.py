"""Horizon's tier: OpenStack's dashboard (tools/horizon: Horizon with the
heat-dashboard plugin) on the mini-cloud's Keystone, with heat-conv as the
catalog's ``orchestration`` endpoint, driven in headless Chromium.

It needs the rig (the real-cloud tier's ``rig``), Horizon installed
(``tools/horizon install``), Playwright and Chromium (as tests/browser);
without any of them it skips and says which. Horizon is started if it is
not running, and stopped again by the test that started it.
"""
import os
import pathlib
import subprocess

import pytest

from tests.browser.conftest import VIEWPORT
from tests.browser.conftest import browser  # noqa: F401  (the fixture)
from tests.realcloud import real_stack_support

ROOT = pathlib.Path(__file__).resolve().parents[3]
TOOL = ROOT / 'tools' / 'horizon'
HOME = pathlib.Path(os.environ.get('HORIZON_HOME') or pathlib.Path(
    os.environ.get('XDG_DATA_HOME') or pathlib.Path.home() / '.local/share')
    / 'heat-conv' / 'horizon')
PORT = int(os.environ.get('HORIZON_PORT', '8095'))


def _tool(*args):
    return subprocess.run([str(TOOL), *args], capture_output=True, text=True, timeout=300)


@pytest.fixture(scope='module')
def horizon(rig):
    """Horizon's address, started with tools/horizon if it is not up."""
    if not (HOME / 'venv' / 'bin' / 'gunicorn').exists():
        pytest.skip(f'Horizon is not installed in {HOME}: tools/horizon install '
                    '(Horizon 27.0.0 and heat-dashboard 16.0.0 from PyPI)')
    started = _tool('status').returncode != 0
    if started:
        done = _tool('start')
        if done.returncode != 0:
            pytest.skip(f'tools/horizon start failed: {done.stdout}{done.stderr}')
    yield f'http://127.0.0.1:{PORT}'
    if started:
        _tool('stop')


@pytest.fixture(scope='module')
def heat_conv(rig, tmp_path_factory):
    """heat-conv with Keystone auth on the catalog's orchestration port."""
    service = real_stack_support.start_heat_conv(rig, tmp_path_factory.mktemp('horizon'))
    yield service
    service.kill()


@pytest.fixture(scope='module')
def page(browser, horizon, heat_conv, rig):  # noqa: F811
    """One browser tab logged in to Horizon as the rig's non-admin demo,
    kept for the module: its tests are the steps of one user's session.
    Every Orchestration page asks heat-conv, so it runs first."""
    context = browser.new_context(viewport=VIEWPORT)
    # Horizon asks Keystone and heat-conv on every page; on a rig shared
    # by a loaded machine a page can take tens of seconds.
    context.set_default_timeout(120000)
    context.set_default_navigation_timeout(120000)
    opened = context.new_page()
    auth = rig.auth('demo')
    opened.goto(f'{horizon}/auth/login/')
    opened.fill('#id_username', auth['username'])
    opened.fill('#id_password', auth['password'])
    opened.click('#loginBtn')
    opened.wait_for_url('**/project/**')
    yield opened
    context.close()
