"""The pipeline: versions, healthcheck, routing misses, bad bodies, faults."""
import json

import webob

from heat_conv.api import faults
from heat_conv.common import exception

from .helpers import assert_fault


def test_versions_at_root_and_v1(api):
    for path in ('/', '/v1', '/v1/'):
        resp = api.app and webob.Request.blank(path).get_response(api.app)
        assert resp.status_int == 300
        (version,) = resp.json['versions']
        assert version['id'] == 'v1.0' and version['status'] == 'CURRENT'
        assert version['links'][0]['href'] == 'http://localhost/v1/'


def test_healthcheck(api):
    resp = webob.Request.blank('/healthcheck').get_response(api.app)
    assert resp.status_int == 200


def test_every_answer_has_a_request_id(api):
    resp = api.get('/stacks')
    assert resp.headers['x-openstack-request-id'].startswith('req-')
    assert api.get('/nowhere').headers['x-openstack-request-id'].startswith('req-')


def test_unknown_path_is_404_fault(api):
    assert_fault(api.get('/nowhere'), 404, 'HTTPNotFound', '/v1/t1/nowhere')
    assert_fault(api.get('/v2/t1/stacks'), 404)


def test_wrong_method_is_405_with_allow(api):
    resp = api.delete('/stacks')
    assert_fault(resp, 405, 'HTTPMethodNotAllowed')
    assert set(resp.headers['Allow'].split(', ')) == {'GET', 'HEAD', 'POST'}
    assert_fault(api.post('/template_versions', {}), 405)


def test_malformed_json_is_400(api):
    assert_fault(api.post('/stacks', raw=b'{"stack_name": '), 400, 'Invalid', 'not valid JSON')


def test_non_object_body_is_400(api):
    assert_fault(api.post('/stacks', ['a']), 400, contains='must be a JSON object, not an array')
    assert_fault(api.post('/stacks', 'text'), 400, contains='not a string')
    assert_fault(api.post('/validate', 3), 400, contains='not a number')


def test_empty_body_is_400(api):
    assert_fault(api.post('/stacks', raw=b''), 400, contains='body is empty')


def test_bad_utf8_and_nan_are_400(api):
    assert_fault(api.post('/stacks', raw=b'{"a": "\xff"}'), 400, contains='UTF-8')
    assert_fault(api.post('/stacks', raw=b'{"timeout_mins": NaN}'), 400, contains='NaN')


def test_deeply_nested_body_is_400(api):
    raw = b'[' * 100000 + b']' * 100000
    assert_fault(api.post('/stacks', raw=raw), 400)


def test_too_large_body_is_413_fault(api):
    raw = json.dumps({'stack_name': 'x' * (2 * 1024 * 1024)}).encode()
    assert_fault(api.post('/stacks', raw=raw), 413)


def test_bad_query_parameter_is_400(api):
    assert_fault(api.get('/stacks?limit=ten'), 400, contains='limit')
    assert_fault(api.get('/stacks?limit=-1'), 400)
    assert_fault(api.get('/stacks?sort_dir=sideways'), 400, contains='sort_dir')
    assert_fault(api.get('/stacks?show_deleted=perhaps'), 400, contains='boolean')


def test_head_is_answered(api, stack):
    resp = api.request('HEAD', '/stacks')
    assert resp.status_int == 200


_FORWARDED = {'X-Forwarded-Proto': 'https', 'X-Forwarded-Host': 'heat.example.com:8443',
              'X-Forwarded-Prefix': '/orchestration'}


def test_proxy_headers_are_ignored_by_default(api, stack):
    """Any client could otherwise choose the host of Location and links."""
    name, stack_id, _ = stack
    resp = api.get(f'/stacks/{name}', headers=_FORWARDED)
    assert resp.status_int == 302
    assert resp.location == f'http://localhost/v1/t1/stacks/{name}/{stack_id}'
    links = api.get(f'/stacks/{name}/{stack_id}', headers=_FORWARDED).json['stack']['links']
    assert 'example.com' not in links[0]['href']


def test_proxy_headers_shape_links_when_enabled(db, casts, stack):
    from heat_conv.api import app as app_module
    from heat_conv.common import config

    from .conftest import Client
    config.CONF.set_override('enable_proxy_headers_parsing', True, group='api')
    try:
        api = Client(app_module.make_app())
    finally:
        config.CONF.clear_override('enable_proxy_headers_parsing', group='api')
    name, stack_id, _ = stack
    resp = api.get(f'/stacks/{name}', headers=_FORWARDED)
    assert resp.status_int == 302
    assert resp.location == (f'https://heat.example.com:8443/orchestration/v1/t1/stacks/'
                             f'{name}/{stack_id}')


def test_unexpected_error_is_500_fault_without_details():
    resp = faults.from_exception(KeyError('secret internals'))
    body = assert_fault(resp, 500, 'InternalServerError')
    assert 'secret' not in body['error']['message']


def test_engine_errors_keep_their_code_and_message():
    resp = faults.from_exception(exception.StackExists('s'))
    assert_fault(resp, 409, 'StackExists', 'The Stack (s) already exists.')
    resp = faults.from_exception(exception.InvalidTemplate('bad', path=('a', 'b')))
    assert_fault(resp, 400, 'InvalidTemplate', 'a.b: bad')


def test_fault_wrapper_turns_plain_errors_into_json():
    @webob.dec.wsgify
    def plain(req):
        return webob.exc.HTTPUnauthorized(detail='token expired',
                                          headers={'WWW-Authenticate': 'x'})

    resp = webob.Request.blank('/').get_response(faults.FaultWrapper(plain))
    assert_fault(resp, 401, 'HTTPUnauthorized', 'token expired')
    assert resp.headers['WWW-Authenticate'] == 'x'


def test_fault_wrapper_catches_exceptions():
    def broken(environ, start_response):
        raise RuntimeError('boom')

    resp = webob.Request.blank('/').get_response(faults.FaultWrapper(broken))
    assert_fault(resp, 500)


def test_the_api_answers_under_a_path_prefix(api, stack):
    """devstack's layout: Apache proxies /heat-conv-api to uWSGI, which
    passes the prefix as SCRIPT_NAME; routes, the health check and links
    follow it."""
    name, stack_id, _ = stack
    prefix = {'SCRIPT_NAME': '/heat-conv-api'}
    health = webob.Request.blank('/healthcheck', environ=prefix).get_response(api.app)
    assert health.status_int == 200
    resp = api.get(f'/stacks/{name}/{stack_id}', environ=prefix)
    assert resp.status_int == 200, resp.body
    assert resp.json['stack']['links'][0]['href'] == (
        f'http://localhost/heat-conv-api/v1/{api.tenant}/stacks/{name}/{stack_id}')
