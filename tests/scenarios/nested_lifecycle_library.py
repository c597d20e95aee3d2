"""Lifecycle actions on stacks with children (suspend, resume, abandon,
adopt, export, snapshot, restore), shared by the deterministic and
multi-process runs. The tree is nested_library's: three levels of stacks
of template resources, four cloud objects (``after`` at the top)."""
import json

from tests.scenarios import nested_library as nested
from tests.scenarios.library import tmpl
from tests.scenarios.lifecycle_library import whole_cloud


def tree_statuses(d):
    """{stack depth: sorted stack states at that depth} of the live tree."""
    out = {}
    for stack in d.tree():
        out.setdefault(stack.nested_depth, []).append(f'{stack.action}_{stack.status}')
    return {depth: sorted(states) for depth, states in out.items()}


def object_statuses(d):
    return sorted(obj['status'] for obj in d.tree_objects())


def tree_rows(d):
    """{(depth, name): 'ACTION_STATUS'} of every live row of the tree."""
    out = {}
    for stack in d.tree():
        for row in d.rows_of(stack.id):
            out[(stack.nested_depth, row.name)] = f'{row.action}_{row.status}'
    return out


def object_ids(d):
    """{path of the resource in the tree: its object's id}, from the rows
    (an object's own metadata names the stack that made it, which an
    adopt replaces)."""
    path = {}
    out = {}
    cloud = {obj['id'] for obj in whole_cloud(d)}
    for stack in d.tree():
        path[stack.id] = (f'{path[stack.owner_id]}/{stack.parent_resource_name}'
                          if stack.owner_id else '')
        for row in d.rows_of(stack.id):
            if row.physical_resource_id in cloud:
                out[f'{path[stack.id]}/{row.name}'] = row.physical_resource_id
    return out


def completed_in_order(d, action):
    """(depth, resource name) in the order their ``action`` completed."""
    depth = {s.id: s.nested_depth for s in d.tree()}
    found = []
    for stack_id in depth:
        for e in d.events_of(stack_id):
            if (e.resource_action, e.resource_status) == (action, 'COMPLETE') \
                    and e.resource_type != 'OS::Heat::Stack':
                found.append((e.id, depth[stack_id], e.resource_name))
    return [(dep, name) for _, dep, name in sorted(found)]


def nested_suspend_and_resume_cascade(d):
    nested.create(d)
    assert d.settle() == 'CREATE_COMPLETE'
    before = nested.reality_ids(d)
    d.suspend()
    assert d.settle() == 'SUSPEND_COMPLETE'
    # Every stack of the tree, every row and every object is suspended.
    assert tree_statuses(d) == {0: ['SUSPEND_COMPLETE'], 1: ['SUSPEND_COMPLETE'],
                                2: ['SUSPEND_COMPLETE', 'SUSPEND_COMPLETE']}
    assert set(tree_rows(d).values()) == {'SUSPEND_COMPLETE'}
    assert object_statuses(d) == ['SUSPENDED'] * 4
    order = completed_in_order(d, 'SUSPEND')
    # What needs a resource is suspended first; a template resource
    # completes only once everything in its child has.
    assert order.index((0, 'after')) < order.index((0, 'web'))
    assert order.index((1, 'local')) < order.index((1, 'a'))
    assert max(order.index(x) for x in order if x[0] == 2) < order.index((1, 'a'))
    assert max(order.index(x) for x in order if x[0] >= 1) < order.index((0, 'web'))
    d.resume()
    assert d.settle() == 'RESUME_COMPLETE'
    assert set(tree_rows(d).values()) == {'RESUME_COMPLETE'}
    assert object_statuses(d) == ['ACTIVE'] * 4
    order = completed_in_order(d, 'RESUME')
    assert order.index((0, 'web')) < order.index((0, 'after'))
    assert max(order.index(x) for x in order if x[0] >= 1) < order.index((0, 'web'))
    assert nested.reality_ids(d) == before, 'suspend and resume keep every object'


def group_suspend_and_resume_cascade(d):
    d.create(tmpl({'group': {'type': 'OS::Heat::ResourceGroup', 'properties': {
        'count': 2, 'resource_def': {'type': 'OS::Heat::TestResource',
                                     'properties': {'value': 'm'}}}}}))
    assert d.settle() == 'CREATE_COMPLETE'
    d.suspend()
    assert d.settle() == 'SUSPEND_COMPLETE'
    assert tree_rows(d) == {(0, 'group'): 'SUSPEND_COMPLETE',
                            (1, '0'): 'SUSPEND_COMPLETE', (1, '1'): 'SUSPEND_COMPLETE'}
    assert object_statuses(d) == ['SUSPENDED', 'SUSPENDED']
    d.resume()
    assert d.settle() == 'RESUME_COMPLETE'
    assert object_statuses(d) == ['ACTIVE', 'ACTIVE']


def nested_abandon_then_adopt_round_trip(d):
    nested.create(d)
    assert d.settle() == 'CREATE_COMPLETE'
    before, ids = whole_cloud(d), nested.reality_ids(d)
    paths = object_ids(d)
    assert len(paths) == 4
    old_tree = [s.id for s in d.tree()]
    exported = d.export()
    doc = d.abandon()
    assert doc == exported
    # Heat's nested document: a stack-backed resource's entry is its child's.
    web = doc['resources']['web']
    assert web['template'] == nested.MID
    assert web['id'] == old_tree[1]
    leaf_a = web['resources']['a']
    assert leaf_a['template'] == nested.LEAF
    assert leaf_a['resources']['server']['resource_id'] == ids[(2, 'server', 'a')]
    assert web['resources']['local']['resource_id'] == ids[(1, 'local', 'a')]
    assert all(d.stack_row(s).deleted_at is not None for s in old_tree), \
        'abandon forgets the whole tree'
    assert all(d.rows_of(s) == [] for s in old_tree)
    assert whole_cloud(d) == before, 'abandon leaves every object in place'
    d.adopt(json.dumps(doc))
    assert d.settle() == 'ADOPT_COMPLETE'
    assert whole_cloud(d) == before, 'adopt creates and changes nothing'
    assert tree_statuses(d) == {0: ['ADOPT_COMPLETE'], 1: ['ADOPT_COMPLETE'],
                                2: ['ADOPT_COMPLETE', 'ADOPT_COMPLETE']}
    assert set(tree_rows(d).values()) == {'ADOPT_COMPLETE'}
    assert object_ids(d) == paths
    assert not set(old_tree) & {s.id for s in d.tree()}, 'new stacks, same objects'
    # Adopted, the tree is the stack's own: updated, then deleted.
    nested.update(d, a='a2')
    assert d.settle() == 'UPDATE_COMPLETE'
    assert {o['id'] for o in whole_cloud(d)} == {o['id'] for o in before}
    d.delete()
    assert d.settle() == 'DELETE_COMPLETE'
    assert whole_cloud(d) == []


RANDOM_LEAF = {'heat_template_version': '2018-08-31',
               'parameters': {'salt': {'type': 'string', 'default': 'foo'}},
               'resources': {'random': {'type': 'OS::Heat::RandomString',
                                        'properties': {'salt': {'get_param': 'salt'}}}},
               'outputs': {'the_str': {'value': {'get_attr': ['random', 'value']}},
                           'role': {'value': {'resource_facade': 'metadata'}}}}


def adopt_of_a_document_written_as_heats(d):
    """Heat's own test's document: a template resource's entry has only its
    type and its child's resources, and the string's id is not its value.
    The child reads its parent's metadata (resource_facade) as it adopts."""
    top = tmpl({'the_nested': {'type': 'the.yaml', 'properties': {'salt': 'x'},
                               'metadata': {'role': 'r'}}},
               outputs={'value': {'value': {'get_attr': ['the_nested', 'the_str']}},
                        'role': {'value': {'get_attr': ['the_nested', 'role']}}})
    doc = {'template': top, 'environment': {'parameters': {}},
           'resources': {'the_nested': {'type': 'the.yaml', 'resources': {'random': {
               'type': 'OS::Heat::RandomString', 'resource_id': 'froggy',
               'resource_data': {'value': 'goopie'}}}}}}
    d.adopt(doc, files={'the.yaml': RANDOM_LEAF})
    assert d.settle() == 'ADOPT_COMPLETE'
    assert d.outputs() == {'value': 'goopie', 'role': {'role': 'r'}}
    child = d.tree()[1]
    assert [r.physical_resource_id for r in d.rows_of(child.id)] == ['froggy']


def nested_snapshot_then_restore(d):
    nested.create(d)
    assert d.settle() == 'CREATE_COMPLETE'
    ids = nested.reality_ids(d)
    snap = d.snapshot('tree')
    assert d.settle() == 'SNAPSHOT_COMPLETE'
    snap = d.show_snapshot(snap.id)
    web = snap.data['resources']['web']
    server = web['resources']['b']['resources']['server']
    assert server['resource_data']['properties']['value'] == 'b'
    assert server['resource_id'] == ids[(2, 'server', 'b')]
    # Afterwards: new values down the tree, and an object deleted in a leaf.
    nested.update(d, a='z', b='y')
    assert d.settle() == 'UPDATE_COMPLETE'
    d.cloud.delete(nested.reality_ids(d)[(2, 'server', 'y')])
    d.restore(snap.id)
    assert d.settle() == 'RESTORE_COMPLETE'
    now = nested.reality_ids(d)
    assert sorted(now) == sorted(ids), 'every level is back as the snapshot has it'
    assert now[(2, 'server', 'a')] == ids[(2, 'server', 'a')], 'updated back in place'
    assert now[(2, 'server', 'b')] != ids[(2, 'server', 'b')], 'a deleted object is rebuilt'
    assert set(object_statuses(d)) == {'ACTIVE'}


ALL = [nested_suspend_and_resume_cascade, group_suspend_and_resume_cascade,
       nested_abandon_then_adopt_round_trip, adopt_of_a_document_written_as_heats,
       nested_snapshot_then_restore]
