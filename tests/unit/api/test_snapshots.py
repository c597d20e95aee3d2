"""Stack snapshots through the REST API, answered as Heat answers them."""
from heat_conv.common import config
from heat_conv.db import api as db_api
from heat_conv.engine.lifecycle import snapshot_record

from .helpers import assert_fault


def _settled(stack_id):
    db_api.stack_update(stack_id, {'status': 'COMPLETE'})


def _finished(stack_id, snapshot_id):
    """What the snapshot's traversal does when it ends."""
    snapshot_record.finish(stack_id, snapshot_id, 'COMPLETE', 'done')
    _settled(stack_id)


def test_create_list_show_delete(api, stack, casts):
    _settled(stack[1])
    resp = api.post(stack[2] + '/snapshots', {'name': 'snap1'})
    assert resp.status_int == 200
    snap = resp.json
    assert set(snap) == {'id', 'name', 'action', 'status', 'status_reason', 'data',
                         'creation_time'}
    # A traversal, as in Heat: in progress, its id the snapshot's.
    assert (snap['name'], snap['action'], snap['status']) == ('snap1', 'CREATE',
                                                              'IN_PROGRESS')
    assert snap['data']['id'] == stack[1]
    row = db_api.stack_get(stack[1])
    assert (row.action, row.status, row.current_traversal) == ('SNAPSHOT', 'IN_PROGRESS',
                                                               snap['id'])
    assert casts.methods()[-1] == 'converge'
    assert_fault(api.delete(f"{stack[2]}/snapshots/{snap['id']}"), 400, 'NotSupported',
                 contains='Deleting in-progress snapshot is not supported.')
    _finished(stack[1], snap['id'])
    listed = api.get(stack[2] + '/snapshots').json['snapshots']
    assert [(s['id'], s['status']) for s in listed] == [(snap['id'], 'COMPLETE')]
    shown = api.get(f"{stack[2]}/snapshots/{snap['id']}").json['snapshot']
    assert shown['data']['resources'] == {}, 'the stack has no rows yet'
    assert api.delete(f"{stack[2]}/snapshots/{snap['id']}").status_int == 204
    assert api.get(stack[2] + '/snapshots').json['snapshots'] == []
    assert_fault(api.get(f"{stack[2]}/snapshots/{snap['id']}"), 404)


def test_snapshot_while_in_progress_is_409(api, stack):
    assert_fault(api.post(stack[2] + '/snapshots', {}), 409, 'ActionInProgress')


def test_restore_starts_a_restore_traversal(api, stack, casts):
    _settled(stack[1])
    snap = api.post(stack[2] + '/snapshots', {}).json
    assert_fault(api.post(f"{stack[2]}/snapshots/{snap['id']}/restore", {}), 400,
                 'NotSupported', contains='Restoring incomplete snapshot is not supported.')
    _finished(stack[1], snap['id'])
    resp = api.post(f"{stack[2]}/snapshots/{snap['id']}/restore", {})
    assert resp.status_int == 202
    row = db_api.stack_get(stack[1])
    assert (row.action, row.status, row.observe_reality) == ('RESTORE', 'IN_PROGRESS',
                                                             True)
    assert casts.methods()[-1] == 'converge'


def test_restore_of_an_unknown_snapshot_is_404(api, stack):
    assert_fault(api.post(f'{stack[2]}/snapshots/nope/restore', {}), 404)


def test_the_snapshot_limit_is_heats(api, stack):
    _settled(stack[1])
    config.CONF.set_override('max_snapshots_per_stack', 1)
    try:
        assert api.post(stack[2] + '/snapshots', {}).status_int == 200
        _settled(stack[1])
        assert_fault(api.post(stack[2] + '/snapshots', {}), 400,
                     contains='maximum snapshots per stack, 1')
    finally:
        config.CONF.clear_override('max_snapshots_per_stack')
