"""The request a traversal is for travels with every message it causes, so
each worker's log lines about it carry the API request's id."""
import io
import logging

import pytest
from oslo_context import context as oslo_context
from oslo_log import formatters

from heat_conv.common import config
from heat_conv.common import context
from heat_conv.resources.simulated import test_resource
from tests.scenarios import local_driver
from tests.scenarios.library import attr
from tests.scenarios.library import res
from tests.scenarios.library import tmpl


@pytest.fixture
def driver(db, fake_clock):
    d = local_driver.LocalDriver(fake_clock)
    d.ctx = context.RequestContext(project_id='tenant', user_id='alice', roles=['member'],
                                   request_id='req-1f0c5d0e-5a3b-4d6e-9c1a-7b2e4f6a8c0d')
    yield d
    d.close()


def test_every_cast_of_a_traversal_carries_the_requests_context(driver):
    driver.create(tmpl({'A': res('a'), 'B': res(attr('A')), 'C': res(attr('B'))}))
    # Whatever the delivering thread last served is not what the work is for.
    oslo_context.RequestContext(request_id='req-somebody-else').update_store()
    assert driver.settle() == 'CREATE_COMPLETE'
    assert len(driver.contexts) == 4   # converge, then a step per resource
    for ctxt in driver.contexts:
        assert ctxt['request_id'] == driver.ctx.request_id
        assert (ctxt['project_id'], ctxt['user'], ctxt['roles']) == (
            'tenant', 'alice', ['member'])


def test_the_worker_acts_and_logs_as_the_request(driver, monkeypatch):
    seen = []
    real_create = test_resource.TestResource.create

    def create(self):
        current = oslo_context.get_current()
        seen.append((current.request_id, current.project_id, current.user_id))
        logging.getLogger('heat_conv.engine.core.step').warning('creating %s', self.name)
        return real_create(self)

    monkeypatch.setattr(test_resource.TestResource, 'create', create)
    stream = io.StringIO()
    handler = logging.StreamHandler(stream)
    handler.setFormatter(formatters.ContextFormatter(config=config.CONF,
                                                     project='heat_conv'))
    logger = logging.getLogger('heat_conv')
    logger.addHandler(handler)
    try:
        oslo_context.RequestContext(request_id='req-somebody-else').update_store()
        driver.create(tmpl({'A': res('a')}))
        assert driver.settle() == 'CREATE_COMPLETE'
    finally:
        logger.removeHandler(handler)
    assert seen == [(driver.ctx.request_id, 'tenant', 'alice')]
    line = [entry for entry in stream.getvalue().splitlines() if 'creating A' in entry]
    assert driver.ctx.request_id in line[0]


def test_an_old_sender_without_a_context_is_served_as_the_engine(driver):
    driver.create(tmpl({'A': res('a')}))
    driver.queue[:] = [(method, kwargs, {}) for method, kwargs, _ in driver.queue]
    assert driver.settle() == 'CREATE_COMPLETE'


def test_the_observers_reports_carry_a_context_of_their_own(driver):
    from heat_conv.observer import service as observer_service
    driver.create(tmpl({'A': res('a', wait=driver.slow)}))
    driver.run_until(lambda: driver.resource_status('A') == 'CREATE_IN_PROGRESS', 'A')
    driver.clock.advance(driver.slow)
    del driver.contexts[:]
    observer_service.Observer(driver.cloud).run_pass()
    (ctxt,) = driver.contexts
    assert ctxt['is_admin'] and ctxt['request_id'] != driver.ctx.request_id
    assert driver.settle() == 'CREATE_COMPLETE'
