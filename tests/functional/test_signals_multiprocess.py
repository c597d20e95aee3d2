"""Signals, wait conditions and hooks on MariaDB + RabbitMQ with two engines."""
import pytest

from tests.scenarios import library
from tests.scenarios import signals as scenarios


@pytest.mark.parametrize('scenario', scenarios.ALL, ids=lambda s: s.__name__)
def test_scenario(scenario, driver):
    scenario(driver)


def test_200_open_wait_conditions_block_no_engine_thread(driver):
    """Every wait is a row, not a thread: with 200 wait conditions open, other
    stacks converge; one signal then ends all 200."""
    waits = {'handle': {'type': scenarios.HANDLE}}
    for i in range(200):
        waits[f'wc{i}'] = {'type': 'OS::Heat::WaitCondition',
                           'properties': {'handle': library.ref('handle'),
                                          'timeout': 3600}}
    driver.create(library.tmpl(waits))
    waiting_stack = driver.stack_id
    driver.run_until(lambda: sum(r.status == 'IN_PROGRESS' for r in driver.rows()) == 200,
                     '200 wait conditions to wait')
    others = []
    for n in range(3):
        driver.create(library.tmpl({
            'a': library.res(f'a{n}'), 'b': library.res(library.attr('a')),
            'c': library.res(library.attr('b'), wait=driver.slow)}))
        others.append(driver.stack_id)
    for stack_id in others:
        driver.stack_id = stack_id
        assert driver.settle() == 'CREATE_COMPLETE'
    driver.stack_id = waiting_stack
    assert driver.stack_status() == 'CREATE_IN_PROGRESS'
    driver.signal('handle', {'status': 'SUCCESS'})
    assert driver.settle() == 'CREATE_COMPLETE'
    assert all(r.status == 'COMPLETE' for r in driver.rows())
