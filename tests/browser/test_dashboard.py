"""The built-in page follows a tree of stacks as it is created and deleted.

A 3-level tree of 60 resources (tree/top.yaml) is created through the API
while the page shows it; every status change of every resource that the
API's events report once the graph is on screen must reach the page's
graph within 2 s of the test first reading that event from the API. The
stack is then deleted with the page's own button, and the same holds for
the delete.

With HEAT_CONV_DASHBOARD_SCREENSHOTS=DIR (e.g. doc), the graph mid-create
and at the end are saved there as dashboard-create.png and
dashboard-complete.png.
"""
import datetime
import os
import pathlib
import threading
import time

import pytest
import requests

HERE = pathlib.Path(__file__).parent
TREE = HERE / 'tree'
MAX_LAG = 2.0
STACK = 'tree'


class EventWatcher(threading.Thread):
    """Reads the stack tree's new events from the API every 0.2 s and notes
    when each was first seen (so a lag may be up to 0.2 s longer than
    measured; polling faster would load the API the page is polling)."""

    def __init__(self, endpoint, stack_path):
        super().__init__(daemon=True)
        self.url = f'{endpoint}/stacks/{stack_path}/events'
        self.seen = []          # (node id, status, time first seen)
        self.stop = threading.Event()
        self.marker = None

    def run(self):
        while not self.stop.is_set():
            params = {'nested_depth': 5, 'sort_dir': 'asc'}
            if self.marker:
                params['marker'] = self.marker
            resp = requests.get(self.url, params=params, timeout=10)
            now = time.time()
            if resp.status_code == 404:
                return
            for event in resp.json()['events']:
                self.marker = event['id']
                stack_id = _linked_stack_id(event)
                if event['physical_resource_id'] != stack_id:
                    self.seen.append((f"{stack_id}:{event['resource_name']}",
                                      event['resource_status'], now))
            self.stop.wait(0.2)

    def resources_with(self, status):
        return {node for node, seen_status, _ in self.seen if seen_status == status}


def _linked_stack_id(event):
    link = next(link for link in event['links'] if link['rel'] == 'stack')
    return link['href'].rstrip('/').split('/')[-1]


def _lags(watcher, shown, since):
    """For every (resource, status) the API reported from ``since`` on: how
    long after the watcher saw it the page first showed it (None: never)."""
    first_shown = {}
    for item in shown:
        first_shown.setdefault((item['node'], item['status']), item['t'] / 1000.0)
    return {(node, status): (first_shown[(node, status)] - seen
                             if (node, status) in first_shown else None)
            for node, status, seen in watcher.seen if seen >= since}


def _poll_report(page):
    """The page's event polls: the slowest answer and the longest wait
    between two polls (a busy page or a starved browser)."""
    polls = page.evaluate('window.__eventPolls')
    if not polls:
        return 'no event polls recorded'
    slowest = max(p['end'] - p['start'] for p in polls) / 1000
    gaps = [b['start'] - a['end'] for a, b in zip(polls, polls[1:])]
    return (f'{len(polls)} event polls, slowest answer {slowest:.2f} s, longest wait '
            f'between polls {max(gaps or [0]) / 1000:.2f} s')


def _assert_timely(lags, action, page):
    late = {key: lag for key, lag in lags.items() if lag is None or lag > MAX_LAG}
    assert not late, (f'{action}: {len(late)} of {len(lags)} statuses the page showed '
                      f'late or never ({_poll_report(page)}): {late}')


def _shown_statuses(page):
    return page.eval_on_selector_all('#graph-text li', 'items => items.map(i => i.dataset.status)')


def _shown_not_complete(page):
    return page.eval_on_selector_all(
        '#graph-text li:not([data-status="CREATE_COMPLETE"])',
        'items => items.map(i => i.dataset.node + " " + i.dataset.name + " " + i.dataset.status)')


def _wait(predicate, timeout, what):
    deadline = time.monotonic() + timeout
    while not predicate():
        assert time.monotonic() < deadline, \
            f'timed out waiting for {what() if callable(what) else what}'
        time.sleep(0.1)


def _screenshot(page, name):
    target = os.environ.get('HEAT_CONV_DASHBOARD_SCREENSHOTS')
    if target:
        page.screenshot(path=str(pathlib.Path(target) / name))


def _create_tree(service, page):
    """The 60-resource tree created while the page watches; (its id, the
    event watcher, when the graph was first on screen)."""
    page.add_init_script(path=str(HERE / 'status_recorder.js'))
    page.goto(f'{service.url}/dashboard/')
    page.get_by_role('heading', name='Stacks').wait_for()
    files = {name: (TREE / name).read_text() for name in ('mid.yaml', 'leaf.yaml')}
    resp = requests.post(f'{service.endpoint}/stacks', json={
        'stack_name': STACK, 'template': (TREE / 'top.yaml').read_text(),
        'files': files}, timeout=30)
    assert resp.status_code == 201, resp.text
    stack_id = resp.json()['stack']['id']
    watcher = EventWatcher(service.endpoint, f'{STACK}/{stack_id}')
    watcher.start()
    # The page is loaded: going to the stack is a step inside it.
    page.evaluate(f"location.hash = '#/stacks/{STACK}/{stack_id}/graph'")
    items = page.locator('#graph-text li')
    items.first.wait_for(state='attached')
    graph_shown = time.time()
    _wait(lambda: watcher.resources_with('CREATE_COMPLETE').__len__() >= 25, 60,
          'half the resources to be created')
    page.locator('#graph[data-layout="done"]').wait_for(timeout=15000)
    _screenshot(page, 'dashboard-create.png')
    service.wait_for(STACK, 'CREATE_COMPLETE', timeout=60)
    page.locator('.stack-head [data-status="CREATE_COMPLETE"]').wait_for(timeout=15000)
    _wait(lambda: _shown_statuses(page).count('CREATE_COMPLETE') == 60,
          15, lambda: f'the page to show 60 resources complete: {_shown_not_complete(page)} '
          f'API: {[e for e in watcher.seen if e[0] in str(_shown_not_complete(page))]}')
    assert items.count() == 60
    page.locator('#graph[data-layout="done"]').wait_for(timeout=15000)
    _screenshot(page, 'dashboard-complete.png')
    return stack_id, watcher, graph_shown


def _remove(service, stack_id, watcher):
    watcher.stop.set()
    if service.stack(STACK) is not None:
        requests.delete(f'{service.endpoint}/stacks/{STACK}/{stack_id}', timeout=30)


# Every status on the page within 2 s of the API showing it holds on a
# quiet machine; with CI's test workers and the mini-cloud on two cores the
# page's polls themselves come seconds apart. One command runs them:
# HEAT_CONV_BROWSER_TIMING=1 tools/run-tests tests/browser
timing = pytest.mark.skipif(
    os.environ.get('HEAT_CONV_BROWSER_TIMING') != '1',
    reason='timing (every status shown within 2 s) needs a quiet machine: '
           'HEAT_CONV_BROWSER_TIMING=1 tools/run-tests tests/browser')


@timing
def test_the_graph_follows_a_60_resource_tree_as_it_is_created(service, page):
    stack_id, watcher, graph_shown = _create_tree(service, page)
    try:
        created = watcher.resources_with('CREATE_COMPLETE')
        assert len(created) == 60, f'the API reported {len(created)} resources created'
        shown = page.evaluate('window.__statusesShown')
        lags = _lags(watcher, shown, graph_shown)
        _assert_timely(lags, 'create', page)
        # Every resource was seen in progress, not only finished.
        assert len(watcher.resources_with('CREATE_IN_PROGRESS')) == 60
    finally:
        _remove(service, stack_id, watcher)
    before = sum(1 for _, _, seen in watcher.seen if seen < graph_shown)
    print(f'\n{len(lags)} status changes checked ({before} before the graph was on '
          f'screen); page behind the API: max {max(lags.values()):.2f} s, '
          f'mean {sum(lags.values()) / len(lags):.2f} s; {_poll_report(page)}')


@timing
def test_the_page_deletes_the_tree_and_shows_every_delete(service, page):
    stack_id, watcher, graph_shown = _create_tree(service, page)
    try:
        page.on('dialog', lambda dialog: dialog.accept())
        page.locator('button[name="delete"]').click()
        _wait(lambda: service.stack(STACK) is None, 60, 'the stack to be deleted')
        page.locator('.stack-head [data-status="DELETE_COMPLETE"]').wait_for(timeout=15000)
        watcher.stop.set()
        watcher.join(timeout=15)
        shown = page.evaluate('window.__statusesShown')
        lags = {key: lag for key, lag in _lags(watcher, shown, graph_shown).items()
                if key[1].startswith('DELETE')}
        assert lags, 'the API reported no resource deleted'
        _assert_timely(lags, 'delete', page)
    finally:
        _remove(service, stack_id, watcher)


def test_every_resource_of_the_child_stacks_is_drawn_deleted(service, page):
    """A child stack being deleted leaves the parent's nested event listing
    as soon as it is gone, often before the page's next poll; the page
    follows its own events, so every resource ends drawn DELETE_COMPLETE.
    (The timing test above checks the same within 2 s on a quiet machine.)"""
    resp = requests.post(f'{service.endpoint}/stacks', json={
        'stack_name': 'tree-gone', 'template': (TREE / 'top.yaml').read_text(),
        'parameters': {'wait': 0},
        'files': {name: (TREE / name).read_text() for name in ('mid.yaml', 'leaf.yaml')}},
        timeout=30)
    assert resp.status_code == 201, resp.text
    stack_id = resp.json()['stack']['id']
    try:
        service.wait_for('tree-gone', 'CREATE_COMPLETE', timeout=120)
        page.goto(f'{service.url}/dashboard/#/stacks/tree-gone/{stack_id}/graph')
        _wait(lambda: _shown_statuses(page).count('CREATE_COMPLETE') == 60, 30,
              lambda: f'the page to show 60 resources complete: {_shown_not_complete(page)}')
        page.on('dialog', lambda dialog: dialog.accept())
        page.locator('button[name="delete"]').click()
        service.wait_for('tree-gone', None, timeout=120)
        _wait(lambda: _shown_statuses(page).count('DELETE_COMPLETE') == 60, 20,
              lambda: 'every resource drawn deleted; not: ' + str(page.eval_on_selector_all(
                  '#graph-text li:not([data-status="DELETE_COMPLETE"])',
                  'items => items.map(i => i.dataset.name + " " + i.dataset.status)')))
    finally:
        if service.stack('tree-gone') is not None:
            requests.delete(f'{service.endpoint}/stacks/tree-gone/{stack_id}', timeout=30)


def test_create_and_update_from_the_form_after_a_preview_then_converge(service, page):
    """The form previews a create, creates; the update form previews what an
    update would change and updates; drift's button converges."""
    template = (HERE.parents[1] / 'sample-templates' / 'fan.yaml').read_text()
    page.goto(f'{service.url}/dashboard/#/create')
    page.fill('input[name=stack_name]', 'fan')
    page.fill('textarea[name=template]', template)
    page.click('button[name=preview]')
    preview = page.locator('.preview[data-kind="create"]')
    preview.wait_for(timeout=20000)
    assert 'Preview: 5 resources would be created' in preview.inner_text()
    assert service.stack('fan') is None, 'a preview must not create the stack'
    page.click('button[name=submit]')
    head = page.locator('.stack-head')
    head.locator('[data-status="CREATE_COMPLETE"]').wait_for(timeout=30000)
    # The graph draws after its layout, which may end after the status shows.
    _wait(lambda: page.locator('#graph-text li').count() == 5, 20,
          lambda: f'5 resources drawn, not {page.locator("#graph-text li").count()}')

    page.click('a[data-tab="template"]')
    assert 'Fan-out and fan-in' in page.locator('pre.template').inner_text(timeout=10000)

    page.click('a[data-tab="update"]')
    page.fill('textarea[name=parameters]', 'greeting=bye')
    page.click('button[name=preview]')
    changes = page.locator('.preview[data-kind="update"]')
    changes.wait_for(timeout=20000)
    assert 'updated' in changes.locator('tbody').inner_text()
    assert service.stack('fan')['stack_status'] == 'CREATE_COMPLETE'
    page.click('button[name=submit]')
    head.locator('[data-status="UPDATE_COMPLETE"]').wait_for(timeout=30000)
    assert service.stack('fan')['parameters']['greeting'] == 'bye'

    page.click('a[data-tab="drift"]')
    page.locator('table.drift tbody tr').first.wait_for(timeout=10000)
    before = service.stack('fan')['updated_time']
    # updated_time has whole seconds: a converge begun in the second the
    # form's update began would show the same one.
    _wait(lambda: datetime.datetime.now(datetime.timezone.utc).strftime(
        '%Y-%m-%dT%H:%M:%SZ') > before, 5, 'the next second')
    page.click('button[name=converge-drift]')
    _wait(lambda: service.stack('fan')['updated_time'] != before, 30,
          'the converge to start an update')
    service.wait_for('fan', 'UPDATE_COMPLETE', timeout=30)
    stack = service.stack('fan')
    requests.delete(f"{service.endpoint}/stacks/fan/{stack['id']}", timeout=30)
    service.wait_for('fan', None, timeout=30)
