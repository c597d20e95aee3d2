from heat_conv.resources.heat import member_attributes
from heat_conv.resources.heat.member_attributes import Member

MEMBERS = [Member('0', 'id-0', {'output': 'a'}), Member('4', 'id-4', {'output': 'b'})]


def test_group_shapes():
    values = member_attributes.shape(MEMBERS, removed=['1', '2'])
    assert values['refs'] == ['id-0', 'id-4']
    assert values['refs_map'] == {'0': 'id-0', '4': 'id-4'}
    assert values['attributes'] == {'output': {'0': 'a', '4': 'b'}}
    assert values['output'] == ['a', 'b']
    assert values['resource.4'] == 'id-4'
    assert values['resource.4.output'] == 'b'
    assert values['removed_rsrc_list'] == ['1', '2']


def test_chain_has_no_group_only_attributes():
    values = member_attributes.shape(MEMBERS, own=member_attributes.CHAIN_ATTRIBUTES)
    assert 'refs_map' not in values and 'removed_rsrc_list' not in values
    assert values['refs'] == ['id-0', 'id-4']


def test_own_attributes_win_over_members():
    values = member_attributes.shape([Member('0', 'id-0', {'refs': 'x'})])
    assert values['refs'] == ['id-0']
    assert values['resource.0.refs'] == 'x'


def test_empty_group():
    values = member_attributes.shape([])
    assert values['refs'] == [] and values['attributes'] == {}
