import pytest

from heat_conv.common import exception
from heat_conv.resources.heat import structured_deployment as sd


def test_get_input_snippets_take_the_inputs_values():
    config = {'a': {'get_input': 'x'}, 'b': [{'get_input': 'y'}, 'plain'],
              'c': {'get_input': 'x', 'other': 1}, 'd': {'get_input': ['not', 'a', 'name']}}
    assert sd.substitute(config, {'x': 1, 'y': [2]}, 'get_input') == {
        'a': 1, 'b': [[2], 'plain'], 'c': {'get_input': 'x', 'other': 1},
        'd': {'get_input': ['not', 'a', 'name']}}


def test_an_input_the_deployment_lacks_is_null_unless_strict():
    assert sd.substitute({'a': {'get_input': 'x'}}, {}, 'get_input') == {'a': None}
    with pytest.raises(exception.InvalidProperties, match=r'The Parameter \(x\)'):
        sd.substitute({'a': {'get_input': 'x'}}, {}, 'get_input', strict=True)


def test_another_input_key():
    assert sd.substitute({'a': {'my_input': 'x'}, 'b': {'get_input': 'x'}}, {'x': 1},
                         'my_input') == {'a': 1, 'b': {'get_input': 'x'}}


def test_cfn_signal_inputs_follow_heats_own_when_given():
    from heat_conv.resources.heat import derived_config
    names = [i['name'] for i in derived_config.inputs([], {}, {})]
    assert 'deploy_signal_id' not in names
    given = derived_config.inputs([], {}, {'deploy_signal_id': 'http://cfn/v1/signal/x',
                                           'deploy_signal_verb': 'POST'})
    assert [(i['name'], i['value']) for i in given[-2:]] == [
        ('deploy_signal_id', 'http://cfn/v1/signal/x'), ('deploy_signal_verb', 'POST')]
