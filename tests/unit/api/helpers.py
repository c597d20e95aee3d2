"""Templates, row fixtures and assertions shared by the API tests."""
import json

from heat_conv.db import api as db_api

TENANT = 't1'
OTHER_TENANT = 't2'

TEMPLATE = {
    'heat_template_version': '2018-08-31',
    'description': 'Two test resources',
    'parameters': {
        'value': {'type': 'string', 'default': 'hello'},
        'secret': {'type': 'string', 'default': 's3cret', 'hidden': True},
    },
    'resources': {
        'first': {'type': 'OS::Heat::TestResource',
                  'properties': {'value': {'get_param': 'value'}}},
        'second': {'type': 'OS::Heat::TestResource',
                   'properties': {'value': {'get_attr': ['first', 'output']}}},
    },
    'outputs': {
        'result': {'description': 'What second got',
                   'value': {'get_attr': ['second', 'output']}},
        'first_id': {'value': {'get_resource': 'first'}},
    },
}

INVALID_TEMPLATE = {
    'heat_template_version': '2018-08-31',
    'resources': {'web': {'type': 'OS::Heat::TestResource',
                          'properties': {'value': {'get_attr': ['nowhere', 'x']}}}},
}


def assert_fault(resp, code, error_type=None, contains=''):
    """The response is a Heat JSON fault with ``code``."""
    assert resp.status_int == code, resp.body
    assert resp.content_type == 'application/json'
    body = json.loads(resp.body)
    assert set(body) == {'code', 'title', 'explanation', 'error'}
    assert body['code'] == code
    assert set(body['error']) == {'type', 'message', 'traceback'}
    assert body['error']['traceback'] is None
    if error_type:
        assert body['error']['type'] == error_type
    assert contains in body['error']['message'], body['error']['message']
    return body


def add_row(stack_id, name, type='OS::Heat::TestResource', action='CREATE',
            status='COMPLETE', physical_id=None, properties=None, attributes=None,
            requires=(), **extra):
    """A resource row as a worker would leave it."""
    values = {'stack_id': stack_id, 'name': name, 'type': type, 'action': action,
              'status': status, 'physical_resource_id': physical_id,
              'properties_data': properties, 'attributes_data': attributes,
              'requires': list(requires), 'status_reason': 'state changed'}
    values.update(extra)
    return db_api.resource_create(values)


def build(stack_id, value='hello'):
    """The rows of TEMPLATE's stack after its create completed."""
    first = add_row(stack_id, 'first', physical_id='phys-first',
                    properties=_props(value), attributes={'output': value})
    second = add_row(stack_id, 'second', physical_id='phys-second',
                     properties=_props(value), attributes={'output': value},
                     requires=[first.id])
    db_api.stack_update(stack_id, {'action': 'CREATE', 'status': 'COMPLETE',
                                   'status_reason': 'Stack CREATE completed successfully'})
    stack = db_api.stack_get(stack_id)
    db_api.stack_update(stack_id, {'prev_raw_template_id': stack.raw_template_id})
    return first, second


def _props(value):
    return {'value': value, 'update_replace': False, 'update_replace_value': None,
            'fail': False, 'wait_secs': 0, 'action_wait_secs': None, 'client_name': '',
            'entity_name': '', 'constraint_prop_secs': 0, 'attr_wait_secs': 0}


def add_event(stack_id, resource_name, action, status, reason='state changed',
              resource_type='OS::Heat::TestResource', physical_id=None):
    db_api.events_add([{'stack_id': stack_id, 'resource_name': resource_name,
                        'resource_type': resource_type, 'resource_action': action,
                        'resource_status': status, 'resource_status_reason': reason,
                        'physical_resource_id': physical_id}])
