"""tree_resource_count: what max_resources_per_stack limits, over a tree."""

from heat_conv.db import api as db_api

INNER = {'heat_template_version': '2018-08-31', 'resources': {
    'x': {'type': 'OS::Heat::TestResource'}, 'y': {'type': 'OS::Heat::TestResource'}}}
MIDDLE = {'heat_template_version': '2018-08-31', 'resources': {
    'inner': {'type': 'inner.yaml'}, 'z': {'type': 'OS::Heat::TestResource'}}}
TOP = {'heat_template_version': '2018-08-31', 'resources': {
    'middle': {'type': 'middle.yaml'}, 'w': {'type': 'OS::Heat::TestResource'}}}



def test_counts_every_level_from_any_stack_of_the_tree(driver):
    driver.create(TOP, files={'inner.yaml': INNER, 'middle.yaml': MIDDLE})
    assert driver.settle() == 'CREATE_COMPLETE'
    top, middle, inner = driver.tree()
    # top: middle, w; middle: inner, z; inner: x, y
    for stack in (top, middle, inner):
        assert db_api.tree_resource_count(stack.id) == 6
    # A child about to converge anew is counted without its own resources.
    assert db_api.tree_resource_count(top.id, leaving_out=middle.id) == 4
    assert db_api.tree_resource_count(middle.id, leaving_out=inner.id) == 4
