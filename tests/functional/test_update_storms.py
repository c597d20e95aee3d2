"""Storms of structure-changing updates never wait for the reaper (issue
27, defect 2).

A storm: 10 PUTs 0.1 s apart on a 10x10 layered stack whose actions take
1 s, each with another shape (layers come and go, values change), ending
at 7x10. Each PUT supersedes the traversal before it while that one is
still deleting rows the new one has to clean up too. On MariaDB +
RabbitMQ with two engines, 6 of 24 storms used to stall until the
reaper's "made no progress for 60 s; restarting its traversal": a step
that found a row busy with an older traversal's delete relied on that
delete's end to start it again, and the end decided from a stale view.

The suite runs STORMS (2) storms; the issue's 50 are a separate command:

    HEAT_CONV_STORMS=50 tools/run-tests tests/functional/test_update_storms.py -s

which prints, per storm, its time from the last PUT to UPDATE_COMPLETE
against the undisturbed update's, and asserts each within twice it.
"""
import os
import time

from heat_conv.bench import workloads
from tests.scenarios.library import assert_reality

STORMS = int(os.environ.get('HEAT_CONV_STORMS', '2'))
# Layers of each PUT of a storm (width 10), the last one 7.
SHAPES = (9, 8, 10, 6, 9, 5, 8, 10, 6, 7)
WIDTH = 10
WAIT = 1.0
PAUSE = 0.1
STALL = 'made no progress'


def _template(layers, value):
    shape = workloads.make('layered', layers * WIDTH, layers)
    return shape.template(value=value, wait=WAIT)


def _expected(layers, value):
    """{name: properties} the cloud must hold for ``_template``."""
    out = {}
    for layer in range(layers):
        for i in range(WIDTH):
            if not layer:
                out[f'l0r{i}'] = {'value': value}
            else:
                below = sorted({i, (i + 1) % WIDTH})
                out[f'l{layer}r{i}'] = {'value': '-'.join(
                    [value] + [out[f'l{layer - 1}r{j}']['value'] for j in below])}
    return out


def _timed(driver, what):
    """Seconds until the stack settles (a stall, which the reaper ends after
    stall_timeout, settles too: the count of stalls is what fails)."""
    started = time.monotonic()
    driver.run_until(lambda: driver.stack().status != 'IN_PROGRESS', 'the stack to settle',
                     timeout=600)
    took = time.monotonic() - started
    assert driver.stack_status() == what, driver.stack().status_reason
    return took


def _stalls(cluster, stack_id):
    return sum(STALL in line and stack_id in line
               for line in cluster.engine_logs().splitlines())


def test_structure_changing_storms_never_stall(driver, cluster):
    driver.create(_template(10, 'base'))
    assert driver.settle() == 'CREATE_COMPLETE'
    # Undisturbed: the storm's last shape, reached by one update.
    driver.update(_template(7, 'calm'))
    undisturbed = _timed(driver, 'UPDATE_COMPLETE')
    results = []
    for storm in range(STORMS):
        driver.update(_template(10, f's{storm}-start'))
        assert driver.settle() == 'UPDATE_COMPLETE'
        for n, layers in enumerate(SHAPES):
            if n:
                time.sleep(PAUSE)
            driver.update(_template(layers, f's{storm}-{n}'))
        took = _timed(driver, 'UPDATE_COMPLETE')
        driver.drain()
        assert_reality(driver, _expected(SHAPES[-1], f's{storm}-{len(SHAPES) - 1}'))
        results.append(took)
        print(f'storm {storm + 1}: {took:.1f} s (undisturbed {undisturbed:.1f} s)')
    stalls = _stalls(cluster, driver.stack_id)
    print(f'{STORMS} storms, {stalls} stalls; slowest {max(results):.1f} s, '
          f'{max(results) / undisturbed:.2f}x the undisturbed {undisturbed:.1f} s')
    assert stalls == 0, f'{stalls} of {STORMS} storms waited for the reaper'
    if STORMS >= 10:
        # The long run's own bound (issue 27); the suite's short run, on a
        # machine shared with other work, checks only that nothing stalls.
        assert max(results) <= 2 * undisturbed, results
