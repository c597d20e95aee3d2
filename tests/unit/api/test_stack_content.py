"""A stack's template, environment, files and outputs."""
from heat_conv.db import api as db_api

from . import helpers
from .helpers import TEMPLATE
from .helpers import assert_fault


def test_template_is_returned_as_stored(api, stack):
    assert api.get(stack[2] + '/template').json == TEMPLATE


def test_environment_shows_every_section_and_the_parameters(api, make_stack):
    _, _, path = make_stack(environment={'parameter_defaults': {'value': 'd'}},
                            parameters={'secret': 'p'})
    env = api.get(path + '/environment').json
    # secret is a hidden parameter: its value is masked, as Heat does.
    assert env == {'parameters': {'secret': '******'}, 'parameter_defaults': {'value': 'd'},
                   'resource_registry': {'resources': {}}, 'event_sinks': [],
                   'encrypted_param_names': []}


def test_files(api, make_stack):
    _, _, path = make_stack(files={'a.txt': 'A'})
    assert api.get(path + '/files').json == {'a.txt': 'A'}


def test_content_of_a_stack_deleted_before_it_completed(api, stack):
    db_api.stack_update(stack[1], {'raw_template_id': None, 'action': 'DELETE'})
    assert_fault(api.get(stack[2] + '/template'), 404, contains='has no template')
    assert api.get(stack[2] + '/files').json == {}
    assert api.get(stack[2] + '/environment').json['parameters'] == {}
    assert api.get(stack[2] + '/outputs').json == {'outputs': []}


def test_content_of_unknown_or_foreign_stack_is_404(api, stack):
    for sub in ('template', 'environment', 'files', 'outputs', 'outputs/result'):
        assert_fault(api.as_tenant('t2').get(f'{stack[2]}/{sub}'), 404, 'StackNotFound')


def test_outputs_list(api, stack):
    assert api.get(stack[2] + '/outputs').json == {'outputs': [
        {'output_key': 'result', 'description': 'What second got'},
        {'output_key': 'first_id', 'description': 'No description given'}]}


def test_output_show(api, stack):
    helpers.build(stack[1], value='v')
    assert api.get(stack[2] + '/outputs/result').json == {'output': {
        'output_key': 'result', 'output_value': 'v', 'description': 'What second got'}}


def test_output_show_unknown_key_is_404(api, stack):
    assert_fault(api.get(stack[2] + '/outputs/nope'), 404, 'OutputNotFound', 'nope')


def test_output_error_is_reported(api, make_stack):
    template = dict(TEMPLATE, outputs={'bad': {'value': {'list_join': [
        ',', {'get_attr': ['first', 'output']}]}}})
    _, stack_id, path = make_stack(template=template)
    helpers.build(stack_id, value='not a list')
    output = api.get(path + '/outputs/bad').json['output']
    assert output['output_value'] is None
    assert output['output_error'].startswith('outputs.bad.value')
