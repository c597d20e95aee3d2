"""An unexpected error inside a step fails the resource and the traversal.

Nothing may leave a row locked by a live engine: the reaper only frees the
rows of dead engines, so such a stack would stay IN_PROGRESS until its
timeout, or forever without one.
"""
import logging

import pytest
from oslo_db import exception as db_exc

from heat_conv.common import exception
from heat_conv.db import api as db_api
from heat_conv.hot import template as hot_template
from heat_conv.resources.simulated import test_resource
from tests.scenarios.library import assert_reality
from tests.scenarios.library import attr
from tests.scenarios.library import res
from tests.scenarios.library import tmpl


def _attributes_bug_in(name):
    real = test_resource.TestResource.attributes

    def attributes(self):
        if self.name == name:
            raise RuntimeError('plugin bug')
        return real(self)
    return attributes


def _step_tracebacks(caplog):
    return [r for r in caplog.records
            if r.levelno >= logging.ERROR and r.exc_info and r.name.startswith('heat_conv')]


def test_plugin_bug_in_attributes_fails_the_resource_and_the_stack(driver, monkeypatch,
                                                                   caplog):
    monkeypatch.setattr(test_resource.TestResource, 'attributes', _attributes_bug_in('B'))
    driver.create(tmpl({'A': res('a'), 'B': res(attr('A')), 'C': res(attr('B'))}))
    assert driver.settle() == 'CREATE_FAILED'
    row = driver.resources()['B']
    assert (row.action, row.status, row.engine_id) == ('CREATE', 'FAILED', None)
    assert row.status_reason == 'RuntimeError: plugin bug'
    # Heat's format: the error type, the resource's path, the message.
    assert driver.stack().status_reason == \
        'Resource CREATE failed: RuntimeError: resources.B: plugin bug'
    assert 'C' not in driver.resources(), 'C must not start after B failed'
    assert len(_step_tracebacks(caplog)) == 1, 'the traceback is logged once'
    # The object B's create made is known, so nothing leaks: an update
    # without the bug replaces it and deletes the old one.
    monkeypatch.undo()
    driver.update(tmpl({'A': res('a'), 'B': res(attr('A')), 'C': res(attr('B'))}))
    assert driver.settle() == 'UPDATE_COMPLETE'
    assert_reality(driver, {'A': {'value': 'a'}, 'B': {'value': 'a'}, 'C': {'value': 'a'}})


def test_plugin_bug_rolls_back_when_rollback_is_enabled(driver, monkeypatch):
    monkeypatch.setattr(test_resource.TestResource, 'attributes', _attributes_bug_in('B'))
    driver.create(tmpl({'A': res('a'), 'B': res(attr('A'))}), disable_rollback=False)
    assert driver.settle() == 'ROLLBACK_COMPLETE'
    assert driver.objects() == [], 'the rollback of a create deletes what it made'


def test_plugin_bug_after_a_slow_action_fails_the_resource(driver, monkeypatch):
    monkeypatch.setattr(test_resource.TestResource, 'attributes', _attributes_bug_in('A'))
    driver.create(tmpl({'A': res('a', wait=driver.slow)}))
    assert driver.settle() == 'CREATE_FAILED'
    row = driver.resources()['A']
    assert (row.status, row.engine_id, row.action_started_at) == ('FAILED', None, None)
    assert row.status_reason == 'RuntimeError: plugin bug'


def test_database_failure_mid_step_fails_the_resource_and_leaks_nothing(driver,
                                                                         monkeypatch):
    """MariaDB refuses a connection just after the cloud made B's object."""
    real_cas = db_api.resource_cas
    failed = []

    def cas(resource_id, atomic_key, values, **kwargs):
        if values.get('status') == 'COMPLETE' and not failed and \
                db_api.resource_get(resource_id).name == 'B':
            failed.append(resource_id)
            raise db_exc.DBConnectionError('Too many connections')
        return real_cas(resource_id, atomic_key, values, **kwargs)

    monkeypatch.setattr(db_api, 'resource_cas', cas)
    driver.create(tmpl({'A': res('a'), 'B': res(attr('A'))}))
    assert driver.settle() == 'CREATE_FAILED'
    assert failed
    row = driver.resources()['B']
    assert (row.status, row.engine_id) == ('FAILED', None)
    assert 'DBConnectionError' in row.status_reason
    # B's object was made before the failure: it was adopted, not leaked.
    assert row.physical_resource_id == driver.objects_by_name()['B'][0]['id']
    driver.update(tmpl({'A': res('a'), 'B': res(attr('A'))}))
    assert driver.settle() == 'UPDATE_COMPLETE'
    assert_reality(driver, {'A': {'value': 'a'}, 'B': {'value': 'a'}})


def test_unexpected_error_while_starting_a_traversal_fails_the_stack(driver, monkeypatch):
    driver.create(tmpl({'A': res('a')}))

    def broken_bind(self, *args, **kwargs):
        raise RuntimeError('template bug')

    monkeypatch.setattr(hot_template.Template, 'bind', broken_bind)
    assert driver.settle() == 'CREATE_FAILED'
    assert 'RuntimeError: template bug' in driver.stack().status_reason


@pytest.mark.parametrize('error', [
    db_exc.DBConnectionError('Too many connections'),
    exception.ServiceUnavailable('The database is too busy to answer now')])
def test_database_refusing_a_step_before_it_acts_delays_it_instead_of_failing(
        driver, monkeypatch, caplog, error):
    """"Too many connections" as a step starts: nothing was changed, so the
    message is delivered again and the stack completes as if nothing happened."""
    from heat_conv.engine.core import worker
    monkeypatch.setattr(worker, 'REDELIVERY_PAUSE', (0, 0))
    real = db_api.resource_and_traversal
    refused = []

    def resource_and_traversal(resource_id, *args):
        if len(refused) < 3:
            refused.append(resource_id)
            raise error
        return real(resource_id, *args)

    monkeypatch.setattr(db_api, 'resource_and_traversal', resource_and_traversal)
    driver.create(tmpl({'A': res('a'), 'B': res(attr('A'))}))
    assert driver.settle() == 'CREATE_COMPLETE'
    assert len(refused) == 3
    assert_reality(driver, {'A': {'value': 'a'}, 'B': {'value': 'a'}})
    assert 'delivering it again' in caplog.text
    assert not _step_tracebacks(caplog)


def test_database_connection_lost_while_starting_a_traversal_starts_it_again(
        driver, monkeypatch):
    """The session ended under a traversal's start (a partition; an engine
    that took this one for dead ended its sessions): nothing was stored, and
    the reaper starts it again instead of the stack failing."""
    from heat_conv.common import config
    from heat_conv.engine.core import traversal
    from heat_conv.engine.recovery import reaper
    CONF = config.CONF
    real = traversal._converge
    lost = []

    def converge(stack_id, traversal_id):
        if not lost:
            lost.append(traversal_id)
            raise db_exc.DBConnectionError('Lost connection to MySQL server during query')
        return real(stack_id, traversal_id)

    monkeypatch.setattr(traversal, '_converge', converge)
    driver.create(tmpl({'A': res('a'), 'B': res(attr('A'))}))
    driver.run_until(lambda: lost and not driver.queue, 'the converge to be lost')
    assert driver.stack_status() == 'CREATE_IN_PROGRESS'   # not failed
    driver.clock.advance(CONF.engine.stack_check_interval)
    reaper.run_once()
    assert driver.settle() == 'CREATE_COMPLETE'
    assert_reality(driver, {'A': {'value': 'a'}, 'B': {'value': 'a'}})
