"""The simulated cloud's change feed: which objects changed since a token."""
import pytest
import requests

from heat_conv.cloud import change_log
from heat_conv.cloud.client import HttpCloudClient
from heat_conv.cloud.store import CloudStore


def test_a_first_call_cannot_say_and_gives_a_token(store):
    store.create('a', 'T', {'value': 1})
    token, changed = store.changes()
    assert changed is None and token


def test_nothing_changed_is_an_empty_list_and_the_same_token(store):
    store.create('a', 'T', {'value': 1})
    token, _ = store.changes()
    assert store.changes(token) == (token, [])


def test_every_kind_of_change_names_its_object_once(fake_clock, store):
    made = store.create('a', 'T', {'value': 1})
    slow = store.create('b', 'T', {}, wait_secs=10)
    gone = store.create('c', 'T', {})
    quiet = store.create('d', 'T', {})
    token, _ = store.changes()
    store.patch(made['id'], {'value': 2})                  # out of band
    store.update(made['id'], {'value': 3})                 # the engine's
    store.delete(gone['id'])
    fake_clock.advance(10)                                  # b settles on the next call
    new = store.create('e', 'T', {})
    token2, changed = store.changes(token)
    assert sorted(changed) == sorted([made['id'], slow['id'], gone['id'], new['id']])
    assert quiet['id'] not in changed
    assert store.changes(token2) == (token2, [])


def test_a_token_of_another_store_or_from_the_future_cannot_say(store):
    other = CloudStore()
    try:
        other_token, _ = other.changes()
        assert store.changes(other_token)[1] is None
    finally:
        other.close()
    token, _ = store.changes()
    epoch, _, seq = token.partition('.')
    assert store.changes(f'{epoch}.{int(seq) + 5}')[1] is None
    assert store.changes('garbage')[1] is None


def test_a_token_older_than_the_kept_log_cannot_say(monkeypatch, store):
    made = store.create('a', 'T', {})
    token, _ = store.changes()
    store.patch(made['id'], {'value': 2})
    # The patch's change is more than KEEP_SECONDS old when the log is next read.
    later = change_log.time.time() + change_log.KEEP_SECONDS + 1
    monkeypatch.setattr(change_log.time, 'time', lambda: later)
    assert store.changes(token)[1] is None
    fresh, _ = store.changes()
    assert store.changes(fresh) == (fresh, [])


def test_the_log_survives_a_restart_of_a_file_store(tmp_path):
    path = str(tmp_path / 'cloud.sqlite')
    first = CloudStore(path)
    made = first.create('a', 'T', {})
    token, _ = first.changes()
    first.close()
    second = CloudStore(path)
    try:
        second.patch(made['id'], {'value': 2})
        assert second.changes(token)[1] == [made['id']]
    finally:
        second.close()


@pytest.fixture
def url(server):
    return server.url


def test_the_rest_api_serves_the_feed(url, store):
    made = store.create('a', 'T', {})
    client = HttpCloudClient(url)
    token, changed = client.changes()
    assert changed is None
    requests.patch(f"{url}/v1/objects/{made['id']}", json={'properties': {'v': 1}})
    token2, changed = client.changes(token)
    assert changed == [made['id']]
    assert client.changes(token2) == (token2, [])
