"""The browser tier: heat-conv's built-in page (/dashboard) in headless
Chromium, driven by Playwright.

It needs Playwright's Python package (a test extra) and a Chromium: the
one named by HEAT_CONV_CHROMIUM, else Debian's /usr/bin/chromium
(``apt-get install chromium``). Without either, every test here skips and
says which is missing.
"""
import asyncio
import os
import shutil

import pytest

from tests.functional import all_in_one

VIEWPORT = {'width': 1600, 'height': 1000}


def _chromium():
    named = os.environ.get('HEAT_CONV_CHROMIUM')
    if named:
        return named
    return shutil.which('chromium') or shutil.which('chromium-browser')


@pytest.fixture(scope='session')
def browser():
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        pytest.skip('the browser tier needs Playwright (pip install playwright; '
                    'a test extra of setup.cfg)')
    executable = _chromium()
    if not executable:
        pytest.skip('the browser tier needs Chromium: apt-get install chromium '
                    '(or HEAT_CONV_CHROMIUM=/path/to/chrome)')
    # No loop runs in this thread (pytest calls the fixture), so a running
    # loop asyncio reports here was left marked by earlier code in this
    # worker, and Playwright's sync API would refuse to start (seen in CI).
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        pass
    else:
        asyncio.events._set_running_loop(None)
    with sync_playwright() as playwright:
        try:
            launched = playwright.chromium.launch(executable_path=executable, headless=True)
        except Exception as exc:   # a browser that cannot start is a skip, with why
            pytest.skip(f'Chromium at {executable} did not start: {exc}')
        yield launched
        launched.close()


@pytest.fixture(scope='module')
def service(tmp_path_factory):
    """heat-conv-all, which serves the page by default, on free ports."""
    running = all_in_one.AllInOne(tmp_path_factory.mktemp('dashboard')).start()
    yield running
    running.kill()


def open_page(browser):
    """A fresh tab at the tier's viewport; after the test, no script error
    may have reached the page (a generator: a fixture's body)."""
    context = browser.new_context(viewport=VIEWPORT)
    opened = context.new_page()
    errors = []
    opened.on('pageerror', lambda exc: errors.append(str(exc)))
    yield opened
    context.close()
    assert not errors, f'the page raised: {errors}'


@pytest.fixture
def page(browser, service):
    yield from open_page(browser)
