import pytest

from heat_conv.cloud.errors import CloudBadRequest
from heat_conv.cloud.faults import ERROR
from heat_conv.cloud.faults import TIMEOUT
from heat_conv.cloud.faults import FaultPolicy
from heat_conv.common.config import CONF


def draws(policy, n=200):
    return [policy.call_fault() for _ in range(n)], [policy.action_fails() for _ in range(n)]


def test_same_seed_same_faults():
    settings = dict(error_rate=0.2, timeout_rate=0.1, action_error_rate=0.3, seed=42)
    assert draws(FaultPolicy(**settings)) == draws(FaultPolicy(**settings))
    assert draws(FaultPolicy(**settings)) != draws(FaultPolicy(**dict(settings, seed=43)))


def test_reseeding_replays_the_sequence():
    policy = FaultPolicy(error_rate=0.5, seed=7)
    first = draws(policy)
    policy.update(seed=7)
    assert draws(policy) == first


def test_rates_are_respected():
    policy = FaultPolicy(error_rate=0.2, timeout_rate=0.1, action_error_rate=0.4, seed=1)
    calls, actions = draws(policy, 5000)
    assert calls.count(ERROR) / 5000 == pytest.approx(0.2, abs=0.03)
    assert calls.count(TIMEOUT) / 5000 == pytest.approx(0.1, abs=0.03)
    assert sum(actions) / 5000 == pytest.approx(0.4, abs=0.03)


def test_no_faults_by_default_and_all_at_rate_one():
    calls, actions = draws(FaultPolicy())
    assert set(calls) == {None} and not any(actions)
    calls, actions = draws(FaultPolicy(error_rate=1, action_error_rate=1))
    assert set(calls) == {ERROR} and all(actions)


def test_action_rate_does_not_shift_which_calls_fail():
    calm = FaultPolicy(error_rate=0.3, seed=5)
    busy = FaultPolicy(error_rate=0.3, action_error_rate=0.9, seed=5)
    calm_calls = [calm.call_fault() for _ in range(100)]
    busy_calls = []
    for _ in range(100):
        busy_calls.append(busy.call_fault())
        busy.action_fails()
    assert calm_calls == busy_calls


@pytest.mark.parametrize('changes', [
    {'error_rate': 1.5},
    {'timeout_rate': -0.1},
    {'error_rate': 0.6, 'timeout_rate': 0.6},
    {'latency_secs': -1},
    {'hang_secs': 'long'},
    {'error_rate': True},
    {'seed': 1.5},
    {'chaos': 1},
])
def test_bad_settings_are_refused_and_nothing_changes(changes):
    policy = FaultPolicy(error_rate=0.1, seed=3)
    before = policy.to_dict()
    with pytest.raises(CloudBadRequest):
        policy.update(**dict({"hang_secs": 2}, **changes))
    assert policy.to_dict() == before


def test_to_dict_lists_every_setting():
    policy = FaultPolicy(latency_secs=0.5, error_rate=0.1, timeout_rate=0.2,
                         action_error_rate=0.3, seed=9, hang_secs=4)
    assert policy.to_dict() == {'latency_secs': 0.5, 'error_rate': 0.1, 'timeout_rate': 0.2,
                                'action_error_rate': 0.3, 'seed': 9, 'hang_secs': 4.0}


def test_policy_from_config():
    overrides = {'error_rate': 0.25, 'timeout_rate': 0.05, 'action_error_rate': 0.5,
                 'latency_secs': 0.1, 'fault_seed': 11, 'client_timeout': 3.0}
    for name, value in overrides.items():
        CONF.set_override(name, value, group='cloud')
    try:
        policy = FaultPolicy.from_conf()
        assert policy.to_dict() == {'latency_secs': 0.1, 'error_rate': 0.25,
                                    'timeout_rate': 0.05, 'action_error_rate': 0.5,
                                    'seed': 11, 'hang_secs': 4.0}
        CONF.set_override('timeout_hang_secs', 0.5, group='cloud')
        assert FaultPolicy.from_conf().hang_secs == 0.5
    finally:
        for name in list(overrides) + ['timeout_hang_secs']:
            CONF.clear_override(name, group='cloud')
