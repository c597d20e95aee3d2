from heat_conv.hot import layouts


def test_hot_names_are_the_canonical_ones():
    hot = layouts.HOT_LAYOUT
    assert hot.path('resources', 'web', 'properties') == ('resources', 'web', 'properties')
    assert hot.canonical('resource_keys', 'depends_on') == 'depends_on'
    assert hot.pseudo_values('s', 'id', 'p') == {
        'OS::stack_name': 's', 'OS::stack_id': 'id', 'OS::project_id': 'p'}


def test_cfn_names_translate_both_ways():
    cfn = layouts.CFN_LAYOUT
    assert cfn.path('resources', 'web', 'depends_on') == ('Resources', 'web', 'DependsOn')
    assert cfn.path('outputs', 'o', 'value') == ('Outputs', 'o', 'Value')
    assert cfn.path('conditions') == ('Conditions',)
    assert cfn.canonical('resource_keys', 'DeletionPolicy') == 'deletion_policy'
    assert cfn.canonical('resource_keys', 'deletion_policy') is None
    assert cfn.written('output_keys', 'condition') == 'Condition'


def test_cfn_pseudo_parameters_follow_heat():
    assert layouts.CFN_LAYOUT.pseudo_values('web', 'abc-1', 'tenant') == {
        'AWS::StackName': 'web', 'AWS::StackId': 'arn:openstack:heat::tenant:stacks/web/abc-1',
        'AWS::Region': 'ap-southeast-1'}
    assert layouts.CFN_LAYOUT.pseudo_values('web', 'None', 't')['AWS::StackId'] == 'None'
