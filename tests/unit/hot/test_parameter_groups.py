import pytest

from heat_conv.common import exception
from heat_conv.hot import parameter_groups

NAMES = {'a', 'b', 'c'}


def test_valid_groups_are_returned():
    groups = [{'label': 'First', 'description': 'd', 'parameters': ['a', 'b']},
              {'parameters': ['c']}]
    assert parameter_groups.validate(groups, NAMES) == groups
    assert parameter_groups.validate(None, NAMES) == []


@pytest.mark.parametrize('groups, exc, path, fragment', [
    ({'parameters': ['a']}, exception.InvalidTemplate, 'parameter_groups', 'must be a list'),
    (['a'], exception.InvalidTemplate, 'parameter_groups.0', 'must be a map'),
    ([{'label': 'x'}], exception.InvalidTemplate, 'parameter_groups.0.parameters',
     'needs a list of parameters'),
    ([{'parameters': 'a'}], exception.InvalidTemplate, 'parameter_groups.0.parameters',
     'needs a list'),
    ([{'parameters': ['a'], 'name': 'x'}], exception.InvalidTemplate,
     'parameter_groups.0.name', 'not a valid parameter group keyword'),
    ([{'parameters': ['a', 'zz']}], exception.InvalidReference,
     'parameter_groups.0.parameters.1', 'The grouped parameter zz does not reference a '
     'valid parameter'),
    ([{'parameters': ['a']}, {'parameters': ['b', 'a']}], exception.InvalidTemplate,
     'parameter_groups.1.parameters.1', 'The parameter a is already in parameter group 0'),
])
def test_invalid_groups(raises_at, groups, exc, path, fragment):
    with raises_at(exc, path, fragment):
        parameter_groups.validate(groups, NAMES)
