"""heat-conv's built-in page (/dashboard) under Keystone auth, in headless
Chromium: it asks for a token, then shows what that token's user may see
in its project, and nothing of another project's; a token Keystone refuses
sends it back to sign in.

Needs the rig (the real-cloud tier's), Playwright and Chromium (as
tests/browser); without them it skips and says which.
"""
import time
import uuid

import pytest

from tests.browser.conftest import browser  # noqa: F401  (the fixture)
from tests.browser.conftest import open_page
from tests.realcloud import real_stack_support

TEMPLATE = {'heat_template_version': '2018-08-31', 'resources': {
    'first': {'type': 'OS::Heat::TestResource', 'properties': {'value': 'one'}},
    'second': {'type': 'OS::Heat::TestResource',
               'properties': {'value': {'get_attr': ['first', 'output']}}}}}


@pytest.fixture(scope='module')
def heat_conv(rig, tmp_path_factory):
    service = real_stack_support.start_heat_conv(
        rig, tmp_path_factory.mktemp('dashboard-keystone'),
        extra_conf='[dashboard]\nenabled = true\n')
    yield service
    service.kill()


@pytest.fixture
def page(browser, heat_conv):  # noqa: F811
    yield from open_page(browser)


@pytest.fixture
def demo_stack(rig, heat_conv):
    demo = rig.connect('demo')
    stack = demo.orchestration.create_stack(name=f'dash-{uuid.uuid4().hex[:6]}',
                                            template=TEMPLATE)
    deadline = time.monotonic() + 120
    while demo.orchestration.get_stack(stack.id).status != 'CREATE_COMPLETE':
        assert time.monotonic() < deadline, 'the demo stack was not created'
        time.sleep(1)
    yield demo.orchestration.get_stack(stack.id)
    demo.orchestration.delete_stack(stack.id)
    _wait(lambda: (demo.orchestration.find_stack(stack.id, ignore_missing=True)
                   is None), 'the demo stack to be deleted', timeout=120)


def _sign_in(page, heat_conv, token, project):
    page.goto(f'{heat_conv.url}/dashboard/')
    page.wait_for_selector('input[name=token]', timeout=30000)
    page.fill('input[name=token]', token)
    page.fill('input[name=project]', project)
    page.click('form button[type=submit]')


def _wait(predicate, what, timeout=30, page=None):
    """``page``: wait in the page's own loop, so that its event handlers run
    (Playwright's sync API dispatches them only inside its calls)."""
    deadline = time.monotonic() + timeout
    while not predicate():
        assert time.monotonic() < deadline, \
            f'timed out waiting for {what() if callable(what) else what}'
        if page is not None:
            page.wait_for_timeout(200)
        else:
            time.sleep(0.2)


def _credentials(rig, user):
    conn = rig.connect(user)
    return conn.session.get_token(), conn.current_project_id


def test_the_page_shows_the_token_users_stacks_and_no_others(rig, heat_conv, page,
                                                            demo_stack):
    _sign_in(page, heat_conv, *_credentials(rig, 'demo'))
    row = page.locator(f'tr[data-stack="{demo_stack.name}"]')
    row.wait_for(timeout=30000)
    assert row.locator('.status').inner_text() == 'CREATE_COMPLETE'
    # Its graph, through the same token.
    row.locator('a').click()
    # The page's Content-Security-Policy forbids eval: no wait_for_function.
    _wait(lambda: page.locator('#graph-text li').count() == 2, 'the graph of 2')
    assert 'Sign out' in page.locator('#who').inner_text()

    # Another project's user sees an empty list, not demo's stack.
    page.click('#who button')
    _sign_in(page, heat_conv, *_credentials(rig, 'alt'))
    page.wait_for_selector('table.stacks tbody tr', timeout=30000)
    page.wait_for_timeout(2500)      # the list refreshes every 2 s
    assert page.locator(f'tr[data-stack="{demo_stack.name}"]').count() == 0


def test_a_token_keystone_refuses_asks_for_another(rig, heat_conv, page):
    answers = []
    page.on('response', lambda r: answers.append(r.status) if '/v1/' in r.url else None)
    _, project = _credentials(rig, 'demo')
    _sign_in(page, heat_conv, 'not-a-token', project)
    _wait(lambda: 401 in answers, lambda: f"the API's 401 (answers: {answers})", page=page)
    # The 401 forgot the token: the page asks for one again.
    page.wait_for_selector('input[name=token]', timeout=30000)
    assert page.locator('input[name=token]').input_value() == ''
    assert 'Sign out' not in page.locator('#who').inner_text()
