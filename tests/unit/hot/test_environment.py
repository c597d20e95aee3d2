import pytest

from heat_conv.common import exception
from heat_conv.hot import environment


def test_empty_environment():
    env = environment.Environment.load(None)
    assert env.parameters == {} and env.parameter_defaults == {}
    assert env.registry.resolve('X') == ('X', None)
    assert env.to_dict() == {}


def test_environment_from_yaml_text():
    env = environment.Environment.load(
        'parameters:\n  a: "1"\nparameter_defaults:\n  b: two\n'
        'resource_registry:\n  My::T: OS::Heat::None\n')
    assert env.parameters == {'a': '1'}
    assert env.parameter_defaults == {'b': 'two'}
    assert env.registry.resolve('My::T') == ('OS::Heat::None', None)


def test_environment_from_json_text_and_dict():
    assert environment.Environment.load('{"parameters": {"a": 1}}').parameters == {'a': 1}
    assert environment.Environment.load({'parameters': {'a': 1}}).parameters == {'a': 1}


def test_loading_an_environment_object_returns_it():
    env = environment.Environment({})
    assert environment.Environment.load(env) is env


def test_heat_only_sections_are_accepted_and_kept():
    raw = {'event_sinks': [], 'parameter_merge_strategies': {'a': 'merge'},
           'encrypted_param_names': []}
    assert environment.Environment.load(raw).to_dict() == raw


def test_to_dict_is_a_copy():
    raw = {'parameters': {'a': [1]}}
    env = environment.Environment.load(raw)
    env.to_dict()['parameters']['a'].append(2)
    assert env.parameters == {'a': [1]}


def test_unknown_section(raises_at):
    with raises_at(exception.InvalidEnvironment, 'resource_registery',
                   '"resource_registery" is not a valid environment section'):
        environment.Environment.load({'resource_registery': {}})


@pytest.mark.parametrize('section', ['parameters', 'parameter_defaults'])
def test_section_must_be_a_map(raises_at, section):
    with raises_at(exception.InvalidEnvironment, section, 'must be a map'):
        environment.Environment.load({section: ['a']})


def test_yaml_syntax_error_in_environment():
    with pytest.raises(exception.InvalidEnvironment) as info:
        environment.Environment.load('parameters:\n  a: [1\n')
    assert 'environment is not valid YAML' in str(info.value)
    assert info.value.line is not None


def test_non_mapping_environment():
    with pytest.raises(exception.InvalidEnvironment) as info:
        environment.Environment.load('- a\n')
    assert 'The environment must be a JSON object or YAML mapping' in str(info.value)


def test_registry_errors_surface_as_environment_errors(raises_at):
    with raises_at(exception.InvalidEnvironment, 'resource_registry.X'):
        environment.Environment.load({'resource_registry': {'X': 5}})


@pytest.mark.parametrize('section, value, fragment', [
    ('event_sinks', [{'type': 'zaqar-queue', 'target': 'q'}],
     'Event sinks are not supported by heat-conv yet'),
    ('encrypted_param_names', ['p'], 'Encrypted parameters are not supported'),
])
def test_directives_heat_conv_cannot_honour_are_refused(raises_at, section, value,
                                                        fragment):
    with raises_at(exception.InvalidEnvironment, section, fragment):
        environment.Environment.load({section: value})


def test_empty_directives_load():
    env = environment.Environment.load({'event_sinks': [], 'encrypted_param_names': [],
                                        'parameter_merge_strategies': {'a': 'merge'}})
    assert env.merge_strategies == {'a': 'merge'}


def test_user_dict_is_heats_validate_environment():
    env = environment.Environment.load({
        'parameters': {'a': 1}, 'resource_registry': {'X': 'OS::Heat::None'}})
    assert env.user_dict({'b': 2}) == {
        'event_sinks': [], 'parameter_defaults': {}, 'parameters': {'a': 1, 'b': 2},
        'resource_registry': {'X': 'OS::Heat::None', 'resources': {}}}
    assert env.parameters == {'a': 1}
