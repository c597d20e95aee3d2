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
