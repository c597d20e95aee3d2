"""What the engine log says about stack operations, and what it keeps quiet.

Each operation's start and end is one INFO line naming the stack and the
traversal, the end with its duration and the resources' states. Benign
races (a duplicate report of an action that already ended, for a resource
that may since have been purged) are not errors and carry no traceback.
"""
import logging
import re

from heat_conv.engine.core import messages
from heat_conv.plugin_interface import base
from tests.scenarios.library import res
from tests.scenarios.library import tmpl

# Where a traversal's start went, and how long after the API began it its
# first steps were cast.
_START_COSTS = (r'; [0-9]+ graph nodes: stack and template read and bound in [0-9]+ ms, '
                r'graph stored in [0-9]+ ms, [0-9]+ (?:leaf|leaves) cast in [0-9]+ ms, '
                r'[0-9]+ ms after the API began it')


def _oplines(caplog):
    return [r.getMessage() for r in caplog.records if r.name == 'heat_conv.engine.core.oplog']


def test_each_operation_starts_and_ends_in_the_log_with_its_duration(driver, caplog):
    caplog.set_level(logging.INFO, logger='heat_conv.engine.core.oplog')
    driver.create(tmpl({'A': res('a', wait=5), 'B': res('b')}), name='logged')
    assert driver.settle() == 'CREATE_COMPLETE'
    driver.update(tmpl({'A': res('a', wait=5), 'C': res('c')}))
    assert driver.settle() == 'UPDATE_COMPLETE'
    driver.delete()
    assert driver.settle() == 'DELETE_COMPLETE'

    lines = _oplines(caplog)
    sid = driver.stack_id
    assert all(r.levelno == logging.INFO for r in caplog.records
               if r.name == 'heat_conv.engine.core.oplog')
    assert re.fullmatch(rf'stack {sid} \(logged\): CREATE started, traversal \S+: '
                        r'2 resources to converge, 0 to delete' + _START_COSTS, lines[0])
    ended = [re.fullmatch(rf'stack {sid} \(logged\): (\w+) COMPLETE in ([0-9.]+) s, '
                          r'traversal \S+; resources: (.*); Stack \w+ completed '
                          r'successfully', line) for line in lines]
    ended = [m.groups() for m in ended if m]
    assert [action for action, _, _ in ended] == ['CREATE', 'UPDATE', 'DELETE']
    # The fake clock moved while A's 5-second create ran.
    assert float(ended[0][1]) >= 5
    assert ended[0][2] == '2 CREATE_COMPLETE'
    assert ended[1][2] == '2 CREATE_COMPLETE'   # A kept, B deleted, C created
    assert ended[2][2] == 'none'
    assert any(re.fullmatch(r'stack \S+ \(logged\): UPDATE started, traversal \S+: '
                            r'2 resources to converge, 1 to delete' + _START_COSTS, line)
               for line in lines)


def test_a_failed_operation_ends_in_the_log_with_its_reason(driver, caplog):
    caplog.set_level(logging.INFO, logger='heat_conv.engine.core.oplog')
    driver.create(tmpl({'A': res('a', fail=True)}), name='failing')
    assert driver.settle() == 'CREATE_FAILED'
    (line,) = [line for line in _oplines(caplog) if 'FAILED' in line]
    assert re.fullmatch(r'stack \S+ \(failing\): CREATE FAILED in [0-9.]+ s, traversal '
                        r'\S+; resources: 1 CREATE_FAILED; Resource CREATE failed: .*',
                        line)


def test_a_superseded_operation_says_so(driver, caplog):
    caplog.set_level(logging.INFO, logger='heat_conv.engine.core.oplog')
    driver.create(tmpl({'A': res('a', wait=30)}), name='superseded')
    driver.run_until(lambda: driver.resource_status('A') == 'CREATE_IN_PROGRESS', 'A')
    driver.update(tmpl({'A': res('b')}))
    assert driver.settle() == 'UPDATE_COMPLETE'
    assert any(re.fullmatch(r'stack \S+ \(superseded\): CREATE of traversal \S+ '
                            r'superseded by UPDATE, traversal \S+', line)
               for line in _oplines(caplog))


def test_duplicate_reports_are_not_errors(driver, caplog):
    """The observer reports a finished action again (it polls until the
    step has recorded it), even after the stack was deleted and its rows
    purged: nothing worse than DEBUG, and no traceback."""
    caplog.set_level(logging.DEBUG)
    driver.create(tmpl({'A': res('a', wait=5)}))
    driver.run_until(lambda: driver.resource_status('A') == 'CREATE_IN_PROGRESS', 'A')
    row = driver.resources()['A']
    report = messages.ActionComplete(row.id, row.atomic_key, base.Done(row.physical_resource_id))
    driver.clock.advance(5)
    assert driver.settle() == 'CREATE_COMPLETE'
    driver.endpoint.action_complete({}, **report.to_wire())      # after it completed
    driver.delete()
    assert driver.settle() == 'DELETE_COMPLETE'
    driver.endpoint.action_complete({}, **report.to_wire())      # after the purge
    noisy = [r for r in caplog.records
             if r.levelno >= logging.WARNING or r.exc_info is not None]
    assert not noisy, [r.getMessage() for r in noisy]


def test_two_engines_resuming_the_same_report_do_not_warn(driver, caplog):
    """Two engines get the same report at once: one records it, the other
    finds the row gone from under it, which is expected."""
    caplog.set_level(logging.DEBUG)
    driver.create(tmpl({'A': res('a', wait=5)}))
    driver.run_until(lambda: driver.resource_status('A') == 'CREATE_IN_PROGRESS', 'A')
    driver.clock.advance(5)
    from heat_conv.engine.core import resource_action
    from heat_conv.engine.core import step
    row = driver.resources()['A']
    report = messages.ActionComplete(row.id, row.atomic_key, base.Done(row.physical_resource_id))
    real_settle = resource_action.settle
    raced = []

    def settle_after_the_other_engine(row, *args, **kwargs):
        if not raced:
            raced.append(1)
            step.action_complete(report)    # the other engine, faster
        return real_settle(row, *args, **kwargs)
    resource_action.settle = settle_after_the_other_engine
    try:
        step.action_complete(report)
    finally:
        resource_action.settle = real_settle
    assert raced
    assert driver.settle() == 'CREATE_COMPLETE'
    noisy = [r for r in caplog.records if r.levelno >= logging.WARNING]
    assert not noisy, [r.getMessage() for r in noisy]


def test_a_traversal_start_says_what_it_cast_and_how_long_after_the_api_began_it(
        driver, fake_clock, caplog):
    caplog.set_level(logging.INFO, logger='heat_conv.engine.core.oplog')
    driver.create(tmpl({'A': res('a'), 'B': res('b', depends_on=['A']), 'C': res('c')}),
                  name='timed')
    # The converge message waits in the queue while the clock moves on:
    # as when engines are busy, the first steps go out late.
    fake_clock.advance(3)
    assert driver.settle() == 'CREATE_COMPLETE'
    (line,) = [line for line in _oplines(caplog) if 'started' in line]
    costs = re.search(r'; (\d+) graph nodes: .*, (\d+) leaves cast in (\d+) ms, '
                      r'(\d+) ms after the API began it$', line)
    assert costs is not None, line
    nodes, leaves, cast_ms, after = map(int, costs.groups())
    assert (nodes, leaves) == (3, 2)
    # The casting's own duration is wall time while the test's clock stands
    # still, and the line counts from when the casting began: up to that
    # duration (and a millisecond of rounding) less than the 3 s waited.
    assert 3000 - cast_ms - 1 <= after < 3000 + 60000


def test_a_traversal_with_one_leaf_says_so(driver, caplog):
    caplog.set_level(logging.INFO, logger='heat_conv.engine.core.oplog')
    driver.create(tmpl({'A': res('a'), 'B': res('b', depends_on=['A'])}), name='one')
    assert driver.settle() == 'CREATE_COMPLETE'
    (line,) = [line for line in _oplines(caplog) if 'started' in line]
    assert ', 1 leaf cast in ' in line, line
