"""The simulated cloud settles each action on time and tells of it: one
object.settle.end per settle, naming what settled, whoever made it settle;
never for an action that took no time."""
import logging

import pytest

from heat_conv.cloud import settle_notices
from heat_conv.common import timeutils


class Notifier:
    """Keeps what would be published; fails while ``broken``."""

    def __init__(self):
        self.sent = []
        self.broken = False
        self.transport = self

    def info(self, ctxt, event_type, payload):
        if self.broken:
            raise ConnectionError('the bus is down')
        self.sent.append((event_type, payload))

    def cleanup(self):
        pass

    def objects(self):
        return [o for _, payload in self.sent for o in payload['objects']]


@pytest.fixture
def notices(store):
    notices = settle_notices.SettleNotices(store, Notifier())
    yield notices
    notices.stop()


def test_a_settle_is_told_when_its_time_comes(fake_clock, store, notices):
    began = timeutils.now()
    a = store.create('a', 'T', wait_secs=5)
    b = store.create('b', 'T', wait_secs=8, fail=True)
    assert notices.tick() == pytest.approx(5)
    assert notices._notifier.sent == []
    fake_clock.advance(5)
    assert notices.tick() == pytest.approx(3)
    assert notices._notifier.sent == [(settle_notices.EVENT_TYPE, {'objects': [
        {'id': a['id'], 'type': 'T', 'status': 'ACTIVE', 'settled_at': began + 5}]})]
    fake_clock.advance(3)
    assert notices.tick() is None   # nothing pending
    [told] = notices._notifier.objects()[1:]
    assert (told['id'], told['status']) == (b['id'], 'ERROR')
    assert store.get(b['id'])['settled_at'] == told['settled_at']


def test_settles_made_by_any_call_are_told_and_deletes_as_deleted(fake_clock, store,
                                                                   notices):
    a = store.create('a', 'T', wait_secs=1)
    fake_clock.advance(1)
    notices.tick()
    store.delete(a['id'], wait_secs=2)
    fake_clock.advance(2)
    store.list()   # a read settles what is due, the delete among them
    notices.publish()
    assert [(o['id'], o['status']) for o in notices._notifier.objects()] == [
        (a['id'], 'ACTIVE'), (a['id'], 'DELETED')]


def test_an_action_that_took_no_time_is_not_told(fake_clock, store, notices):
    quick = store.create('quick', 'T')
    store.update(quick['id'], {'v': 1})
    assert notices.tick() is None
    assert notices._notifier.sent == []
    # It settled all the same, as it began.
    assert store.get(quick['id'])['settled_at'] == timeutils.now()


def test_a_lost_notification_is_logged_and_the_timer_goes_on(fake_clock, store, notices,
                                                              caplog):
    store.create('a', 'T', wait_secs=1)
    notices._notifier.broken = True
    fake_clock.advance(1)
    with caplog.at_level(logging.ERROR):
        assert notices.tick() is None
    assert 'could not publish' in caplog.text
    assert store.list()[0]['status'] == 'ACTIVE'


def test_a_large_settle_goes_in_parts(fake_clock, store, notices, monkeypatch):
    monkeypatch.setattr(settle_notices, 'MOST_PER_NOTICE', 2)
    for n in range(5):
        store.create(f'o{n}', 'T', wait_secs=1)
    fake_clock.advance(1)
    notices.tick()
    assert [len(p['objects']) for _, p in notices._notifier.sent] == [2, 2, 1]
