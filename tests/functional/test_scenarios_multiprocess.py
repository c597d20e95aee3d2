"""The convergence scenarios again, on MariaDB + RabbitMQ with two engines."""
import pytest

from tests.scenarios import library as scenarios
from tests.scenarios import lifecycle_library as lifecycle
from tests.scenarios import nested_library as nested
from tests.scenarios import nested_lifecycle_library as nested_lifecycle


@pytest.mark.parametrize('scenario', scenarios.ALL + nested.ALL, ids=lambda s: s.__name__)
def test_scenario(scenario, driver):
    scenario(driver)


@pytest.mark.parametrize('scenario', lifecycle.ALL + nested_lifecycle.ALL,
                         ids=lambda s: s.__name__)
def test_lifecycle_scenario(scenario, driver):
    """Suspend/resume, snapshot/restore, abandon/adopt (of trees too)."""
    scenario(driver)


def test_engine_log_lines_carry_the_api_requests_id(driver, cluster):
    driver.create(scenarios.tmpl({'A': scenarios.res('a'),
                                  'B': scenarios.res(scenarios.attr('A'))}))
    assert driver.settle() == 'CREATE_COMPLETE'
    lines = [line for line in cluster.engine_logs().splitlines()
             if driver.ctx.request_id in line]
    assert any('check_resource' in line for line in lines), \
        f'no engine log line names request {driver.ctx.request_id}'


def test_child_stacks_steps_run_on_both_engines(driver, cluster):
    # Any worker may run any level: no engine owns a tree.
    nested.create(driver)
    assert driver.settle() == 'CREATE_COMPLETE'
    children = [s.id for s in driver.tree()[1:]]
    assert len(children) == 3
    ran = []
    for i in range(cluster.engines):
        with open(f'{cluster.workdir}/engine-{i}.log', errors='replace') as f:
            lines = [line for line in f if 'check_resource' in line]
        ran.append({child for child in children if any(child in line for line in lines)})
    assert all(ran), f'child stack steps per engine: {ran}'
