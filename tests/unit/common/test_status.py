"""The status words are the strings Heat's API and the database use."""
import json

from heat_conv.common.status import Action
from heat_conv.common.status import Drift
from heat_conv.common.status import Status
from heat_conv.db import api as db_api


def test_each_word_is_its_own_string():
    for enum in (Action, Status, Drift):
        for member in enum:
            assert member == member.name and str(member) == member.name


def test_joined_status_and_json_are_unchanged():
    assert f'{Action.CREATE}_{Status.COMPLETE}' == 'CREATE_COMPLETE'
    assert json.dumps({'status': Status.FAILED}) == '{"status": "FAILED"}'


def test_stored_and_read_back_as_plain_strings(db):
    stack = db_api.stack_create({'name': 's', 'tenant': 't', 'action': Action.CREATE,
                                 'status': Status.IN_PROGRESS})
    row = db_api.stack_get(stack.id)
    assert (type(row.action), row.action, row.status) == (str, 'CREATE', 'IN_PROGRESS')
