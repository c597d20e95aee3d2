"""ResourceGroup and ResourceChain scenarios, run deterministically in one thread."""
import pytest

from tests.scenarios import group_library as scenarios
from tests.scenarios import local_driver


@pytest.mark.parametrize('scenario', scenarios.ALL, ids=lambda s: s.__name__)
def test_scenario(scenario, driver):
    scenario(driver)


@pytest.mark.parametrize('seed', [1, 2])
@pytest.mark.parametrize('scenario', [scenarios.scale_3_5_2,
                                      scenarios.rolling_update_in_batches],
                         ids=lambda s: s.__name__)
def test_reordered_messages_change_nothing(scenario, seed, db, fake_clock):
    local_driver.run_scenario(scenario, fake_clock, seed=seed)


def test_group_of_500_creates_and_deletes(driver):
    scenarios.large_group_creates_and_deletes(driver, 500)


ZERO_NOVALIDATE_PROVIDER = '''
heat_template_version: 2013-05-23
parameters:
  length:
    type: string
    default: 50
  salt:
    type: string
    default: initial
resources:
  random:
    type: OS::Heat::RandomString
    properties:
      length: BAD
'''


def _random_group(count):
    return {'heat_template_version': '2013-05-23', 'resources': {'random_group': {
        'type': 'OS::Heat::ResourceGroup', 'properties': {'count': count, 'resource_def': {
            'type': 'My::RandomString',
            'properties': {'length': 30, 'salt': 'initial'}}}}}}


def test_group_members_are_validated_only_when_there_are_some(driver):
    # Heat's ResourceGroupTest.test_resource_group_zero_novalidate.
    from heat_conv.common import exception
    files = {'provider.yaml': ZERO_NOVALIDATE_PROVIDER}
    env = {'resource_registry': {'My::RandomString': 'provider.yaml'}}
    driver.create(_random_group(0), files=files, environment=env)
    assert driver.settle() == 'CREATE_COMPLETE'
    expected = ("resources.random_group<nested_stack>.resources.0<provider.yaml>"
                ".resources.random: : Value 'BAD' is not an integer")
    with pytest.raises(exception.InvalidProperties) as exc:
        driver.update(_random_group(2), files=files, environment=env)
    assert str(exc.value) == expected
    assert driver.stack_status() == 'CREATE_COMPLETE'
    with pytest.raises(exception.InvalidProperties) as exc:
        driver.create(_random_group(2), files=files, environment=env)
    assert str(exc.value) == expected


def test_a_plain_member_type_is_validated_at_the_members_path(driver):
    from heat_conv.common import exception
    template = _random_group(1)
    group = template['resources']['random_group']['properties']
    group['resource_def'] = {'type': 'OS::Heat::RandomString',
                             'properties': {'length': 'many-%index%'}}
    with pytest.raises(exception.InvalidProperties) as exc:
        driver.create(template)
    assert str(exc.value) == ("resources.random_group<nested_stack>.resources.0: : "
                              "Value 'many-0' is not an integer")
    # A value computed from a parameter is checked once it is known.
    template = _random_group(1)
    template['parameters'] = {'n': {'type': 'number', 'default': 8}}
    group = template['resources']['random_group']['properties']
    group['resource_def'] = {'type': 'OS::Heat::RandomString',
                             'properties': {'length': {'get_param': 'n'}}}
    driver.create(template)
    assert driver.settle() == 'CREATE_COMPLETE'


def test_a_get_attr_path_after_a_member_attribute_applies_to_each_member(driver):
    from heat_conv.stacks import stored_template
    template = {'heat_template_version': '2018-08-31', 'resources': {
        'g': {'type': 'OS::Heat::ResourceGroup', 'properties': {'count': 2, 'resource_def': {
            'type': 'OS::Heat::Value',
            'properties': {'type': 'json', 'value': {'k': 'v%index%'}}}}},
        'user': {'type': 'OS::Heat::Value', 'properties': {
            'type': 'json', 'value': {'get_attr': ['g', 'value', 'k']}}}},
        'outputs': {
            'list': {'value': {'get_attr': ['g', 'value', 'k']}},
            'map': {'value': {'get_attr': ['g', 'attributes', 'value', 'k']}},
            'whole': {'value': {'get_attr': ['g', 'attributes', 'value']}},
            'one': {'value': {'get_attr': ['g', 'resource.1.value', 'k']}},
            'used': {'value': {'get_attr': ['user', 'value']}}}}
    driver.create(template)
    assert driver.settle() == 'CREATE_COMPLETE'
    stack = driver.stack()
    bound = stored_template.bound(stack)
    refs, attrs = stored_template.output_data(stack, bound)
    outputs = {o['output_key']: o['output_value']
               for o in stored_template.outputs(bound, refs, attrs)}
    assert outputs == {'list': ['v0', 'v1'], 'map': {'0': 'v0', '1': 'v1'},
                       'whole': {'0': {'k': 'v0'}, '1': {'k': 'v1'}}, 'one': 'v1',
                       'used': ['v0', 'v1']}


def _sized_at_run_time(size):
    return {'heat_template_version': '2018-08-31', 'resources': {
        'size': {'type': 'OS::Heat::Value', 'properties': {'type': 'number', 'value': size}},
        'g': {'type': 'OS::Heat::ResourceGroup', 'properties': {
            'count': {'get_attr': ['size', 'value']},
            'resource_def': {'type': 'OS::Heat::TestResource'}}}}}


def test_a_group_sized_at_run_time_counts_against_the_limit_over_the_tree(driver):
    # The count is unknown when the template is validated; the tree is
    # counted again when the group's child stack is created or updated.
    from heat_conv.common import config
    conf = config.CONF
    conf.set_override('max_resources_per_stack', 5)
    try:
        driver.create(_sized_at_run_time(3))    # 2 + 3 resources: at the limit
        assert driver.settle() == 'CREATE_COMPLETE'
        driver.update(_sized_at_run_time(4))    # 2 + 4
        assert driver.settle() == 'UPDATE_FAILED'
        reason = driver.resources()['g'].status_reason
        assert 'would have 6 resources, which exceeds max_resources_per_stack (5)' in reason
        assert len(driver.scenario_cloud()) == 3
    finally:
        conf.clear_override('max_resources_per_stack')
