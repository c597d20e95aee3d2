"""Polling a stack's status costs the same for any stack size."""
import sqlalchemy as sa

from . import helpers


def _template(count):
    resources = {f'r{i}': {'type': 'OS::Heat::TestResource',
                           'properties': {'value': f'v{i}'}} for i in range(count)}
    return {'heat_template_version': '2018-08-31', 'description': f'{count} resources',
            'resources': resources,
            'outputs': {'first': {'value': {'get_attr': ['r0', 'output']}}}}


def _statements(db, call):
    seen = []

    def record(conn, cursor, statement, *args):
        seen.append(statement)
    sa.event.listen(db, 'before_cursor_execute', record)
    try:
        call()
    finally:
        sa.event.remove(db, 'before_cursor_execute', record)
    return seen


def _build(stack_id, count):
    for i in range(count):
        helpers.add_row(stack_id, f'r{i}', physical_id=f'p{i}',
                        properties={'value': f'v{i}'}, attributes={'output': f'v{i}'})


def test_a_status_poll_of_a_big_stack_costs_what_a_small_ones_does(db, api, make_stack):
    _, small_id, small = make_stack('small', template=_template(3))
    _, big_id, big = make_stack('big', template=_template(400))
    _build(small_id, 3)
    _build(big_id, 400)
    for path in (small, big):
        api.get(path)   # the first show of a stack binds its template once

    polls = {path: _statements(db, lambda p=path: api.get(p)) for path in (small, big)}
    assert len(polls[small]) == len(polls[big])
    for statements in polls.values():
        assert not any('FROM raw_template' in s for s in statements)

    big_body = api.get(big).json['stack']
    assert big_body['description'] == '400 resources'
    assert big_body['outputs'] == [{'output_key': 'first', 'output_value': 'v0',
                                    'description': 'No description given'}]


def test_outputs_follow_the_resources_between_polls(api, stack):
    _, stack_id, path = stack
    assert {o['output_value'] for o in api.get(path).json['stack']['outputs']} == {None}
    helpers.build(stack_id, value='later')
    outputs = {o['output_key']: o['output_value']
               for o in api.get(path).json['stack']['outputs']}
    assert outputs == {'result': 'later', 'first_id': 'phys-first'}


def test_a_status_poll_reads_the_stack_once(db, api, stack):
    _, _, path = stack
    api.get(path)
    statements = _statements(db, lambda: api.get(path + '?resolve_outputs=false'))
    assert [s for s in statements if 'FROM stack' in s and 'BEGIN' not in s] == \
        [statements[-1]]
    assert len([s for s in statements if not s.startswith('BEGIN')]) == 1

