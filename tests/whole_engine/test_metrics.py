"""The metrics an operator scrapes move as the service works: after a stack
create through the API, its operation, its API request, its steps, their
statements and messages are counted; a stack waiting on the cloud with no
observer alive shows in the gauge the sample alert watches."""
import copy

import pytest

from heat_conv.api import app as app_module
from heat_conv.common import config
from heat_conv.common import metrics_server
from heat_conv.engine.recovery import reaper
from heat_conv.observer import poller
from tests.metrics_scrape import Scrape
from tests.scenarios import local_driver
from tests.scenarios.library import res
from tests.scenarios.library import tmpl
from tests.unit.api.conftest import Client
from tests.unit.api.helpers import TEMPLATE
from tests.whole_engine import test_engine_death as engine_death


@pytest.fixture
def endpoint():
    config.CONF.set_override('enabled', True, group='metrics')
    metrics_server.stop()
    handle = metrics_server.serve(0)
    yield handle.url + '/metrics'
    metrics_server.stop()
    config.CONF.set_override('enabled', False, group='metrics')   # the tests' default


@pytest.fixture
def world(db, fake_clock):
    driver = local_driver.LocalDriver(fake_clock)
    yield driver, Client(app_module.make_app(), tenant=driver.ctx.project_id)
    driver.close()


def test_a_stack_create_moves_the_counters(world, endpoint):
    driver, api = world
    before = Scrape(endpoint)
    created = api.post('/stacks', {'stack_name': 'scraped',
                                   'template': copy.deepcopy(TEMPLATE)})
    assert created.status_int == 201
    driver.stack_id = created.json['stack']['id']
    driver.run_until(lambda: driver.stack_status() == 'CREATE_COMPLETE', 'the create')
    after = Scrape(endpoint)

    assert after.moved(before, 'heat_conv_operations_total',
                       action='CREATE', outcome='COMPLETE') == 1
    assert after.moved(before, 'heat_conv_operations_total',
                       action='CREATE', outcome='FAILED') == 0
    assert after.moved(before, 'heat_conv_operations_started_total', action='CREATE') == 1
    assert after.moved(before, 'heat_conv_api_requests_total',
                       method='POST', status='201') == 1
    # Two resources: a step each (at least), each one timed and its
    # statements counted.
    steps = after.moved(before, 'heat_conv_step_duration_seconds_count',
                        method='check_resource')
    assert steps >= 2
    assert after.moved(before, 'heat_conv_step_db_statements_count',
                       method='check_resource') == steps
    assert after.moved(before, 'heat_conv_step_db_statements_sum',
                       method='check_resource') >= steps
    assert after.moved(before, 'heat_conv_db_statements_total') > 0
    assert after.moved(before, 'heat_conv_messages_sent_total', method='converge') == 1
    assert after.moved(before, 'heat_conv_messages_received_total', method='converge') == 1
    assert after.value('heat_conv_steps_in_flight') == 0


def test_a_failed_create_counts_as_failed(world, endpoint):
    driver, _ = world
    before = Scrape(endpoint)
    driver.create(tmpl({'A': res('a', fail=True)}))
    assert driver.settle() == 'CREATE_FAILED'
    after = Scrape(endpoint)
    assert after.moved(before, 'heat_conv_operations_total',
                       action='CREATE', outcome='FAILED') == 1
    assert after.moved(before, 'heat_conv_operations_total',
                       action='CREATE', outcome='COMPLETE') == 0


def test_a_stack_waiting_on_the_cloud_with_no_observer_shows(world, endpoint):
    driver, _ = world
    driver.create(tmpl({'A': res('a', wait=30)}))
    driver.run_until(lambda: driver.resource_status('A') == 'CREATE_IN_PROGRESS'
                     and not driver.queue, 'the wait')
    poller.poll_pending(driver.cloud)   # the observer's look: still building
    reaper.run_once()   # and no observer's heartbeat
    waiting = Scrape(endpoint)
    assert waiting.value('heat_conv_observers_alive') == 0
    assert waiting.value('heat_conv_stacks_waiting_without_observer') == 1
    assert waiting.value('heat_conv_observer_pending_resources') == 1


def test_the_endpoint_answers_only_at_metrics(endpoint):
    import requests
    assert requests.get(endpoint.replace('/metrics', '/other'), timeout=10).status_code == 404


def test_the_reapers_takeover_of_a_dead_engine_is_counted(driver, monkeypatch, endpoint):
    before = Scrape(endpoint)
    engine_death._die_and_take_over(driver, monkeypatch, 'after_release_before_successors',
                                    lambda: driver.create(engine_death.BEFORE))
    assert driver.settle() == 'CREATE_COMPLETE'
    after = Scrape(endpoint)
    assert after.moved(before, 'heat_conv_reaper_takeovers_total') == 1
    assert after.moved(before, 'heat_conv_operations_total',
                       action='CREATE', outcome='COMPLETE') == 1
