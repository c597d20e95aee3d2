"""A template resource's properties as its provider's parameters."""
from heat_conv.resources.heat import provider_parameters

TAGS = [{'Key': 'a', 'Value': '1'}, {'Key': 'b', 'Value': '2'}]


def test_maps_for_a_list_parameter_are_flattened_as_heat_flattens_them():
    hot = {'parameters': {'Tags': {'type': 'comma_delimited_list'}}}
    assert provider_parameters.parameters(hot, {'Tags': TAGS, 'Gone': None}) == {
        'Tags': '.member.0.Key=a,.member.0.Value=1,.member.1.Key=b,.member.1.Value=2'}
    cfn = {'Parameters': {'Tags': {'Type': 'CommaDelimitedList'}}}
    assert provider_parameters.parameters(cfn, {'Tags': TAGS})['Tags'].startswith(
        '.member.0.Key=a')


def test_other_values_pass_as_given():
    hot = {'parameters': {'Tags': {'type': 'json'}, 'Names': {'type': 'comma_delimited_list'}}}
    given = {'Tags': TAGS, 'Names': ['x', 'y'], 'Other': 3}
    assert provider_parameters.parameters(hot, given) == given
