"""Abandon, export and adopt through the REST API."""
import json

from heat_conv.db import api as db_api

from .helpers import assert_fault


def _settled(stack_id):
    db_api.stack_update(stack_id, {'status': 'COMPLETE'})


def test_export_answers_heats_document_and_keeps_the_stack(api, stack):
    _settled(stack[1])
    resp = api.get(stack[2] + '/export')
    assert resp.status_int == 200
    doc = resp.json
    assert set(doc) == {'name', 'id', 'action', 'status', 'environment', 'files',
                        'template', 'resources', 'project_id', 'stack_user_project_id',
                        'tags'}
    assert (doc['name'], doc['id'], doc['action']) == (stack[0], stack[1], 'CREATE')
    assert api.get(stack[2]).status_int == 200


def test_abandon_answers_the_document_and_removes_the_stack(api, stack):
    _settled(stack[1])
    resp = api.delete(stack[2] + '/abandon')
    assert resp.status_int == 200
    assert resp.json['id'] == stack[1]
    assert_fault(api.get(f'/stacks/{stack[0]}'), 404)


def test_abandon_while_in_progress_is_409(api, stack):
    assert_fault(api.delete(stack[2] + '/abandon'), 409, 'ActionInProgress')


def test_adopt_creates_an_adopting_stack_from_the_document(api, stack, casts):
    _settled(stack[1])
    doc = api.delete(stack[2] + '/abandon').json
    resp = api.post('/stacks', {'stack_name': 'again', 'adopt_stack_data': json.dumps(doc)})
    assert resp.status_int == 201
    adopted = db_api.stack_get(resp.json['stack']['id'])
    assert (adopted.action, adopted.status) == ('ADOPT', 'IN_PROGRESS')
    assert casts.methods()[-1] == 'converge'


def test_adopt_data_without_a_template_is_400(api):
    assert_fault(api.post('/stacks', {'stack_name': 'x', 'adopt_stack_data': '{"a": 1}'}),
                 400, contains="Invalid adopt data: 'template'")


def test_adopt_data_that_is_not_a_document_is_400(api):
    assert_fault(api.post('/stacks', {'stack_name': 'x', 'adopt_stack_data': '[1]'}),
                 400, contains='adopt data')
