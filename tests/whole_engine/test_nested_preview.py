"""Update previews of nested stacks with show_nested, through the Heat v1
API over the real engine (Heat's UpdatePreviewStackTestNested)."""
import pytest

from heat_conv.api import app as app_module
from tests.scenarios import local_driver
from tests.unit.api.conftest import Client

PARENT = 'heat_template_version: 2016-04-08\nresources:\n  nested1:\n    type: nested1.yaml\n'
NESTED1 = 'heat_template_version: 2016-04-08\nresources:\n  nested2:\n    type: nested2.yaml\n'
NESTED2 = ('heat_template_version: 2016-04-08\nresources:\n'
           '  random:\n    type: OS::Heat::RandomString\n')
NESTED2_2 = NESTED2 + '  random2:\n    type: OS::Heat::RandomString\n'


@pytest.fixture
def world(db, fake_clock):
    driver = local_driver.LocalDriver(fake_clock)
    yield driver, Client(app_module.make_app(), tenant=driver.ctx.project_id)
    driver.close()


def _create(driver, api, files):
    resp = api.post('/stacks', {'stack_name': 'top', 'template': PARENT, 'files': files})
    assert resp.status_int == 201, resp.body
    driver.stack_id = resp.json['stack']['id']
    assert driver.settle() == 'CREATE_COMPLETE'
    return f'/stacks/top/{driver.stack_id}'


def _preview(api, path, template, files=None, show_nested=True):
    query = '?show_nested=True' if show_nested else ''
    resp = api.put(path + '/preview' + query, {'template': template, 'files': files or {}})
    assert resp.status_int == 200, resp.body
    return {kind: sorted((r['resource_name'], r.get('parent_resource')) for r in entries)
            for kind, entries in resp.json['resource_changes'].items()}


EMPTY = {'added': [], 'deleted': [], 'replaced': [], 'updated': [], 'unchanged': []}


def test_no_change_updates_the_children_and_shows_their_resources(world):
    driver, api = world
    files = {'nested1.yaml': NESTED1, 'nested2.yaml': NESTED2}
    path = _create(driver, api, files)
    assert _preview(api, path, PARENT, files) == dict(
        EMPTY, updated=[('nested1', None), ('nested2', 'nested1')],
        unchanged=[('random', 'nested2')])
    # Without show_nested, only the top stack's.
    assert _preview(api, path, PARENT, files, show_nested=False) == dict(
        EMPTY, updated=[('nested1', None)])


def test_a_resource_added_deep_down(world):
    driver, api = world
    path = _create(driver, api, {'nested1.yaml': NESTED1, 'nested2.yaml': NESTED2})
    changes = _preview(api, path, PARENT, {'nested1.yaml': NESTED1, 'nested2.yaml': NESTED2_2})
    assert changes == dict(EMPTY, updated=[('nested1', None), ('nested2', 'nested1')],
                           unchanged=[('random', 'nested2')], added=[('random2', 'nested2')])


def test_a_resource_deleted_deep_down(world):
    driver, api = world
    path = _create(driver, api, {'nested1.yaml': NESTED1, 'nested2.yaml': NESTED2_2})
    changes = _preview(api, path, PARENT, {'nested1.yaml': NESTED1, 'nested2.yaml': NESTED2})
    assert changes == dict(EMPTY, updated=[('nested1', None), ('nested2', 'nested1')],
                           unchanged=[('random', 'nested2')], deleted=[('random2', 'nested2')])


def test_replacing_a_template_resource_deletes_its_whole_tree(world):
    driver, api = world
    path = _create(driver, api, {'nested1.yaml': NESTED1, 'nested2.yaml': NESTED2})
    changes = _preview(api, path, PARENT.replace('nested1.yaml', 'OS::Heat::None'))
    assert changes == dict(EMPTY, replaced=[('nested1', None)],
                           deleted=[('nested2', 'nested1'), ('random', 'nested2')])


def test_a_new_template_resource_shows_the_resources_it_would_add(world):
    driver, api = world
    files = {'nested1.yaml': NESTED1, 'nested2.yaml': NESTED2}
    path = _create(driver, api, files)
    template = PARENT + '  more:\n    type: nested2.yaml\n'
    changes = _preview(api, path, template, files)
    assert changes['added'] == [('more', None), ('random', 'more')]
