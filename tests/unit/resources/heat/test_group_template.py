from heat_conv.resources.heat import group_batches
from heat_conv.resources.heat import group_template

RDEF = {'type': 'OS::Heat::TestResource',
        'properties': {'value': 'v-%index%', 'nested': {'k': ['%index%', 1]},
                       'unset': None},
        'metadata': {'m': '%index%'}}


def test_index_is_substituted_in_properties_only():
    assert group_template.member_definition(RDEF, '3') == {
        'type': 'OS::Heat::TestResource',
        'properties': {'value': 'v-3', 'nested': {'k': ['3', 1]}},
        'metadata': {'m': '%index%'}}


def test_custom_index_var():
    rdef = {'type': 'T', 'properties': {'name': 'srv-__i__'}}
    assert group_template.member_definition(rdef, '1', '__i__') == {
        'type': 'T', 'properties': {'name': 'srv-1'}}


def test_assemble_names_members():
    tmpl = group_template.assemble({'type': 'T'}, ['0', '4'])
    assert tmpl == {'heat_template_version': '2015-04-30',
                    'resources': {'0': {'type': 'T'}, '4': {'type': 'T'}}}


def _rdef(value):
    return {'type': 'T', 'properties': {'value': value}}


def _rolling(count, new_count, batch_size, min_in_service, new_value='new'):
    """Run Heat's rolling update over a simulated nested stack; returns
    (updated, created, deleted) as Heat's functional tests count them, and
    each batch's member count."""
    members = [(str(i), group_template.member_definition(_rdef('old'), str(i)))
               for i in range(count)]
    ids = {name: f'id-{name}' for name, _d in members}
    initial = set(ids.values())
    sizes = []
    for capacity, new in group_batches.plan(new_count, count, batch_size,
                                            min_in_service):
        members = group_template.rolling_definitions(
            members, _rdef(new_value), '%index%', new_count, capacity, new)
        sizes.append(len(members))
        ids = {name: ids.get(name, f'id-{name}') for name, _d in members}
    final = set(ids.values())
    assert all(d == group_template.member_definition(_rdef(new_value), n)
               for n, d in members)
    return (len(final & initial), len(final - initial), len(initial - final)), sizes


def test_rolling_update_in_place():
    assert _rolling(10, 10, 3, 1)[0] == (10, 0, 0)


def test_rolling_update_scale_down():
    assert _rolling(10, 6, 3, 1)[0] == (6, 0, 4)


def test_rolling_update_scale_up():
    assert _rolling(10, 12, 3, 1)[0] == (10, 2, 0)


def test_rolling_update_adjusted():
    assert _rolling(10, 6, 4, 8)[0] == (6, 0, 4)


def test_rolling_update_grows_to_keep_min_in_service():
    # Heat adds two members while it updates, and removes them at the end
    counts, sizes = _rolling(10, 10, 4, 8)
    assert counts == (10, 0, 0)
    assert sizes == [12, 12, 12, 10]


def test_rolling_update_huge_batch_and_min():
    assert _rolling(10, 10, 20, 0)[0] == (10, 0, 0)
    assert _rolling(10, 10, 1, 20)[0] == (10, 0, 0)


def test_batches_update_highest_indices_first():
    members = [(str(i), group_template.member_definition(_rdef('old'), str(i)))
               for i in range(4)]
    batch = group_template.rolling_definitions(members, _rdef('new'), '%index%',
                                               4, 4, 2)
    assert [n for n, d in batch if d['properties']['value'] == 'new'] == ['3', '2']


def test_batched_create():
    members = []
    for capacity, new in group_batches.create_plan(5, 2):
        members = group_template.rolling_definitions(members, _rdef('v'), '%index%',
                                                     5, capacity, new)
        assert sorted(n for n, _d in members) == [str(i) for i in range(capacity)]
    assert len(members) == 5
