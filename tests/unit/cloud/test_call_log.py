"""The cloud's own log of the changes engines ask of it ([cloud] log_calls):
what fault tests count duplicate and stale actions by."""
from heat_conv.common import acting_for
from heat_conv.engine.core import resource_action


def _logging(store):
    store.log_calls = True
    return store


def test_every_change_asked_over_http_is_logged_with_who_asked(store, http):
    _logging(store)
    with acting_for.acting_for(7, 3, 'trav-1', 'CREATE'):
        obj = http.create('web', 'OS::Heat::TestResource', {'value': 'a'}, wait_secs=0)
    with acting_for.acting_for(7, 5, 'trav-2', 'UPDATE'):
        http.update(obj['id'], {'value': 'b'})
    with acting_for.acting_for(7, 7, 'trav-3', 'DELETE'):
        http.delete(obj['id'], wait_secs=5)
        http.delete(obj['id'], wait_secs=5)   # delivered twice: no second action
    calls = http.list_calls()
    assert [(c['call'], c['acted'], c['object_version']) for c in calls] == [
        ('create', True, 1), ('update', True, 2), ('delete', True, 2),
        ('delete', False, 2)]
    assert calls[1]['properties'] == {'value': 'b'}
    assert [c['caller']['version'] for c in calls] == [3, 5, 7, 7]
    assert {c['caller']['resource_id'] for c in calls} == {7}
    assert calls[0]['caller']['traversal_id'] == 'trav-1'
    assert calls[0]['caller']['action'] == 'CREATE'
    assert {c['caller']['client'] for c in calls} == {'127.0.0.1'}
    # Paging: only what came after a sequence number.
    assert [c['seq'] for c in http.list_calls(after=calls[1]['seq'])] == \
        [c['seq'] for c in calls[2:]]


def test_reads_and_out_of_band_edits_are_not_logged(store, http):
    _logging(store)
    obj = http.create('web', 'OS::Heat::TestResource', {'value': 'a'})
    http.get(obj['id'])
    http.list()
    http.patch(obj['id'], {'value': 'drifted'})
    http.get_many([obj['id']])
    (create,) = http.list_calls()
    # No engine said what it acts for: the client's address alone.
    assert create['call'] == 'create'
    assert create['caller'] == {'client': '127.0.0.1'}


def test_nothing_is_logged_unless_asked(store, http):
    http.create('web', 'OS::Heat::TestResource', {'value': 'a'})
    assert http.list_calls() == []


def test_a_bad_after_is_400(server):
    import requests
    resp = requests.get(server.url + '/v1/calls?after=x')
    assert resp.status_code == 400
    assert 'after' in resp.json()['error']['message']


def test_the_engine_says_which_row_and_lock_version_its_action_is_for(store, http):
    """resource_action.start wraps the plugin's calls in acting_for."""
    _logging(store)

    class Row:
        id, atomic_key, traversal_id = 42, 9, 'trav-x'
        deletion_policy = 'Delete'

    class Plugin:
        stack_backed = False

        def update(self, old_properties):
            seen.append(acting_for.current())
            return http.create('web', 'OS::Heat::TestResource', {})

    seen = []
    resource_action.start(Row(), 'UPDATE', Plugin(), {})
    from heat_conv.engine.core import identity
    assert seen == [acting_for.ActingFor(42, 9, 'trav-x', 'UPDATE', identity.engine_id())]
    assert acting_for.current() is None
    (call,) = http.list_calls()
    assert {k: call['caller'][k] for k in ('resource_id', 'version', 'traversal_id',
                                            'action', 'engine_id')} == \
        {'resource_id': 42, 'version': 9, 'traversal_id': 'trav-x', 'action': 'UPDATE',
         'engine_id': identity.engine_id()}


def test_header_values_parse_back():
    value = acting_for.ActingFor(1, 2, None, 'DELETE').header_value()
    assert acting_for.parse(value) == {'resource_id': 1, 'version': 2,
                                       'traversal_id': None, 'action': 'DELETE',
                                       'engine_id': None}
    assert acting_for.parse(None) == {}
    assert acting_for.parse('garbage; =x; k=') == {'k': None}
