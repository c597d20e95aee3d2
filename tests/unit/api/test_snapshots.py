"""Stack snapshots through the REST API, answered as Heat answers them."""
from heat_conv.common import config
from heat_conv.db import api as db_api

from .helpers import assert_fault


def _settled(stack_id):
    db_api.stack_update(stack_id, {'status': 'COMPLETE'})


def test_create_list_show_delete(api, stack):
    _settled(stack[1])
    resp = api.post(stack[2] + '/snapshots', {'name': 'snap1'})
    assert resp.status_int == 200
    snap = resp.json
    assert set(snap) == {'id', 'name', 'action', 'status', 'status_reason', 'data',
                         'creation_time'}
    assert (snap['name'], snap['action'], snap['status']) == ('snap1', 'CREATE',
                                                              'COMPLETE')
    assert snap['data']['id'] == stack[1]
    listed = api.get(stack[2] + '/snapshots').json['snapshots']
    assert [s['id'] for s in listed] == [snap['id']]
    shown = api.get(f"{stack[2]}/snapshots/{snap['id']}").json['snapshot']
    assert shown == snap
    row = db_api.stack_get(stack[1])
    assert (row.action, row.status) == ('SNAPSHOT', 'COMPLETE')
    assert api.delete(f"{stack[2]}/snapshots/{snap['id']}").status_int == 204
    assert api.get(stack[2] + '/snapshots').json['snapshots'] == []
    assert_fault(api.get(f"{stack[2]}/snapshots/{snap['id']}"), 404)


def test_snapshot_while_in_progress_is_409(api, stack):
    assert_fault(api.post(stack[2] + '/snapshots', {}), 409, 'ActionInProgress')


def test_restore_starts_a_restore_traversal(api, stack, casts):
    _settled(stack[1])
    snap = api.post(stack[2] + '/snapshots', {}).json
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
        assert_fault(api.post(stack[2] + '/snapshots', {}), 400,
                     contains='maximum snapshots per stack, 1')
    finally:
        config.CONF.clear_override('max_snapshots_per_stack')
