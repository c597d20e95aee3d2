"""Abandon, export and adopt through the REST API."""
import json

import pytest

from heat_conv.common import config
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


@pytest.fixture
def heats_defaults():
    """enable_stack_abandon and enable_stack_adopt as Heat ships them: off."""
    for name in ('enable_stack_abandon', 'enable_stack_adopt'):
        config.CONF.clear_override(name)
    yield
    for name in ('enable_stack_abandon', 'enable_stack_adopt'):
        config.CONF.set_override(name, True)


def test_abandon_and_export_are_off_by_default_as_in_heat(api, stack, heats_defaults):
    _settled(stack[1])
    for resp in (api.delete(stack[2] + '/abandon'), api.get(stack[2] + '/export')):
        assert_fault(resp, 400, 'NotSupported', contains='Stack Abandon is not supported.')
    assert api.get(stack[2]).status_int == 200, 'nothing was abandoned'


def test_adopt_is_off_by_default_as_in_heat(api, stack, heats_defaults):
    _settled(stack[1])
    config.CONF.set_override('enable_stack_abandon', True)
    doc = api.delete(stack[2] + '/abandon').json
    resp = api.post('/stacks', {'stack_name': 'again', 'adopt_stack_data': json.dumps(doc)})
    assert_fault(resp, 400, 'NotSupported', contains='Stack Adopt is not supported.')
    assert_fault(api.get('/stacks/again'), 404)
