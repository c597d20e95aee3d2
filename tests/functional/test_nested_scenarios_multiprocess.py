"""The nested-stack scenarios again, on MariaDB + RabbitMQ with two engines."""
import pytest

from tests.scenarios import nested_library as scenarios


@pytest.mark.parametrize('scenario', scenarios.ALL, ids=lambda s: s.__name__)
def test_scenario(scenario, driver):
    scenario(driver)


def test_children_steps_run_on_both_engines(driver, cluster):
    # Any worker may run any level: no engine owns a tree.
    scenarios.create(driver)
    assert driver.settle() == 'CREATE_COMPLETE'
    children = [s.id for s in driver.tree()[1:]]
    assert len(children) == 3
    ran = []
    for i in range(cluster.engines):
        with open(f'{cluster.workdir}/engine-{i}.log', errors='replace') as f:
            lines = [line for line in f if 'check_resource' in line]
        ran.append({child for child in children if any(child in line for line in lines)})
    assert all(ran), f'child stack steps per engine: {ran}'
