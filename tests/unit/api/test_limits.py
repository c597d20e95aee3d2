"""Heat's limits: each exceeded one is a 400 (413 for a body) naming the
option and its value."""
import io

import pytest
import webob

from heat_conv.api import app as app_module
from heat_conv.common import config
from heat_conv.common import exception
from heat_conv.common import limits
from heat_conv.db import api as db_api
from tests.scenarios import local_driver

from .conftest import Client
from .helpers import TEMPLATE
from .helpers import assert_fault


@pytest.fixture
def override():
    names = []

    def set_option(name, value):
        config.CONF.set_override(name, value)
        names.append(name)
    yield set_option
    for name in names:
        config.CONF.clear_override(name)


def _many(count):
    return {'heat_template_version': '2018-08-31',
            'resources': {f'r{i}': {'type': 'OS::Heat::None'} for i in range(count)}}


def test_too_many_resources_is_refused_everywhere(api, stack):
    body = {'stack_name': 'huge', 'template': _many(1001)}
    for method, path in (('POST', '/stacks'), ('POST', '/stacks/preview'),
                         ('POST', '/validate'), ('PUT', stack[2])):
        assert_fault(api.request(method, path, body), 400, 'RequestLimitExceeded',
                     'The stack would have 1001 resources, which exceeds '
                     'max_resources_per_stack (1000)')
    assert api.post('/stacks', dict(body, template=_many(1000))).status_int == 201


def test_resource_count_is_a_function_nested_stacks_can_extend():
    assert limits.resource_count(['a', 'b', 'c']) == 3
    with pytest.raises(exception.RequestLimitExceeded, match='max_nested_stack_depth'):
        limits.check_nested_depth(config.CONF.max_nested_stack_depth + 1)
    limits.check_nested_depth(config.CONF.max_nested_stack_depth)


def test_stacks_per_tenant(api, make_stack, override):
    override('max_stacks_per_tenant', 2)
    make_stack('one')
    _, _, path = make_stack('two')
    resp = api.post('/stacks', {'stack_name': 'three', 'template': TEMPLATE})
    assert_fault(resp, 400, 'RequestLimitExceeded', 'max_stacks_per_tenant (2)')
    # Another project has its own allowance.
    assert api.as_tenant('t9').post(
        '/stacks', {'stack_name': 'three', 'template': TEMPLATE}).status_int == 201
    # A deleted stack no longer counts.
    stack_id = path.rsplit('/', 1)[1]
    db_api.stack_update(stack_id, {'deleted_at': db_api.stack_get(stack_id).created_at,
                                   'live_name': None})
    assert api.post('/stacks', {'stack_name': 'three', 'template': TEMPLATE}) \
        .status_int == 201


def test_json_body_over_the_limit_is_413(app, override):
    override('max_json_body_size', 1000)
    body = b'{"stack_name": "x", "template": "' + b'a' * 1000 + b'"}'
    req = webob.Request.blank('/v1/t1/stacks', method='POST', body=body,
                              content_type='application/json')
    assert_fault(req.get_response(app), 413, 'RequestTooLarge',
                 'exceeds max_json_body_size (1000)')
    # Without a declared length (chunked), it is read no further than that.
    req = webob.Request.blank('/v1/t1/stacks', method='POST',
                              content_type='application/json')
    req.body_file = io.BytesIO(body)
    req.content_length = None
    req.environ['HTTP_TRANSFER_ENCODING'] = 'chunked'
    assert_fault(req.get_response(app), 413, 'RequestTooLarge', 'max_json_body_size')


def test_oldest_events_are_purged_past_the_limit(db, fake_clock, override):
    override('max_events_per_stack', 5)
    driver = local_driver.LocalDriver(fake_clock)
    try:
        api = Client(app_module.make_app(), tenant=driver.ctx.project_id)
        resp = api.post('/stacks', {'stack_name': 'chatty', 'template': _many(6)})
        driver.stack_id = resp.json['stack']['id']
        driver.run_until(lambda: driver.stack_status() == 'CREATE_COMPLETE', 'complete')
        events = api.get(f'/stacks/chatty/{driver.stack_id}/events').json['events']
        assert len(events) == 5
        assert (events[-1]['resource_name'], events[-1]['resource_status']) == \
            ('chatty', 'CREATE_COMPLETE')
    finally:
        driver.close()


def test_a_group_counts_its_members(api):
    def group(count):
        return {'heat_template_version': '2018-08-31',
                'parameters': {'n': {'type': 'number'}},
                'resources': {'g': {'type': 'OS::Heat::ResourceGroup', 'properties': {
                    'count': {'get_param': 'n'},
                    'resource_def': {'type': 'OS::Heat::None'}}}}}
    huge = {'stack_name': 'members', 'template': group(0), 'parameters': {'n': 100000}}
    assert_fault(api.post('/stacks', huge), 400, 'RequestLimitExceeded',
                 'The stack would have 100001 resources, which exceeds '
                 'max_resources_per_stack (1000)')
    fits = dict(huge, parameters={'n': 999})
    assert api.post('/stacks', fits).status_int == 201
