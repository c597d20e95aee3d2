from heat_conv.resources.heat import group_names


def test_names_are_the_first_indices_not_skipped():
    assert group_names.member_names(3) == ['0', '1', '2']
    assert group_names.member_names(5, ['1', '2', '3']) == ['0', '4', '5', '6', '7']
    assert group_names.member_names(0, ['0']) == []


def test_removal_by_name_is_kept_and_appended():
    policies = [{'resource_list': ['1', 2]}]
    skiplist = group_names.updated_skiplist(policies, 'append', ['7'],
                                            members=['0', '1', '2', '3', '7'])
    assert skiplist == ['1', '2', '7']


def test_update_mode_replaces_the_stored_list():
    policies = [{'resource_list': ['3']}]
    assert group_names.updated_skiplist(policies, 'update', ['1', '2'],
                                        members=['0', '3']) == ['3']
    # a name still named by the policy stays skipped, member or not
    assert group_names.updated_skiplist([{'resource_list': ['1']}], 'update',
                                        ['1', '2'], members=['0']) == ['1']


def test_names_not_in_the_group_are_ignored_unless_creating():
    policies = [{'resource_list': ['9']}]
    assert group_names.updated_skiplist(policies, 'append', [], members=['0']) == []
    assert group_names.updated_skiplist(policies, 'append', [], members=[],
                                        creating=True) == ['9']


def test_removal_by_reference_id():
    policies = [{'resource_list': ['phys-b']}]
    refs = {'0': 'phys-a', '1': 'phys-b'}
    assert group_names.updated_skiplist(policies, 'append', [], members=['0', '1'],
                                        refs_map=refs) == ['1']


def test_skipped_count():
    assert group_names.skipped_count(['1', '5'], ['0', '1', '2']) == 1
