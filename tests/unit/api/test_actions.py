"""Stack actions: suspend, resume, cancel with and without rollback, check."""
import pytest

from heat_conv.db import api as db_api

from .helpers import assert_fault


def test_cancel_update_rolls_back(api, stack, casts):
    resp = api.post(stack[2] + '/actions', {'cancel_update': None})
    assert resp.status_int == 200
    row = db_api.stack_get(stack[1])
    assert (row.action, row.status) == ('ROLLBACK', 'IN_PROGRESS')
    assert casts.methods() == ['converge', 'converge']


def test_cancel_without_rollback_stops(api, stack, casts):
    resp = api.post(stack[2] + '/actions', {'cancel_without_rollback': None})
    assert resp.status_int == 200
    row = db_api.stack_get(stack[1])
    assert (row.action, row.status) == ('CREATE', 'FAILED')
    assert casts.methods() == ['converge']


def test_cancel_when_nothing_runs_is_400(api, stack):
    db_api.stack_update(stack[1], {'status': 'COMPLETE'})
    assert_fault(api.post(stack[2] + '/actions', {'cancel_update': None}), 400,
                 'ActionNotAllowed', 'CREATE_COMPLETE')


def test_check_starts_a_check_traversal(api, stack, casts):
    db_api.stack_update(stack[1], {'status': 'COMPLETE'})
    resp = api.post(stack[2] + '/actions', {'check': None})
    assert resp.status_int == 200
    row = db_api.stack_get(stack[1])
    assert (row.action, row.status) == ('CHECK', 'IN_PROGRESS')
    assert casts.methods() == ['converge', 'converge']


def test_check_while_in_progress_is_409(api, stack):
    assert_fault(api.post(stack[2] + '/actions', {'check': None}), 409,
                 'ActionInProgress', 'in progress')


@pytest.mark.parametrize('action', ['suspend', 'resume'])
def test_suspend_and_resume_start_traversals(api, stack, casts, action):
    db_api.stack_update(stack[1], {'status': 'COMPLETE'})
    assert api.post(stack[2] + '/actions', {action: None}).status_int == 200
    row = db_api.stack_get(stack[1])
    assert (row.action, row.status) == (action.upper(), 'IN_PROGRESS')
    assert casts.methods() == ['converge', 'converge']


def test_suspending_a_suspended_stack_changes_nothing(api, stack, casts):
    db_api.stack_update(stack[1], {'action': 'SUSPEND', 'status': 'COMPLETE'})
    assert api.post(stack[2] + '/actions', {'suspend': None}).status_int == 200
    assert casts.methods() == ['converge']


def test_suspend_while_in_progress_is_409(api, stack):
    assert_fault(api.post(stack[2] + '/actions', {'suspend': None}), 409,
                 'ActionInProgress', 'in progress')


def test_updating_a_suspended_stack_is_400_as_in_heat(api, stack):
    db_api.stack_update(stack[1], {'action': 'SUSPEND', 'status': 'COMPLETE'})
    assert_fault(api.patch(stack[2], {'parameters': {}}), 400,
                 contains='Updating a stack when it is suspended is not supported')


def test_unknown_action_names_the_valid_ones(api, stack):
    assert_fault(api.post(stack[2] + '/actions', {'hibernate': None}), 400,
                 contains="Invalid action 'hibernate'; valid actions are: suspend, "
                          'resume, cancel_update, cancel_without_rollback, check')


@pytest.mark.parametrize('body, contains', [
    ({}, 'Exactly one action'),
    ({'cancel_update': None, 'check': None}, 'Exactly one action'),
    ({'explode': None}, 'Invalid action'),
])
def test_bad_action_bodies_are_400(api, stack, body, contains):
    assert_fault(api.post(stack[2] + '/actions', body), 400, contains=contains)


def test_malformed_action_body_is_400(api, stack):
    assert_fault(api.post(stack[2] + '/actions', raw=b'cancel'), 400, contains='JSON')


def test_action_on_foreign_stack_is_404(api, stack, casts):
    assert_fault(api.as_tenant('t2').post(stack[2] + '/actions', {'cancel_update': None}),
                 404)
    assert casts.methods() == ['converge']
