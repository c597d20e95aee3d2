"""``POST /validate`` checks the same things whether or not every parameter
has a value (as Heat's does)."""
import pytest

from .helpers import assert_fault

T = 'OS::Heat::TestResource'


def _template(resources, **sections):
    return {'heat_template_version': '2018-08-31',
            'parameters': {'flavor': {'type': 'string'},
                           'count': {'type': 'number', 'constraints': [
                               {'range': {'min': 1}}]},
                           'enabled': {'type': 'boolean', 'default': False}},
            'conditions': {'on': {'get_param': 'enabled'}},
            'resources': resources, **sections}


LOOP = {'a': {'type': T, 'properties': {'value': {'get_attr': ['b', 'output']}}},
        'b': {'type': T, 'properties': {'value': {'get_attr': ['a', 'output']},
                                        'wait_secs': {'get_param': 'count'}}}}


@pytest.mark.parametrize('params', [{}, {'flavor': 'm1.small', 'count': 2}])
def test_a_dependency_loop_is_found(api, params):
    resp = api.post('/validate', {'template': _template(LOOP), 'parameters': params})
    assert_fault(resp, 400, contains='Circular dependency between resources: a, b')


@pytest.mark.parametrize('params', [{}, {'flavor': 'm1.small', 'count': 2}])
def test_a_resource_whose_condition_is_false_is_not_checked(api, params):
    resources = {'off': {'type': 'OS::Nova::NotAType', 'condition': 'on'},
                 'kept': {'type': T, 'properties': {'value': {'get_param': 'flavor'}}}}
    resp = api.post('/validate', {'template': _template(resources), 'parameters': params})
    assert resp.status_int == 200, resp.body
    assert set(resp.json['Parameters']) == {'flavor', 'count', 'enabled'}


@pytest.mark.parametrize('params', [{}, {'flavor': 'm1.small', 'count': 2}])
def test_an_unknown_attribute_is_found(api, params):
    resources = {'a': {'type': T, 'properties': {'value': {'get_param': 'flavor'}}}}
    outputs = {'o': {'value': {'get_attr': ['a', 'nope']}}}
    resp = api.post('/validate', {'template': _template(resources, outputs=outputs),
                                  'parameters': params})
    assert_fault(resp, 400, contains='The Referenced Attribute (a nope) is incorrect.')


def test_a_missing_value_is_not_checked_against_constraints(api):
    resources = {'a': {'type': T, 'properties': {'wait_secs': {'get_param': 'count'}}}}
    resp = api.post('/validate', {'template': _template(resources)})
    assert resp.status_int == 200, resp.body
