"""An engine that may have been taken for dead sends no cloud call for a row
until its heartbeat says whether it still owns it."""
import threading
import time

import pytest

from heat_conv.common import acting_for
from heat_conv.engine.core import ownership_guard


@pytest.fixture(autouse=True)
def _fresh():
    ownership_guard.reset()
    yield
    ownership_guard.reset()


def _acting():
    ownership_guard.locking()
    return acting_for.acting_for(1, 1, 't', 'CREATE', 'me', ownership_guard.lock_epoch())


def test_without_heartbeats_nothing_is_guarded():
    with _acting():
        acting_for.check()


def test_a_recent_heartbeat_lets_calls_go():
    ownership_guard.beat(2, None)
    with _acting():
        acting_for.check()
    acting_for.check()   # not acting for a row: nothing to guard


def test_after_a_silence_the_call_waits_for_the_heartbeat_and_is_refused_if_taken_over():
    ownership_guard.beat(0.05, None)   # safe for 2 intervals: 0.1 s
    outcome = []

    def call():
        with _acting():
            try:
                acting_for.check()
                outcome.append('sent')
            except acting_for.OwnershipLost as exc:
                outcome.append(str(exc))

    time.sleep(0.2)   # paused past what the others wait for
    caller = threading.Thread(target=call)
    caller.start()
    caller.join(0.3)
    assert caller.is_alive() and outcome == []   # it waits, it does not send
    ownership_guard.beat(0.05, marked='2026-11-27 18:00:00')   # "you were taken for dead"
    caller.join(5)
    assert len(outcome) == 1 and 'taken for dead' in outcome[0]


def test_after_a_silence_a_heartbeat_that_finds_it_alive_lets_the_call_go():
    ownership_guard.beat(0.05, None)
    time.sleep(0.2)
    done = []

    def call():
        with _acting():
            acting_for.check()
            done.append(True)

    caller = threading.Thread(target=call)
    caller.start()
    caller.join(0.3)
    assert done == []
    ownership_guard.beat(0.05, None)
    caller.join(5)
    assert done == [True]


def test_an_action_begun_after_the_takeover_is_not_refused():
    ownership_guard.beat(2, marked='then')
    with _acting():
        acting_for.check()


def test_a_lock_asked_for_before_the_takeover_is_refused_even_if_its_answer_came_after():
    """A partition held the lock's answer back past the heartbeat that told
    the engine it was taken for dead: the action is the old epoch's."""
    ownership_guard.beat(2, None)
    ownership_guard.locking()                       # the lock is asked for ...
    ownership_guard.beat(2, marked='meanwhile')     # ... the engine learns it was taken over
    with acting_for.acting_for(1, 1, 't', 'CREATE', 'me', ownership_guard.lock_epoch()):
        with pytest.raises(acting_for.OwnershipLost):
            acting_for.check()
