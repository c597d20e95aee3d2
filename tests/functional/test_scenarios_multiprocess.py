"""The convergence scenarios again, on MariaDB + RabbitMQ with two engines."""
import pytest

from tests.scenarios import library as scenarios


@pytest.mark.parametrize('scenario', scenarios.ALL, ids=lambda s: s.__name__)
def test_scenario(scenario, driver):
    scenario(driver)


def test_engine_log_lines_carry_the_api_requests_id(driver, cluster):
    driver.create(scenarios.tmpl({'A': scenarios.res('a'),
                                  'B': scenarios.res(scenarios.attr('A'))}))
    assert driver.settle() == 'CREATE_COMPLETE'
    lines = [line for line in cluster.engine_logs().splitlines()
             if driver.ctx.request_id in line]
    assert any('check_resource' in line for line in lines), \
        f'no engine log line names request {driver.ctx.request_id}'
