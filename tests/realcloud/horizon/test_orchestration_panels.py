"""Horizon's Orchestration panels (heat-dashboard) on heat-conv: as the
rig's non-admin ``demo``, a stack is launched from a template typed into
the Launch Stack form with a parameter, listed, shown (topology, overview,
resources, events, template) and deleted, each through Horizon's pages,
and each step checked against what heat-conv's API says.

With HEAT_CONV_DASHBOARD_SCREENSHOTS=DIR (e.g. doc), the stack list and
the stack's topology are saved there as horizon-stacks.png and
horizon-topology.png.
"""
import os
import pathlib
import time
import uuid

import pytest

TEMPLATE = """heat_template_version: 2018-08-31
description: Two resources launched from Horizon
parameters:
  greeting: {type: string, description: What a says}
resources:
  a:
    type: OS::Heat::TestResource
    properties: {value: {get_param: greeting}}
  b:
    type: OS::Heat::TestResource
    properties: {value: {get_attr: [a, output]}}
outputs:
  said: {value: {get_attr: [b, output]}}
"""


def _screenshot(page, name):
    target = os.environ.get('HEAT_CONV_DASHBOARD_SCREENSHOTS')
    if target:
        page.screenshot(path=str(pathlib.Path(target) / name), full_page=True)


def _wait(predicate, timeout, what):
    deadline = time.monotonic() + timeout
    while not (found := predicate()):
        assert time.monotonic() < deadline, \
            f'timed out waiting for {what() if callable(what) else what}'
        time.sleep(1)
    return found


def _log_in(page, horizon, auth):
    page.goto(f'{horizon}/auth/login/')
    page.fill('#id_username', auth['username'])
    page.fill('#id_password', auth['password'])
    page.click('#loginBtn')
    page.wait_for_url('**/project/**', timeout=60000)


def _status_in_list(page, horizon, name):
    page.goto(f'{horizon}/project/stacks/')
    row = page.locator('table#stacks tbody tr', has_text=name)
    return row.locator('td.status_up, td.status_down, td.status_unknown').first.inner_text() \
        if row.count() else None


def _stack(demo, name):
    return demo.orchestration.find_stack(name, ignore_missing=True)


@pytest.mark.usefixtures('heat_conv')
def test_launch_show_and_delete_a_stack_through_horizon(rig, horizon, page):
    demo_auth = rig.auth('demo')
    demo = rig.connect('demo')
    name = f'horizon-{uuid.uuid4().hex[:6]}'
    _log_in(page, horizon, demo_auth)
    try:
        # Launch: the template as Direct Input, then the stack's form.
        page.goto(f'{horizon}/project/stacks/select_template')
        page.evaluate("""() => {
            const source = document.querySelector('#id_template_source');
            source.value = 'raw';
            source.dispatchEvent(new Event('change', {bubbles: true}));
        }""")
        page.fill('#id_template_data', TEMPLATE)
        page.get_by_role('button', name='Next').click()
        page.fill('#id_stack_name', name)
        page.fill('#id_password', demo_auth['password'])
        page.fill('#id___param_greeting', 'hello from horizon')
        page.get_by_role('button', name='Launch').click()

        # The list shows it complete; heat-conv has it with the parameter.
        _wait(lambda: _status_in_list(page, horizon, name) == 'Create Complete', 120,
              lambda: f'{name} to be listed as Create Complete; the list: '
              f'{page.locator("table#stacks").inner_text()!r}; messages: '
              f'{page.locator(".alert").all_inner_texts()}; heat-conv: {_stack(demo, name)}')
        _screenshot(page, 'horizon-stacks.png')
        stack = _stack(demo, name)
        assert stack.status == 'CREATE_COMPLETE'
        assert stack.parameters['greeting'] == 'hello from horizon'
        detail = f'{horizon}/project/stacks/stack/{stack.id}/'

        page.goto(f'{detail}?tab=stack_details__overview')
        overview = page.locator('#stack_details__overview').inner_text()
        assert name in overview and 'Create Complete' in overview
        assert 'hello from horizon' in overview

        page.goto(f'{detail}?tab=stack_details__topology')
        graph = page.request.get(f'{horizon}/project/stacks/get_d3_data/{stack.id}/').json()
        assert {node['name'] for node in graph['nodes']} >= {'a', 'b', name}
        page.locator('#stack_details__topology svg').first.wait_for(timeout=30000)
        _screenshot(page, 'horizon-topology.png')

        page.goto(f'{detail}?tab=stack_details__resources')
        resources = page.locator('#stack_details__resources table tbody')
        for resource in ('a', 'b'):
            row = resources.locator('tr', has_text=f'{resource}').first
            assert 'Create Complete' in row.inner_text()

        page.goto(f'{detail}?tab=stack_details__events')
        events = page.locator('#stack_details__events table tbody').inner_text()
        assert events.count('Create Complete') >= 2 and 'Create In Progress' in events

        page.goto(f'{detail}?tab=stack_details__stack_template')
        template = page.locator('#stack_details__stack_template').inner_text()
        assert 'OS::Heat::TestResource' in template

        # Delete from the list, with Horizon's confirmation.
        page.goto(f'{horizon}/project/stacks/')
        page.locator('table#stacks tbody tr', has_text=name).locator(
            'input[type=checkbox]').check()
        page.click('#stacks__action_delete')
        page.locator('.modal-footer .btn-danger').click()
        _wait(lambda: _stack(demo, name) is None
              or _stack(demo, name).status == 'DELETE_COMPLETE', 120, f'{name} to be deleted')
        page.goto(f'{horizon}/project/stacks/')
        assert page.locator('table#stacks tbody tr', has_text=name).count() == 0
    finally:
        left = _stack(demo, name)
        if left is not None and left.status != 'DELETE_COMPLETE':
            demo.orchestration.delete_stack(left)
            _wait(lambda: _stack(demo, name) is None, 120, f'{name} to be cleaned up')
