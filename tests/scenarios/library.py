"""Convergence scenarios, shared by the deterministic and multi-process runs.

Each scenario drives a stack through operations with a Driver and asserts
both the stack's final state and reality: exactly one live cloud object per
template resource, carrying the template's resolved properties, and nothing
left over.
"""


def tmpl(resources, outputs=None):
    body = {'heat_template_version': '2018-08-31', 'resources': resources}
    if outputs:
        body['outputs'] = outputs
    return body


def res(value='v', wait=0, fail=False, replace_value=None, depends_on=None, **props):
    properties = {'value': value}
    if wait:
        properties['wait_secs'] = wait
    if fail:
        properties['fail'] = True
    if replace_value is not None:
        properties['update_replace_value'] = replace_value
    properties.update(props)
    body = {'type': 'OS::Heat::TestResource', 'properties': properties}
    if depends_on:
        body['depends_on'] = depends_on
    return body


def attr(name):
    return {'get_attr': [name, 'output']}


def ref(name):
    return {'get_resource': name}


def joined(*parts):
    return {'list_join': ['-', list(parts)]}


def assert_reality(d, expected):
    """``expected``: {name: {property: value}} for every resource of the stack."""
    objects = d.objects_by_name()
    assert sorted(objects) == sorted(expected), \
        f'cloud has {sorted(objects)}, template has {sorted(expected)}'
    rows = d.resources()
    for name, props in expected.items():
        assert len(objects[name]) == 1, f'{name} has {len(objects[name])} cloud objects'
        obj = objects[name][0]
        assert obj['status'] == 'ACTIVE', f'{name} is {obj["status"]}'
        for key, value in props.items():
            assert obj['properties'].get(key) == value, \
                f'{name}.{key} is {obj["properties"].get(key)!r}, expected {value!r}'
        assert rows[name].physical_resource_id == obj['id']
    assert sorted(rows) == sorted(expected)


def physical_ids(d):
    return {name: row.physical_resource_id for name, row in d.resources().items()}


def layered_template(value, layers, per_layer):
    """``layers`` layers of ``per_layer`` resources whose actions take 1 s
    each; each needs two of the layer before (so sync points where several
    predecessors meet are on every path)."""
    resources = {}
    for layer in range(layers):
        for i in range(per_layer):
            body = {'type': 'OS::Heat::TestResource', 'properties': {
                'value': value,
                'action_wait_secs': {'create': 1, 'update': 1, 'delete': 1}}}
            if layer:
                body['depends_on'] = [f'r{layer - 1}_{i}',
                                      f'r{layer - 1}_{(i + 1) % per_layer}']
            resources[f'r{layer}_{i}'] = body
    return {'heat_template_version': '2018-08-31', 'resources': resources}


def layered_expected(value, layers, per_layer):
    return {f'r{layer}_{i}': {'value': value}
            for layer in range(layers) for i in range(per_layer)}


def fan_template(value='a'):
    # A feeds B and C (fan-out); D needs both (fan-in).
    return tmpl({
        'A': res(value),
        'B': res(joined(attr('A'), 'b')),
        'C': res(joined(attr('A'), 'c')),
        'D': res(joined(attr('B'), attr('C'))),
    }, outputs={'d': {'value': attr('D')}})


def fan_expected(value='a'):
    return {'A': {'value': value}, 'B': {'value': f'{value}-b'},
            'C': {'value': f'{value}-c'}, 'D': {'value': f'{value}-b-{value}-c'}}


# --- scenarios ---------------------------------------------------------------

def create_fan(d):
    d.create(fan_template())
    assert d.settle() == 'CREATE_COMPLETE'
    assert_reality(d, fan_expected())


def update_in_place(d):
    d.create(fan_template('a'))
    assert d.settle() == 'CREATE_COMPLETE'
    before = physical_ids(d)
    d.update(fan_template('x'))
    assert d.settle() == 'UPDATE_COMPLETE'
    assert_reality(d, fan_expected('x'))
    assert physical_ids(d) == before, 'in-place update must keep every object'


def replace_dependents_follow(d):
    t = tmpl({'A': res('a', replace_value='1'), 'B': res(ref('A'))})
    d.create(t)
    assert d.settle() == 'CREATE_COMPLETE'
    old_a = physical_ids(d)['A']
    t2 = tmpl({'A': res('a', replace_value='2'), 'B': res(ref('A'))})
    d.update(t2)
    assert d.settle() == 'UPDATE_COMPLETE'
    new_a = physical_ids(d)['A']
    assert new_a != old_a
    assert_reality(d, {'A': {'update_replace_value': '2'}, 'B': {'value': new_a}})


def add_and_remove(d):
    d.create(tmpl({'A': res('a'), 'B': res(attr('A')), 'C': res('c')}))
    assert d.settle() == 'CREATE_COMPLETE'
    d.update(tmpl({'A': res('a'), 'C': res('c'), 'E': res(attr('C'))}))
    assert d.settle() == 'UPDATE_COMPLETE'
    assert_reality(d, {'A': {'value': 'a'}, 'C': {'value': 'c'}, 'E': {'value': 'c'}})


def update_during_create(d):
    d.create(tmpl({'A': res('a'), 'B': res('b', wait=d.slow), 'C': res(attr('B'))}))
    d.run_until(lambda: d.resource_status('A') == 'CREATE_COMPLETE'
                and d.resource_status('B') == 'CREATE_IN_PROGRESS', 'A done, B half way')
    d.update(tmpl({'A': res('a2'), 'B': res('b2', wait=d.slow), 'C': res(attr('B'))}))
    assert d.settle() == 'UPDATE_COMPLETE'
    assert_reality(d, {'A': {'value': 'a2'}, 'B': {'value': 'b2'}, 'C': {'value': 'b2'}})


def second_update_during_first(d):
    d.create(tmpl({'A': res('a'), 'B': res('b', wait=d.slow)}))
    assert d.settle() == 'CREATE_COMPLETE'
    d.update(tmpl({'A': res('a1'), 'B': res('b1', wait=d.slow), 'C': res(attr('B'))}))
    d.run_until(lambda: d.resource_status('B') == 'UPDATE_IN_PROGRESS', 'B updating')
    d.update(tmpl({'A': res('a2'), 'B': res('b2', wait=d.slow), 'D': res(attr('A'))}))
    assert d.settle() == 'UPDATE_COMPLETE'
    assert_reality(d, {'A': {'value': 'a2'}, 'B': {'value': 'b2'}, 'D': {'value': 'a2'}})


def delete_during_create(d):
    d.create(tmpl({'A': res('a'), 'B': res('b', wait=d.slow), 'C': res(attr('B'))}))
    d.run_until(lambda: d.resource_status('B') == 'CREATE_IN_PROGRESS', 'B creating')
    d.delete()
    assert d.settle() == 'DELETE_COMPLETE'
    assert d.objects() == []
    assert d.stack().deleted_at is not None


def swap_dependency_with_replacement(d):
    d.create(tmpl({'A': res('a', replace_value='1'),
                   'B': res(attr('A'), replace_value='1')}))
    assert d.settle() == 'CREATE_COMPLETE'
    old = physical_ids(d)
    d.update(tmpl({'A': res(attr('B'), replace_value='2'),
                   'B': res('b', replace_value='2')}))
    assert d.settle() == 'UPDATE_COMPLETE'
    assert_reality(d, {'A': {'value': 'b'}, 'B': {'value': 'b'}})
    # The old copies go in the old order: B needed A, so old B goes first.
    deletes = [e.physical_resource_id for e in d.events()
               if e.resource_action == 'DELETE' and e.resource_status == 'COMPLETE']
    assert deletes.index(old['B']) < deletes.index(old['A'])


def rollback_after_replacement(d):
    d.create(tmpl({'A': res('a', replace_value='1'), 'B': res(attr('A'))}),
             disable_rollback=False)
    assert d.settle() == 'CREATE_COMPLETE'
    original = physical_ids(d)
    d.update(tmpl({'A': res('a', replace_value='2'),
                   'B': res(attr('A'), fail=True, wait=d.slow)}))
    assert d.settle() == 'ROLLBACK_COMPLETE'
    assert_reality(d, {'A': {'update_replace_value': '1'}, 'B': {'value': 'a'}})
    assert physical_ids(d)['A'] == original['A'], 'the original A must come back'


def rollback_after_removal(d):
    d.create(tmpl({'A': res('a'), 'B': res('b'), 'C': res('c')}), disable_rollback=False)
    assert d.settle() == 'CREATE_COMPLETE'
    d.update(tmpl({'A': res('a'), 'B': res('b2', fail=True, wait=d.slow)}))
    d.run_until(lambda: 'C' not in d.objects_by_name(), 'C removed')
    assert d.settle() == 'ROLLBACK_COMPLETE'
    assert_reality(d, {'A': {'value': 'a'}, 'B': {'value': 'b'}, 'C': {'value': 'c'}})


def cancel_with_rollback(d):
    d.create(tmpl({'A': res('a'), 'B': res('b')}))
    assert d.settle() == 'CREATE_COMPLETE'
    d.update(tmpl({'A': res('a2'), 'B': res('b2', wait=d.slow), 'C': res('c')}))
    d.run_until(lambda: d.resource_status('B') == 'UPDATE_IN_PROGRESS', 'B updating')
    d.cancel(rollback=True)
    assert d.settle() == 'ROLLBACK_COMPLETE'
    assert_reality(d, {'A': {'value': 'a'}, 'B': {'value': 'b'}})


def cancel_without_rollback(d):
    d.create(tmpl({'A': res('a'), 'B': res('b')}))
    assert d.settle() == 'CREATE_COMPLETE'
    d.update(tmpl({'A': res('a2', wait=d.slow), 'B': res(attr('A'))}))
    d.run_until(lambda: d.resource_status('A') == 'UPDATE_IN_PROGRESS', 'A updating')
    d.cancel(rollback=False)
    assert d.settle() == 'UPDATE_FAILED'
    assert 'cancelled' in d.stack().status_reason
    # A's update ran to its end; B was never touched.
    assert_reality(d, {'A': {'value': 'a2'}, 'B': {'value': 'b'}})


def cancel_create_with_rollback(d):
    d.create(tmpl({'A': res('a'), 'B': res('b', wait=d.slow)}))
    d.run_until(lambda: d.resource_status('B') == 'CREATE_IN_PROGRESS', 'B creating')
    d.cancel(rollback=True)
    assert d.settle() == 'ROLLBACK_COMPLETE'
    assert d.objects() == []


def update_from_failed(d):
    d.create(tmpl({'A': res('a'), 'B': res('b', fail=True)}))
    assert d.settle() == 'CREATE_FAILED'
    assert 'Resource CREATE failed' in d.stack().status_reason
    d.update(tmpl({'A': res('a'), 'B': res('b')}))
    assert d.settle() == 'UPDATE_COMPLETE'
    assert_reality(d, {'A': {'value': 'a'}, 'B': {'value': 'b'}})


def update_back_after_a_failed_replacement(d):
    original = tmpl({'A': res('a', replace_value='1'), 'B': res(attr('A'))})
    d.create(original)
    assert d.settle() == 'CREATE_COMPLETE'
    before = physical_ids(d)
    d.update(tmpl({'A': res('a', replace_value='2', fail=True), 'B': res(attr('A'))}))
    assert d.settle() == 'UPDATE_FAILED'
    d.update(original)
    assert d.settle() == 'UPDATE_COMPLETE'
    # As in Heat: the original is kept, not replaced again.
    assert physical_ids(d) == before
    assert_reality(d, {'A': {'update_replace_value': '1'}, 'B': {'value': 'a'}})


ALL = [create_fan, update_in_place, replace_dependents_follow, add_and_remove,
       update_during_create, second_update_during_first, delete_during_create,
       swap_dependency_with_replacement, rollback_after_replacement,
       rollback_after_removal, cancel_with_rollback, cancel_without_rollback,
       cancel_create_with_rollback, update_from_failed,
       update_back_after_a_failed_replacement]
