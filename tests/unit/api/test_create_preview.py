"""``POST /stacks/preview`` shows what Heat's shows (issue 26 item 10):
every field of each resource, children nested as lists, Heat's message
for a property reading an undeclared parameter."""
from .helpers import assert_fault

TEMPLATE = '''
heat_template_version: 2015-04-30
parameters:
  incoming: {type: string}
resources:
  one:
    type: OS::Heat::TestResource
    properties: {value: fred}
  two:
    type: OS::Heat::TestResource
    properties: {value: {get_param: incoming}}
    depends_on: one
'''
ENV = {'parameters': {'incoming': 'abc'}}

MAIN = '''
heat_template_version: 2015-04-30
resources:
  first: {type: OS::Heat::RandomString}
  main:
    type: nested.yaml
    properties: {value: {get_resource: first}}
'''
NESTED = '''
heat_template_version: 2015-04-30
parameters:
  value: {type: string}
resources:
  nested:
    type: OS::Heat::TestResource
    properties: {value: {get_param: value}}
'''


def _preview(api, **body):
    resp = api.post('/stacks/preview', dict({'stack_name': 'p'}, **body))
    assert resp.status_int == 200, resp.body
    return resp.json['stack']['resources']


def test_each_resource_has_heats_fields(api):
    one, two = _preview(api, template=TEMPLATE, environment=ENV)
    for res in (one, two):
        assert res['creation_time'] is None and res['updated_time'] is None
        assert res['stack_identity'] == {'stack_name': 'p', 'stack_id': 'None',
                                         'tenant': api.tenant, 'path': ''}
        assert res['resource_identity']['path'] == f'/resources/{res["resource_name"]}'
        assert res['attributes'] == {'output': None}
        # The properties the create would give it, defaults included.
        assert (res['properties']['fail'], res['properties']['wait_secs'],
                res['properties']['update_replace']) == (False, 0, False)
        assert (res['resource_status_reason'], res['physical_resource_id'],
                res['description']) == ('', '', '')
    assert (one['properties']['value'], one['required_by']) == ('fred', ['two'])
    assert (two['properties']['value'], two['required_by']) == ('abc', [])


def test_a_nested_stack_previews_as_a_list_of_its_resources(api):
    first, children = _preview(api, template=MAIN, files={'nested.yaml': NESTED})
    assert first['resource_name'] == 'first'
    assert [c['resource_name'] for c in children] == ['nested']
    nested = children[0]
    assert (nested['stack_name'], nested['parent_resource']) == ('p-main', 'main')
    # get_resource of a resource not built yet: its name, as in Heat.
    assert nested['properties']['value'] == 'first'


def test_an_undefined_parameter_fails_with_heats_message(api):
    broken = TEMPLATE.replace('get_param: incoming', 'get_param: missing')
    assert_fault(api.post('/stacks/preview', {'stack_name': 'p', 'template': broken,
                                              'environment': ENV}), 400,
                 contains='Property error: : resources.two.properties.value: : The '
                          'Parameter (missing) was not provided.')


OUTPUTS = TEMPLATE + '''
outputs:
  given: {value: {get_param: incoming}}
  built: {description: Not built in a preview, value: {get_attr: [one, output]}}
  joined: {value: {list_join: ['-', [{get_param: incoming}, {get_attr: [one, output]}]]}}
'''


def test_the_stack_has_heats_fields(api):
    """Horizon's Preview Stack page prints every field of the stack: Heat's
    (checked against Heat 27), with what a stack not yet made has."""
    resp = api.post('/stacks/preview', {'stack_name': 'p', 'template': OUTPUTS,
                                        'environment': ENV})
    stack = resp.json['stack']
    assert stack['id'] == 'None'
    assert stack['links'] == [{'href': f'http://localhost/v1/{api.tenant}/stacks/p/None',
                               'rel': 'self'}]
    assert stack['creation_time'].endswith('Z') and 'T' in stack['creation_time']
    assert (stack['updated_time'], stack['deletion_time'],
            stack['stack_user_project_id']) == (None, None, None)
    assert stack['tags'] == []
    # Outputs as the stack would have them before anything is built: its
    # parameters resolved, every attribute null.
    assert stack['outputs'] == [
        {'output_key': 'given', 'description': 'No description given', 'output_value': 'abc'},
        {'output_key': 'built', 'description': 'Not built in a preview', 'output_value': None},
        {'output_key': 'joined', 'description': 'No description given',
         'output_value': 'abc-'},
    ]


def test_the_stack_has_the_tags_asked_for(api):
    resp = api.post('/stacks/preview', {'stack_name': 'p', 'template': TEMPLATE,
                                        'environment': ENV, 'tags': 'web,db'})
    assert resp.json['stack']['tags'] == ['web', 'db']


def test_an_output_of_a_hidden_parameter_is_masked(api):
    template = '''
heat_template_version: 2015-04-30
parameters:
  secret: {type: string, hidden: true}
resources:
  one: {type: OS::Heat::TestResource}
outputs:
  leaked: {value: {get_param: secret}}
'''
    resp = api.post('/stacks/preview', {'stack_name': 'p', 'template': template,
                                        'parameters': {'secret': 'hunter22'}})
    assert resp.json['stack']['outputs'][0]['output_value'] == '******'
    assert 'hunter22' not in resp.text
