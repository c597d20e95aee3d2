import pytest

from heat_conv.common import exception
from heat_conv.resources.heat import group_policy


def test_rolling_update_with_heat_defaults_and_string_values():
    parsed = group_policy.parse({'rolling_update': {'max_batch_size': '3'}})
    assert parsed['rolling_update'] == group_policy.Batching(3, 0, 0)
    assert parsed['batch_create'] is None


def test_batch_create():
    parsed = group_policy.parse({'batch_create': {'max_batch_size': 2, 'pause_time': 1}})
    assert parsed['batch_create'] == group_policy.Batching(2, 0, 1)


def test_no_policy():
    assert group_policy.parse(None) == {'rolling_update': None, 'batch_create': None}


@pytest.mark.parametrize('policy, where', [
    ({'rolling_update': {'max_batch_size': 0}}, ('rolling_update', 'max_batch_size')),
    ({'rolling_update': {'pause': 1}}, ('rolling_update', 'pause')),
    ({'canary': {}}, ('canary',)),
])
def test_bad_policies_name_their_path(policy, where):
    with pytest.raises(exception.InvalidProperties) as info:
        group_policy.parse(policy, ('resources', 'g', 'update_policy'))
    assert info.value.path == ('resources', 'g', 'update_policy') + where
