"""A cloud that fails a fifth of its calls still gets every stack converged."""
from tests.scenarios import local_driver
from tests.scenarios.library import assert_reality
from tests.scenarios.library import attr
from tests.scenarios.library import res
from tests.scenarios.library import tmpl


def _fifty(value):
    resources = {'root': res(value)}
    for i in range(1, 25):
        resources[f'chain{i}'] = res(attr('root' if i == 1 else f'chain{i - 1}'))
    for i in range(25):
        resources[f'leaf{i}'] = res(attr('root'), wait=5)
    return tmpl(resources)


def _converge(d, operation, expected_status, expected):
    d.cloud.set_faults(error_rate=0.1, timeout_rate=0.1, seed=7)
    operation()
    status = d.settle()
    d.cloud.set_faults(error_rate=0.0, timeout_rate=0.0)   # to look at reality
    assert status == expected_status
    assert_reality(d, expected)


def test_fifty_resources_through_a_cloud_failing_20_percent(db, fake_clock):
    d = local_driver.LocalDriver(fake_clock)
    try:
        names = list(_fifty('a')['resources'])
        _converge(d, lambda: d.create(_fifty('a')), 'CREATE_COMPLETE',
                  {name: {'value': 'a'} for name in names})
        _converge(d, lambda: d.update(_fifty('b')), 'UPDATE_COMPLETE',
                  {name: {'value': 'b'} for name in names})
        _converge(d, d.delete, 'DELETE_COMPLETE', {})
    finally:
        d.close()
