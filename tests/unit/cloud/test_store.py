import subprocess
import sys
import threading

import pytest

from heat_conv.cloud.errors import CloudBadRequest
from heat_conv.cloud.errors import CloudConflict
from heat_conv.cloud.errors import CloudNotFound
from heat_conv.cloud.store import CloudStore

META = {'stack_id': 'stack-1', 'resource_name': 'web'}


def test_create_without_wait_is_active_at_once(fake_clock, store):
    obj = store.create('web', 'OS::Heat::TestResource', {'value': 'a'}, META)
    assert obj['status'] == 'ACTIVE'
    assert obj['properties'] == {'value': 'a'}
    assert obj['metadata'] == META
    assert obj['version'] == 1
    assert obj['created_at'] == obj['updated_at'] == '2027-01-15T08:00:00Z'
    assert store.get(obj['id']) == obj


def test_create_builds_until_wait_has_passed(fake_clock, store):
    obj = store.create('web', 'T', {}, META, wait_secs=30)
    assert obj['status'] == 'BUILDING'
    fake_clock.advance(29.5)
    assert store.get(obj['id'])['status'] == 'BUILDING'
    fake_clock.advance(0.5)
    done = store.get(obj['id'])
    assert done['status'] == 'ACTIVE'
    assert done['updated_at'] == '2027-01-15T08:00:30Z'


def test_failing_create_ends_in_error_with_a_reason(fake_clock, store):
    quick = store.create('a', 'T', fail=True)
    assert quick['status'] == 'ERROR'
    assert 'Create failed' in quick['status_reason']
    slow = store.create('b', 'T', wait_secs=5, fail=True)
    assert slow['status'] == 'BUILDING'
    fake_clock.advance(5)
    assert store.get(slow['id'])['status'] == 'ERROR'


def test_active_stays_active_even_if_the_clock_steps_back(fake_clock, store):
    obj = store.create('web', 'T', wait_secs=10)
    fake_clock.advance(10)
    assert store.get(obj['id'])['status'] == 'ACTIVE'
    fake_clock.advance(-5)
    assert store.get(obj['id'])['status'] == 'ACTIVE'


def test_update_replaces_properties_and_takes_time(fake_clock, store):
    obj = store.create('web', 'T', {'a': 1, 'b': 2})
    updated = store.update(obj['id'], {'a': 3}, wait_secs=10)
    assert updated['status'] == 'BUILDING'
    assert updated['properties'] == {'a': 3}
    assert updated['version'] == 2
    fake_clock.advance(10)
    assert store.get(obj['id'])['status'] == 'ACTIVE'


def test_failing_update_ends_in_error_and_a_later_update_recovers(fake_clock, store):
    obj = store.create('web', 'T')
    failed = store.update(obj['id'], {'a': 1}, fail=True)
    assert failed['status'] == 'ERROR'
    assert 'Update failed' in failed['status_reason']
    fixed = store.update(obj['id'], {'a': 2})
    assert fixed['status'] == 'ACTIVE'
    assert fixed['status_reason'] == ''


def test_update_restarts_an_unfinished_create(fake_clock, store):
    obj = store.create('web', 'T', wait_secs=10)
    fake_clock.advance(8)
    store.update(obj['id'], {'a': 1}, wait_secs=10)
    fake_clock.advance(8)
    assert store.get(obj['id'])['status'] == 'BUILDING'
    fake_clock.advance(2)
    assert store.get(obj['id'])['status'] == 'ACTIVE'


def test_update_of_missing_or_deleting_object_is_refused(fake_clock, store):
    with pytest.raises(CloudNotFound):
        store.update('nope', {})
    obj = store.create('web', 'T')
    store.delete(obj['id'], wait_secs=10)
    with pytest.raises(CloudConflict):
        store.update(obj['id'], {})


def test_delete_waits_then_the_object_is_gone(fake_clock, store):
    obj = store.create('web', 'T')
    deleting = store.delete(obj['id'], wait_secs=20)
    assert deleting['status'] == 'DELETING'
    fake_clock.advance(19)
    assert store.get(obj['id'])['status'] == 'DELETING'
    fake_clock.advance(1)
    with pytest.raises(CloudNotFound):
        store.get(obj['id'])


def test_delete_without_wait_is_immediate(fake_clock, store):
    obj = store.create('web', 'T')
    assert store.delete(obj['id']) is None
    with pytest.raises(CloudNotFound):
        store.get(obj['id'])
    with pytest.raises(CloudNotFound):
        store.delete(obj['id'])


def test_repeated_delete_keeps_the_first_deadline(fake_clock, store):
    obj = store.create('web', 'T')
    store.delete(obj['id'], wait_secs=10)
    fake_clock.advance(5)
    assert store.delete(obj['id'], wait_secs=10)['status'] == 'DELETING'
    fake_clock.advance(5)
    assert store.get_many([obj['id']]) == {obj['id']: None}


def test_immediate_delete_overrides_a_slow_one(fake_clock, store):
    obj = store.create('web', 'T')
    store.delete(obj['id'], wait_secs=60)
    assert store.delete(obj['id']) is None
    assert store.list() == []


def test_patch_merges_removes_and_bumps_version_without_touching_status(fake_clock, store):
    obj = store.create('web', 'T', {'a': 1, 'b': 2}, wait_secs=10)
    patched = store.patch(obj['id'], {'a': 5, 'b': None, 'c': 'x'})
    assert patched['properties'] == {'a': 5, 'c': 'x'}
    assert patched['version'] == 2
    assert patched['status'] == 'BUILDING'
    with pytest.raises(CloudNotFound):
        store.patch('nope', {'a': 1})


def test_list_filters_on_metadata_in_creation_order(fake_clock, store):
    a = store.create('a', 'T', metadata={'stack_id': 's1', 'resource_name': 'a'})
    b = store.create('b', 'T', metadata={'stack_id': 's1', 'resource_name': 'b'})
    c = store.create('c', 'T', metadata={'stack_id': 's2', 'resource_name': 'a'})
    names = lambda objs: [o['name'] for o in objs]  # noqa: E731
    assert names(store.list()) == ['a', 'b', 'c']
    assert names(store.list(stack_id='s1')) == ['a', 'b']
    assert names(store.list(resource_name='a')) == ['a', 'c']
    assert store.list(stack_id='s2', resource_name='a') == [store.get(c['id'])]
    assert store.list(stack_id='none') == []
    store.delete(b['id'], wait_secs=5)
    assert [o['status'] for o in store.list(stack_id='s1')] == ['ACTIVE', 'DELETING']
    assert a['id'] in {o['id'] for o in store.list()}


def test_get_many_answers_every_id_asked(fake_clock, store):
    ids = [store.create(f'r{i}', 'T', wait_secs=i)['id'] for i in range(3)]
    fake_clock.advance(1)
    found = store.get_many(ids + ['missing', ids[0]])
    assert set(found) == set(ids) | {'missing'}
    assert found['missing'] is None
    assert [found[i]['status'] for i in ids] == ['ACTIVE', 'ACTIVE', 'BUILDING']


def test_get_many_handles_more_ids_than_sqlite_binds(fake_clock, store):
    real = store.create('r', 'T')['id']
    found = store.get_many([f'x{i}' for i in range(1200)] + [real])
    assert len(found) == 1201
    assert found[real]['name'] == 'r'


def test_file_store_survives_reopening(fake_clock, tmp_path):
    path = str(tmp_path / 'cloud.sqlite')
    store = CloudStore(path)
    obj = store.create('web', 'T', {'a': 1}, META, wait_secs=30)
    store.patch(obj['id'], {'b': 2})
    store.close()

    fake_clock.advance(30)
    reopened = CloudStore(path)
    seen = reopened.get(obj['id'])
    assert seen['status'] == 'ACTIVE'
    assert seen['properties'] == {'a': 1, 'b': 2}
    assert seen['version'] == 2
    assert reopened.list(stack_id='stack-1') == [seen]
    reopened.close()


def test_what_a_killed_process_answered_is_in_the_file(tmp_path):
    # The store does not fsync its commits (only a crash of the machine
    # could lose them); a process killed outright loses nothing it answered.
    path = str(tmp_path / 'cloud.sqlite')
    script = ('import os, signal\n'
              'from heat_conv.cloud.store import CloudStore\n'
              f'store = CloudStore({path!r})\n'
              'obj = store.create("web", "T", {"a": 1}, wait_secs=30)\n'
              'store.patch(obj["id"], {"b": 2})\n'
              'print(obj["id"], flush=True)\n'
              'os.kill(os.getpid(), signal.SIGKILL)\n')
    run = subprocess.run([sys.executable, '-c', script], capture_output=True, text=True)
    assert run.returncode == -9
    reopened = CloudStore(path)
    seen = reopened.get(run.stdout.strip())
    assert (seen['status'], seen['properties']) == ('BUILDING', {'a': 1, 'b': 2})
    reopened.close()


@pytest.mark.parametrize('kwargs, message', [
    ({'name': ''}, 'name'),
    ({'type': None}, 'type'),
    ({'properties': ['a']}, 'properties'),
    ({'metadata': 'x'}, 'metadata'),
    ({'properties': {'a': object()}}, 'JSON'),
    ({'wait_secs': -1}, 'wait_secs'),
    ({'wait_secs': 'soon'}, 'wait_secs'),
    ({'fail': 'yes'}, 'fail'),
])
def test_malformed_arguments_are_bad_requests(fake_clock, store, kwargs, message):
    args = dict({'name': 'web', 'type': 'T'}, **kwargs)
    with pytest.raises(CloudBadRequest, match=message):
        store.create(**args)
    assert store.list() == []


def test_concurrent_callers_all_succeed(fake_clock, store):
    def create_some(n):
        for i in range(20):
            store.create(f'{n}-{i}', 'T', metadata={'stack_id': str(n)})

    threads = [threading.Thread(target=create_some, args=(n,)) for n in range(5)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(store.list()) == 100
    assert len(store.list(stack_id='3')) == 20


def test_two_stores_on_one_file_share_reality(fake_clock, tmp_path):
    # As two processes of the embedded default do.
    path = str(tmp_path / 'cloud.sqlite')
    engine_side, user_side = CloudStore(path), CloudStore(path)
    obj = engine_side.create('web', 'T', {'a': 1}, META, wait_secs=5)
    user_side.patch(obj['id'], {'a': 2})
    fake_clock.advance(5)
    seen = engine_side.get(obj['id'])
    assert (seen['status'], seen['properties'], seen['version']) == ('ACTIVE', {'a': 2}, 2)
    user_side.delete(obj['id'])
    assert engine_side.get_many([obj['id']]) == {obj['id']: None}
    engine_side.close()
    user_side.close()
