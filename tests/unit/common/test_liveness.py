"""Who is alive: judged by whether heartbeats move, on the watcher's clock."""
import dataclasses
import datetime

from heat_conv.common import liveness

T0 = datetime.datetime(2026, 1, 1)


@dataclasses.dataclass
class Row:
    id: str
    updated_at: datetime.datetime
    binary: str = liveness.ENGINE
    report_interval: int = 2
    deleted_at: datetime.datetime = None
    created_at: datetime.datetime = T0


def test_a_heartbeat_that_stands_still_for_three_intervals_is_dead(fake_clock):
    watch = liveness.Watch()
    beating, silent = Row('beating', T0), Row('silent', T0)
    view = watch.look([beating, silent])
    assert view.live_ids(liveness.ENGINE) == {'beating', 'silent'} and not view.dead
    for second in range(1, 7):
        fake_clock.advance(1)
        beating.updated_at = T0 + datetime.timedelta(seconds=second)
        view = watch.look([beating, silent])
        assert not view.dead, f'dead after {second} s'
    fake_clock.advance(1)
    beating.updated_at += datetime.timedelta(seconds=1)
    view = watch.look([beating, silent])
    assert view.dead == {'silent'} and [r.id for r in view.newly_dead] == ['silent']
    assert view.live_ids(liveness.ENGINE) == {'beating'}
    assert watch.silent_for('silent') == 7


def test_clocks_are_never_compared(fake_clock):
    """A host whose clock is an hour behind still beats: its timestamps
    move, and that is all that is looked at."""
    watch = liveness.Watch()
    behind = Row('behind', T0 - datetime.timedelta(hours=1))
    ahead = Row('ahead', T0 + datetime.timedelta(hours=1))
    for _ in range(10):
        view = watch.look([behind, ahead])
        assert not view.dead
        fake_clock.advance(2)
        behind.updated_at += datetime.timedelta(seconds=2)
        ahead.updated_at += datetime.timedelta(seconds=2)


def test_the_interval_is_the_dead_ones_own(fake_clock):
    watch = liveness.Watch()
    slow = Row('slow', T0, report_interval=10)
    watch.look([slow])
    fake_clock.advance(29)
    assert not watch.look([slow]).dead
    fake_clock.advance(2)
    assert watch.look([slow]).dead == {'slow'}


def test_a_stopped_process_is_dead_at_once_but_not_newly(fake_clock):
    view = liveness.Watch().look([Row('stopped', T0, deleted_at=T0)])
    assert view.dead == {'stopped'} and view.newly_dead == []


def test_the_watcher_itself_is_alive(fake_clock):
    watch = liveness.Watch()
    me = Row('me', T0)
    watch.look([me], me='me')
    fake_clock.advance(60)
    assert watch.look([me], me='me').live_ids(liveness.ENGINE) == {'me'}


def test_a_watcher_that_lost_sight_starts_timing_afresh(fake_clock):
    """The database was down: nobody could beat, so nobody is judged on it."""
    watch = liveness.Watch()
    row = Row('other', T0)
    watch.look([row])
    fake_clock.advance(60)
    watch.forget()
    assert not watch.look([row]).dead
    fake_clock.advance(7)
    assert watch.look([row]).dead == {'other'}


def test_judged_once_on_the_databases_clock():
    """What the one-shot commands (service list, status) see."""
    def at(seconds):
        return T0 + datetime.timedelta(seconds=seconds)
    assert liveness.state(Row('r', T0), at(6)) == liveness.UP
    assert liveness.state(Row('r', T0), at(6.5)) == liveness.DOWN
    assert liveness.state(Row('r', T0, report_interval=60), at(170)) == liveness.UP
    assert liveness.state(Row('r', None), at(1)) == liveness.UP   # never beat: its creation
    assert liveness.state(Row('r', T0, deleted_at=T0), at(0)) == liveness.STOPPED
