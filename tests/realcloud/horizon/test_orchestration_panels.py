"""Horizon's Orchestration panels (heat-dashboard) on heat-conv, as the
rig's non-admin ``demo``, in the order a user goes through them: a stack
launched from a template file with a parameter, listed, shown (overview,
topology, resources, a resource, events, template), previewed, updated
with a changed template, checked, suspended, resumed and deleted; then the
resource types, template versions and template generator panels. Each
step that changes a stack is checked against heat-conv's API.

The tests are the steps of one session (one logged-in tab, one stack), so
they run in this order, in one worker (tests/conftest.py's scheduler).

With HEAT_CONV_DASHBOARD_SCREENSHOTS=DIR (e.g. doc), the main panels are
saved there as horizon-*.png.
"""
import os
import pathlib
import time
import uuid

import pytest

from tests.realcloud.horizon import panels

TEMPLATES = pathlib.Path(__file__).resolve().parent / 'templates'
TEMPLATE = TEMPLATES / 'two_resources.yaml'
UPDATED = TEMPLATES / 'three_resources.yaml'
GREETING = 'hello from horizon'


def _screenshot(page, name):
    target = os.environ.get('HEAT_CONV_DASHBOARD_SCREENSHOTS')
    if target:
        page.screenshot(path=str(pathlib.Path(target) / f'horizon-{name}.png'))


def _wait(predicate, timeout, what):
    deadline = time.monotonic() + timeout
    while not (found := predicate()):
        assert time.monotonic() < deadline, \
            f'timed out waiting for {what() if callable(what) else what}'
        time.sleep(1)
    return found


def _stack(demo, name):
    return demo.orchestration.find_stack(name, ignore_missing=True)


def _api_status(demo, name, status):
    """Waits until heat-conv's API has the stack in ``status``."""
    def reached():
        stack = demo.orchestration.get_stack(_stack(demo, name))
        assert not stack.status.endswith('FAILED'), f'{name}: {stack.status} {stack.status_reason}'
        return stack if stack.status == status else None
    return _wait(reached, 120, lambda: f'{name} to be {status} in heat-conv')


def _list_shows(page, horizon, name, status):
    _wait(lambda: panels.list_status(page, horizon, name) == status, 120,
          lambda: f'{name} to be listed as {status!r}; the list: '
          f'{page.locator("table#stacks").inner_text()!r}; messages: '
          f'{page.locator(".alert").all_inner_texts()}')


@pytest.fixture(scope='module')
def demo(rig):
    return rig.connect('demo')


@pytest.fixture(scope='module')
def launched(heat_conv, horizon, page, rig, demo):
    """The stack launched through Horizon's Launch Stack, from a template
    file with a parameter; deleted through the API if a test left it."""
    name = f'horizon-{uuid.uuid4().hex[:6]}'
    page.goto(f'{horizon}/project/stacks/select_template')
    panels.choose_template_file(page, TEMPLATE)
    page.locator('#id_stack_name').wait_for()
    assert page.input_value('#id___param_greeting') == 'hi', 'the default fills the form'
    page.fill('#id_stack_name', name)
    page.fill('#id_password', rig.auth('demo')['password'])
    page.fill('#id___param_greeting', GREETING)
    _screenshot(page, 'launch')
    page.get_by_role('button', name='Launch').click()
    page.wait_for_url('**/project/stacks/')
    yield name
    left = _stack(demo, name)
    if left is not None and left.status != 'DELETE_COMPLETE':
        demo.orchestration.delete_stack(left)
        _wait(lambda: _stack(demo, name) is None, 120, f'{name} to be cleaned up')


def test_launch_from_a_template_file_with_a_parameter(horizon, page, demo, launched):
    _list_shows(page, horizon, launched, 'Create Complete')
    _screenshot(page, 'stacks')
    stack = demo.orchestration.get_stack(_stack(demo, launched))
    assert stack.status == 'CREATE_COMPLETE'
    assert stack.parameters['greeting'] == GREETING
    assert {o['output_key']: o['output_value'] for o in stack.outputs}['said'] == GREETING


def test_stack_detail_tabs(horizon, page, demo, launched):
    stack = _stack(demo, launched)
    detail = f'{horizon}/project/stacks/stack/{stack.id}/'

    page.goto(f'{detail}?tab=stack_details__overview')
    overview = page.locator('#stack_details__overview')
    fields = panels.definitions(overview)
    assert fields['Name'] == launched and fields['ID'] == stack.id
    # Horizon shows the status as Django's title filter makes it.
    assert fields['Status'] == f'Create_Complete: {stack.status_reason}'
    # An output's description, then its value; Heat's default description.
    assert fields['said'] == f'No description given\n{GREETING}'
    assert fields['greeting'] == GREETING
    _screenshot(page, 'overview')

    page.goto(f'{detail}?tab=stack_details__topology')
    graph = page.request.get(f'{horizon}/project/stacks/get_d3_data/{stack.id}/').json()
    assert graph['stack']['name'] == launched
    assert graph['stack']['status'] == 'CREATE_COMPLETE'
    nodes = {node['name']: node for node in graph['nodes']}
    assert set(nodes) == {'a', 'b'}
    assert nodes['a']['status'] == nodes['b']['status'] == 'CREATE_COMPLETE'
    assert nodes['a']['required_by'] == ['b'] and nodes['b']['required_by'] == []
    # Drawn by horizon.heattop.js: a node per resource, a link per
    # dependency (from required_by), the stack in a box beside them.
    topology = page.locator('#stack_details__topology')
    page.wait_for_function(panels.TOPOLOGY_SETTLED)
    assert topology.locator('svg g.node').count() == 2
    assert topology.locator('svg .link').count() == 1
    assert launched in topology.locator('#stack_box').inner_text()
    # A node's box, on hover, has the resource as heat-conv lists it.
    topology.locator('svg g.node[node_name="a"]').hover()
    info = topology.locator('#info_box')
    assert info.inner_text().split() == ['a', 'Create', 'Complete', 'OS::Heat::TestResource']
    _screenshot(page, 'topology')

    page.goto(f'{detail}?tab=stack_details__resources')
    resources = page.locator('#stack_details__resources table tbody')
    for resource in ('a', 'b'):
        row = resources.locator('tr', has=page.locator(f'td a:text-is("{resource}")'))
        assert 'Create Complete' in row.inner_text()
        assert 'OS::Heat::TestResource' in row.inner_text()
    _screenshot(page, 'resources')

    page.goto(f'{detail}a/')
    resource = page.locator('.detail').first.inner_text()
    assert 'OS::Heat::TestResource' in resource and 'Create Complete' in resource

    page.goto(f'{detail}?tab=stack_details__events')
    events = page.locator('#stack_details__events table tbody').inner_text()
    assert events.count('Create Complete') >= 3 and 'Create In Progress' in events
    _screenshot(page, 'events')

    page.goto(f'{detail}?tab=stack_details__stack_template')
    template = page.locator('#stack_details__stack_template').inner_text()
    assert 'OS::Heat::TestResource' in template and 'greeting' in template


def test_preview(horizon, page, demo):
    name = f'horizon-preview-{uuid.uuid4().hex[:6]}'
    page.goto(f'{horizon}/project/stacks/preview_template')
    panels.choose_template_file(page, TEMPLATE)
    page.locator('#id_stack_name').fill(name)
    page.get_by_role('button', name='Preview').click()
    preview = page.locator('.stack-preview')
    preview.wait_for()
    fields = panels.definitions(preview)
    assert fields['stack_name'] == name
    assert fields['description'] == 'Two resources launched from Horizon'
    assert fields['greeting'] == 'hi', 'the default, as the form asks for no parameters'
    # Heat's preview fields that Horizon prints: a stack not made yet.
    assert fields['id'] == 'None' and fields['updated_time'] == 'None'
    assert fields['creation_time'].endswith('Z')
    assert fields['self'].endswith(f'/stacks/{name}/None'), 'the Links section'
    assert "'output_key': 'said'" in fields['outputs']
    assert [v for k, v in panels.definition_pairs(preview) if k == 'resource_name'] == ['a', 'b']
    _screenshot(page, 'preview')
    assert _stack(demo, name) is None, 'a preview makes no stack'


def test_update_with_a_changed_template(horizon, page, rig, demo, launched):
    stack = _stack(demo, launched)
    page.goto(f'{horizon}/project/stacks/{stack.id}/change_template')
    panels.choose_template_file(page, UPDATED)
    page.locator('#id_stack_name').wait_for()
    assert page.input_value('#id_stack_name') == launched
    page.fill('#id___param_greeting', 'updated from horizon')
    page.fill('#id_password', rig.auth('demo')['password'])
    page.get_by_role('button', name='Update').click()
    page.wait_for_url('**/project/stacks/')
    _list_shows(page, horizon, launched, 'Update Complete')
    updated = _api_status(demo, launched, 'UPDATE_COMPLETE')
    assert updated.id == stack.id
    assert updated.parameters['greeting'] == 'updated from horizon'
    resources = {r.name: r.status for r in demo.orchestration.resources(updated)}
    assert set(resources) == {'a', 'b', 'c'} and resources['c'] == 'CREATE_COMPLETE', resources


@pytest.mark.parametrize('action, listed, status', [
    ('check', 'Check Complete', 'CHECK_COMPLETE'),
    ('suspend', 'Suspend Complete', 'SUSPEND_COMPLETE'),
    ('resume', 'Resume Complete', 'RESUME_COMPLETE'),
])
def test_stack_actions(horizon, page, demo, launched, action, listed, status):
    panels.row_action(page, horizon, launched, action)
    messages = page.locator('.alert').all_inner_texts()
    assert any(launched in message for message in messages), messages
    _list_shows(page, horizon, launched, listed)
    _api_status(demo, launched, status)
    resources = {r.name: r.status for r in demo.orchestration.resources(_stack(demo, launched))}
    assert resources == {name: status for name in ('a', 'b', 'c')}


def test_delete(horizon, page, demo, launched):
    panels.row_action(page, horizon, launched, 'delete')
    page.locator('.modal-footer .btn-danger').click()
    page.wait_for_url('**/project/stacks/')
    _wait(lambda: _stack(demo, launched) is None
          or _stack(demo, launched).status == 'DELETE_COMPLETE', 120,
          f'{launched} to be deleted in heat-conv')
    _wait(lambda: panels.list_status(page, horizon, launched) is None, 60,
          f'{launched} to leave the list')


def test_resource_types(horizon, page, demo):
    page.goto(f'{horizon}/project/resource_types/')
    listed = page.locator('table#resource_types tbody').inner_text()
    served = demo.orchestration.get('/resource_types').json()['resource_types']
    assert served and all(name in listed for name in served)
    _screenshot(page, 'resource-types')
    page.goto(f'{horizon}/project/resource_types/OS::Heat::TestResource/')
    shown = page.locator('.detail').first.inner_text()
    schema = demo.orchestration.get('/resource_types/OS::Heat::TestResource').json()
    for name in [*schema['properties'], *schema['attributes']]:
        assert f'{name}:' in shown, f'{name} is not on the page'
    assert 'attr_wait_secs:' in shown, "Heat's TestResource has it"
    _screenshot(page, 'resource-type')


def test_template_versions(horizon, page, demo):
    page.goto(f'{horizon}/project/template_versions/')
    listed = page.locator('table tbody').first.inner_text()
    assert 'heat_template_version.2018-08-31' in listed
    assert 'AWSTemplateFormatVersion.2010-09-09' in listed
    _screenshot(page, 'template-versions')
    page.goto(f'{horizon}/project/template_versions/heat_template_version.2018-08-31/')
    functions = page.locator('table tbody').first.inner_text()
    for function in ('get_attr', 'get_param', 'str_replace', 'list_concat'):
        assert function in functions


def test_template_generator(horizon, page):
    page.goto(f'{horizon}/project/template_generator/')
    options = page.request.get(f'{horizon}/project/template_generator/get_resource_options').json()
    assert 'errors' not in options, options.get('errors')
    assert 'heat_template_version.2018-08-31' in {v['id'] for v in options['template_versions']}
    assert options['auth']['admin'] is False
    # Its palette of resource icons, one tab per service, is drawn by its
    # Angular app once the options above arrived.
    page.locator('li.md-nav-item').first.wait_for()
    groups = page.locator('li.md-nav-item').evaluate_all(
        'items => items.map(item => item.getAttribute("name"))')
    assert 'OS::Heat' in groups and 'OS::Nova' in groups, groups
    # Its template versions are heat-conv's.
    page.locator('md-select').first.click()
    page.locator('md-option', has_text='heat_template_version.2018-08-31').wait_for()
    page.keyboard.press('Escape')
    _screenshot(page, 'template-generator')

