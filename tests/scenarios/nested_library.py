"""Nested-stack scenarios, shared by the deterministic and multi-process runs.

The tree: the top stack's ``web`` is a template resource (``mid.yaml``)
whose child holds two template resources of ``leaf.yaml`` (``a`` by file
name, ``b`` through a registry mapping) and a TestResource fed by ``a``;
each leaf holds one TestResource, ``server``. Three levels of stacks, four
cloud objects (plus ``after`` at the top).
"""
from tests.scenarios.library import tmpl

LEAF = {
    'heat_template_version': '2018-08-31',
    'parameters': {'value': {'type': 'string'},
                   'wait': {'type': 'number', 'default': 0},
                   'fail': {'type': 'boolean', 'default': False}},
    'resources': {'server': {'type': 'OS::Heat::TestResource', 'properties': {
        'value': {'get_param': 'value'}, 'wait_secs': {'get_param': 'wait'},
        'fail': {'get_param': 'fail'}}}},
    'outputs': {'out': {'value': {'get_attr': ['server', 'output']}}},
}

MID = {
    'heat_template_version': '2018-08-31',
    'parameters': {'a_value': {'type': 'string'}, 'b_value': {'type': 'string'},
                   'b_fail': {'type': 'boolean', 'default': False},
                   'wait': {'type': 'number', 'default': 0}},
    'resources': {
        'a': {'type': 'leaf.yaml', 'properties': {'value': {'get_param': 'a_value'}}},
        'b': {'type': 'My::Leaf', 'properties': {
            'value': {'get_param': 'b_value'}, 'fail': {'get_param': 'b_fail'},
            'wait': {'get_param': 'wait'}}},
        'local': {'type': 'OS::Heat::TestResource',
                  'properties': {'value': {'get_attr': ['a', 'out']}}},
    },
    'outputs': {'a_out': {'value': {'get_attr': ['a', 'out']}},
                'b_server': {'value': {'get_attr': ['b', 'resource.server.output']}},
                'b_server_path': {'value': {'get_attr': ['b', 'resource.server', 'output']}},
                'stack_name': {'value': {'get_param': 'OS::stack_name'}}},
}

FILES = {'mid.yaml': MID, 'leaf.yaml': LEAF}
ENVIRONMENT = {'resource_registry': {'My::Leaf': 'leaf.yaml'}}


def top(a='a', b='b', fail=False, wait=0):
    return tmpl({
        'web': {'type': 'mid.yaml', 'properties': {
            'a_value': a, 'b_value': b, 'b_fail': fail, 'wait': wait}},
        'after': {'type': 'OS::Heat::TestResource',
                  'properties': {'value': {'get_attr': ['web', 'a_out']}}},
    }, outputs={'a': {'value': {'get_attr': ['web', 'a_out']}},
                'b': {'value': {'get_attr': ['web', 'b_server']}},
                'web': {'value': {'get_resource': 'web'}}})


def create(d, disable_rollback=True, **kwargs):
    d.create(top(**kwargs), files=FILES, environment=ENVIRONMENT,
             disable_rollback=disable_rollback)


def update(d, **kwargs):
    d.update(top(**kwargs), files=FILES, environment=ENVIRONMENT)


def reality(d):
    """{(stack depth, resource name): object} of every object of the tree."""
    depth = {s.id: s.nested_depth for s in d.tree()}
    out = {}
    for obj in d.tree_objects():
        key = (depth.get(obj['metadata']['stack_id']), obj['metadata']['resource_name'],
               obj['properties'].get('value'))
        assert key not in out, f'two objects for {key}'
        out[key] = obj
    return out


def reality_ids(d):
    return {key: obj['id'] for key, obj in reality(d).items()}


def values(d):
    return sorted(key for key, obj in reality(d).items() if obj['status'] == 'ACTIVE')


def expected(a='a', b='b'):
    return sorted([(0, 'after', a), (1, 'local', a), (2, 'server', a), (2, 'server', b)])


def assert_tree(d, status):
    for stack in d.tree():
        assert f'{stack.action}_{stack.status}' in status, \
            f'{stack.name} is {stack.action}_{stack.status}: {stack.status_reason}'


# --- scenarios ---------------------------------------------------------------

def create_three_levels(d):
    create(d)
    assert d.settle() == 'CREATE_COMPLETE'
    tree = d.tree()
    assert [s.nested_depth for s in tree] == [0, 1, 2, 2]
    web = d.resources()['web']
    assert web.physical_resource_id == tree[1].id
    assert tree[1].owner_id == tree[0].id and tree[1].parent_resource_name == 'web'
    assert tree[1].name.startswith(f'{tree[0].name}-web-')
    assert values(d) == expected()
    outputs = dict(web.attributes_data)
    assert outputs['a_out'] == 'a' and outputs['b_server'] == 'b'
    assert outputs['b_server_path'] == 'b'
    assert outputs['stack_name'] == tree[1].name


def deep_update_touches_one_leaf(d):
    create(d)
    assert d.settle() == 'CREATE_COMPLETE'
    before = {key[:2] + (obj['id'],): obj['version'] for key, obj in reality(d).items()}
    stacks_before = {s.id for s in d.tree()}
    update(d, b='b2')
    assert d.settle() == 'UPDATE_COMPLETE'
    assert_tree(d, ('UPDATE_COMPLETE',))
    assert {s.id for s in d.tree()} == stacks_before, 'no child stack may be replaced'
    assert values(d) == expected(b='b2')
    after = {key[:2] + (obj['id'],): obj['version'] for key, obj in reality(d).items()}
    assert set(after) == set(before), 'every object keeps its id'
    changed = {key for key in after if after[key] != before[key]}
    assert len(changed) == 1, f'only the one leaf changes, not {changed}'
    assert d.resources()['web'].attributes_data['b_server'] == 'b2'


def leaf_failure_rolls_back_tree(d):
    create(d, disable_rollback=False)
    assert d.settle() == 'CREATE_COMPLETE'
    before = reality_ids(d)
    stacks_before = {s.id for s in d.tree()}
    update(d, a='a2', fail=True, wait=d.slow)
    assert d.settle() == 'ROLLBACK_COMPLETE'
    failed = [e for e in d.events() if e.resource_name == d.stack().name
              and e.resource_status == 'FAILED']
    assert failed, 'the update failed'
    assert failed[-1].resource_status_reason.startswith(
        'Resource UPDATE failed: ValueError: resources.web.resources.b.resources.server: '
        'Test Resource failed server'), \
        failed[-1].resource_status_reason
    assert {s.id for s in d.tree()} == stacks_before, 'the same child stacks'
    # The failed leaf's object is replaced (a failed resource is not
    # trusted); every other object is the one from before the update.
    failed_leaf = (2, 'server', 'b')
    assert {k: v for k, v in reality_ids(d).items() if k != failed_leaf} == \
        {k: v for k, v in before.items() if k != failed_leaf}
    assert values(d) == expected()


def delete_leaves_nothing(d):
    create(d)
    assert d.settle() == 'CREATE_COMPLETE'
    children = [s.id for s in d.tree()[1:]]
    assert d.tree_ids
    d.delete()
    assert d.settle() == 'DELETE_COMPLETE'
    assert d.tree_objects() == []
    for child_id in children:
        from heat_conv.db import api as db_api
        assert db_api.stack_get(child_id).deleted_at is not None


def update_during_child_create(d):
    create(d, wait=d.slow)
    d.run_until(lambda: any(s.nested_depth == 2 and s.status == 'IN_PROGRESS'
                            for s in d.tree()) and d.stack().status == 'IN_PROGRESS',
                'a leaf creating')
    update(d, a='a2', b='b2')
    assert d.settle() == 'UPDATE_COMPLETE'
    d.drain()
    assert_tree(d, ('UPDATE_COMPLETE', 'CREATE_COMPLETE'))
    assert values(d) == expected('a2', 'b2')
    assert len(d.tree()) == 4


def delete_during_child_create(d):
    create(d, wait=d.slow)
    d.run_until(lambda: any(s.nested_depth == 2 and s.status == 'IN_PROGRESS'
                            for s in d.tree()), 'a leaf creating')
    children = [s.id for s in d.tree()[1:]]
    d.delete()
    assert d.settle() == 'DELETE_COMPLETE'
    d.run_until(lambda: d.tree_objects() == [], 'every object gone')
    from heat_conv.db import api as db_api
    assert all(db_api.stack_get(child).deleted_at is not None for child in children)


ALL = [create_three_levels, deep_update_touches_one_leaf, leaf_failure_rolls_back_tree,
       delete_leaves_nothing, update_during_child_create, delete_during_child_create]
