"""Listing stacks: Heat's filters, sorting, paging, tags, tenants."""


from heat_conv.common import timeutils
from heat_conv.db import api as db_api

from . import helpers
from .helpers import TEMPLATE
from .helpers import assert_fault

# --- list ------------------------------------------------------------------


def _names(resp):
    assert resp.status_int == 200, resp.body
    return [s['stack_name'] for s in resp.json['stacks']]


def test_list_shows_summaries_of_the_tenant_only(api, make_stack):
    _, stack_id, _ = make_stack('one')
    api.as_tenant('t2').post('/stacks', {'stack_name': 'theirs', 'template': TEMPLATE})
    resp = api.get('/stacks')
    (stack,) = resp.json['stacks']
    assert stack['id'] == stack_id
    assert stack['stack_status'] == 'CREATE_IN_PROGRESS'
    assert stack['description'] == 'Two test resources'
    assert stack['updated_time'] is None and stack['deletion_time'] is None
    assert stack['creation_time'].endswith('Z')
    assert 'project' not in stack and 'parameters' not in stack
    assert _names(api.get('/stacks/detail')) == ['one']


def test_list_filters(api, make_stack):
    make_stack('one')
    _, two, _ = make_stack('two')
    helpers.build(two)
    assert _names(api.get('/stacks?name=one')) == ['one']
    assert sorted(_names(api.get('/stacks?name=one&name=two'))) == ['one', 'two']
    assert _names(api.get('/stacks?status=COMPLETE')) == ['two']
    assert _names(api.get('/stacks?status=CREATE_COMPLETE')) == ['two']
    assert _names(api.get('/stacks?status=CREATE_IN_PROGRESS')) == ['one']
    assert _names(api.get(f'/stacks?id={two}')) == ['two']
    assert _names(api.get('/stacks?action=DELETE')) == []


def test_list_sorts_and_pages(api, make_stack):
    for name in ('b', 'a', 'c'):
        make_stack(name)
    assert _names(api.get('/stacks?sort_keys=stack_name&sort_dir=asc')) == ['a', 'b', 'c']
    first = api.get('/stacks?sort_keys=stack_name&sort_dir=asc&limit=2').json['stacks']
    assert [s['stack_name'] for s in first] == ['a', 'b']
    rest = api.get(f'/stacks?sort_keys=stack_name&sort_dir=asc&marker={first[-1]["id"]}')
    assert _names(rest) == ['c']


def test_list_rejects_bad_sort_key_and_marker(api, stack):
    assert_fault(api.get('/stacks?sort_keys=color'), 400, contains='sort key')
    assert_fault(api.get('/stacks?marker=nope'), 400, contains='marker')


def test_list_tags(api, make_stack):
    make_stack('ab', tags='a,b')
    make_stack('b', tags=['b'])
    make_stack('none')
    assert _names(api.get('/stacks?tags=a,b')) == ['ab']
    assert sorted(_names(api.get('/stacks?tags_any=a,b'))) == ['ab', 'b']
    assert _names(api.get('/stacks?not_tags_any=a&tags=b')) == ['b']
    assert sorted(_names(api.get('/stacks?not_tags=a,b'))) == ['b', 'none']


def test_list_deleted_only_when_asked(api, make_stack):
    _, stack_id, _ = make_stack('gone')
    db_api.stack_update(stack_id, {'action': 'DELETE', 'status': 'COMPLETE',
                                   'deleted_at': timeutils.utcnow()})
    assert _names(api.get('/stacks')) == []
    resp = api.get('/stacks?show_deleted=True')
    assert _names(resp) == ['gone']
    assert resp.json['stacks'][0]['deletion_time'] is not None


def test_list_with_count(api, make_stack):
    make_stack('a')
    make_stack('b')
    resp = api.get('/stacks?limit=1&with_count=true')
    assert len(resp.json['stacks']) == 1 and resp.json['count'] == 2


def test_global_list_is_for_admins(api, make_stack):
    make_stack('mine')
    api.as_tenant('t2').post('/stacks', {'stack_name': 'theirs', 'template': TEMPLATE})
    resp = api.get('/stacks?global_tenant=True')
    assert sorted(_names(resp)) == ['mine', 'theirs']
    assert {s['project'] for s in resp.json['stacks']} == {'t1', 't2'}
    resp = api.get('/stacks?global_tenant=True', headers={'X-Auth-User': 'bob'})
    assert_fault(resp, 403, 'Forbidden')
