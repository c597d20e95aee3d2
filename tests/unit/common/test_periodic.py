"""A periodic task keeps its rhythm through failed passes and stops when told."""
import threading

from heat_conv.common import periodic


def test_a_failed_pass_does_not_end_the_task():
    calls = []
    third = threading.Event()

    def flaky():
        calls.append(len(calls))
        if len(calls) == 1:
            raise RuntimeError('first pass fails')
        if len(calls) == 3:
            third.set()

    task = periodic.Periodic('flaky', flaky, 0.001).start()
    assert third.wait(30), 'the task stopped after its failed pass'
    task.stop()
    seen = len(calls)
    assert not task._thread.is_alive()
    assert len(calls) == seen


def test_the_interval_is_asked_before_each_wait():
    asked = []
    done = threading.Event()

    def interval():
        asked.append(True)
        return 0.001

    task = periodic.Periodic('paced', lambda: len(asked) >= 3 and done.set(), interval)
    task.start()
    assert done.wait(30)
    task.stop()


def test_a_woken_task_runs_its_pass_now_instead_of_at_its_time():
    ran = threading.Event()
    task = periodic.Periodic('woken', ran.set, 3600).start()
    try:
        assert not ran.is_set()
        task.wake()
        assert ran.wait(30), 'the pass waited for its hour'
    finally:
        task.stop()
    assert not task._thread.is_alive()
