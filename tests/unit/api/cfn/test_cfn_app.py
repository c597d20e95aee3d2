"""The CFN API's routes, signed as a guest signs them, with a stand-in
Keystone that checks EC2 signatures as /v3/ec2tokens does (with the
keypair's secret, which the CFN API never sees)."""
import json
import types
import urllib.parse
import xml.etree.ElementTree as ElementTree

import pytest
import webob
from keystoneclient.contrib.ec2 import utils as ec2_utils

from heat_conv.api.cfn import app as cfn_app
from heat_conv.api.cfn import ec2_auth
from heat_conv.clients import cfn_urls
from heat_conv.clients import ec2_signing
from heat_conv.db import api as db_api

from .. import helpers

HOST = 'cfn.test:8000'
# access key -> (secret, user, project)
KEYPAIRS = {'AK-HANDLE': ('s-handle', 'user-handle', 'stack-project'),
            'AK-OTHER': ('s-other', 'user-other', 'stack-project'),
            'AK-IAM': ('s-iam', 'user-iam', 'stack-project')}


class _Answer:
    def __init__(self, status, body, token=None):
        self.status_code, self._body, self.text = status, body, json.dumps(body)
        self.headers = {'X-Subject-Token': token} if token else {}

    def json(self):
        return self._body


@pytest.fixture
def keystone(monkeypatch, conf):
    conf('auth_uri', 'http://keystone.test/identity', group='ec2authtoken')
    seen = []

    def post(url, json=None, **kwargs):
        seen.append(url)
        creds = json['credentials']
        if creds['access'] not in KEYPAIRS:
            return _Answer(401, {'error': {'message': 'EC2 access key not found.'}})
        secret, user, project = KEYPAIRS[creds['access']]
        expected = ec2_utils.Ec2Signer(secret).generate(
            {k: creds[k] for k in ('host', 'verb', 'path', 'params')})
        if expected != creds['signature']:
            return _Answer(401, {'error': {'message': 'Invalid EC2 signature.'}})
        return _Answer(200, {'token': {'user': {'id': user}, 'project': {'id': project},
                                       'roles': [{'name': 'heat_stack_user'}]}}, 'tok')

    monkeypatch.setattr(ec2_auth, '_service_session', lambda: types.SimpleNamespace(post=post))
    return seen


@pytest.fixture
def handle(stack):
    name, stack_id, _ = stack
    db_api.stack_update(stack_id, {'stack_user_project_id': 'stack-project'})
    helpers.add_row(stack_id, 'handle', type='AWS::CloudFormation::WaitConditionHandle',
                    physical_id='user-handle', rsrc_data={'stack_user_id': 'user-handle'})
    return name, stack_id


def _send(method, url, body=None):
    parts = urllib.parse.urlsplit(url)
    req = webob.Request.blank(parts.path + ('?' + parts.query if parts.query else ''),
                              method=method, headers={'Host': parts.netloc})
    if body is not None:
        req.body = json.dumps(body).encode()
        req.content_type = 'application/json'
    return req.get_response(cfn_app.application)


def _signal_url(stack_name, stack_id, resource, kind='waitcondition', access='AK-HANDLE'):
    url = f'http://{HOST}/v1/{kind}/' + urllib.parse.quote(
        cfn_urls.arn(helpers.TENANT, stack_name, stack_id, resource))
    verb = 'PUT' if kind == 'waitcondition' else 'POST'
    return ec2_signing.presigned_url(access, KEYPAIRS[access][0], verb, url, None)


SIGNAL = {'Status': 'SUCCESS', 'Reason': 'booted', 'UniqueId': '1', 'Data': 'hi'}


def test_a_signed_wait_condition_signal_is_kept_for_the_handle(keystone, handle):
    name, stack_id = handle
    resp = _send('PUT', _signal_url(name, stack_id, 'handle'), SIGNAL)
    assert resp.status_int == 200, resp.body
    assert db_api.signals_for(stack_id, resource_name='handle') == [SIGNAL]
    assert keystone == ['http://keystone.test/identity/v3/ec2tokens']


def test_a_tampered_signature_is_refused_and_nothing_is_kept(keystone, handle):
    name, stack_id = handle
    url = _signal_url(name, stack_id, 'handle').replace('handle', 'other', 1)
    resp = _send('PUT', url, SIGNAL)
    helpers.assert_fault(resp, 401, 'NotAuthenticated')
    assert db_api.signals_for(stack_id, resource_name='handle') == []


def test_an_unsigned_request_never_reaches_keystone(keystone, handle):
    name, stack_id = handle
    url = _signal_url(name, stack_id, 'handle').split('?')[0]
    helpers.assert_fault(_send('PUT', url, SIGNAL), 401, contains='no EC2 signature')
    assert keystone == []


def test_another_resources_keypair_cannot_signal_the_handle(keystone, handle):
    name, stack_id = handle
    resp = _send('PUT', _signal_url(name, stack_id, 'handle', access='AK-OTHER'), SIGNAL)
    helpers.assert_fault(resp, 403, 'Forbidden')
    assert db_api.signals_for(stack_id, resource_name='handle') == []


def test_a_malformed_cfn_signal_is_refused(keystone, handle):
    name, stack_id = handle
    resp = _send('PUT', _signal_url(name, stack_id, 'handle'), {'Status': 'SUCCESS'})
    helpers.assert_fault(resp, 400, contains='Metadata format invalid')


def test_the_wrong_verb_is_refused(keystone, handle):
    name, stack_id = handle
    url = _signal_url(name, stack_id, 'handle')
    assert _send('POST', url, SIGNAL).status_int == 405


def _describe(stack_name, resource, access='AK-HANDLE', accept=None):
    url = f'http://{HOST}/v1/'
    params = ec2_signing.signed_params(access, KEYPAIRS[access][0], 'GET', url, {
        'Action': 'DescribeStackResource', 'StackName': stack_name,
        'LogicalResourceId': resource})
    req = webob.Request.blank('/v1/?' + urllib.parse.urlencode(params),
                              headers={'Host': HOST})
    if accept:
        req.accept = accept
    return req.get_response(cfn_app.application)


def test_describe_stack_resource_gives_the_metadata_as_os_collect_config_reads_it(
        keystone, handle):
    name, stack_id = handle
    _send('PUT', _signal_url(name, stack_id, 'handle'), SIGNAL)
    resp = _describe(name, 'handle')
    assert resp.status_int == 200, resp.body
    detail = ElementTree.fromstring(resp.body).find(
        'DescribeStackResourceResult').find('StackResourceDetail')
    assert json.loads(detail.find('Metadata').text) == {
        '1': {'Data': 'hi', 'Reason': 'booted', 'Status': 'SUCCESS'}}
    assert detail.find('StackName').text == name
    as_json = _describe(name, 'handle', accept='application/json').json
    assert as_json['DescribeStackResourceResponse']['DescribeStackResourceResult'][
        'StackResourceDetail']['Metadata']['1']['Status'] == 'SUCCESS'


def test_describe_of_another_resource_or_an_unknown_stack_is_refused(keystone, handle):
    name, stack_id = handle
    helpers.add_row(stack_id, 'first', physical_id='obj-1')
    helpers.assert_fault(_describe(name, 'first'), 403, 'Forbidden')
    helpers.assert_fault(_describe('nosuchstack', 'handle'), 404, 'StackNotFound')


def test_an_iam_users_key_reaches_what_its_policies_allow(keystone, handle):
    name, stack_id = handle
    helpers.add_row(stack_id, 'first', physical_id='obj-1')
    helpers.add_row(stack_id, 'second', physical_id='obj-2')
    helpers.add_row(stack_id, 'policy', type='OS::Heat::AccessPolicy',
                    properties={'AllowedResources': ['first']})
    helpers.add_row(stack_id, 'user', type='AWS::IAM::User', physical_id='user-other',
                    properties={'Policies': ['policy']},
                    rsrc_data={'stack_user_id': 'user-other'})
    assert _describe(name, 'first', access='AK-OTHER').status_int == 200
    helpers.assert_fault(_describe(name, 'second', access='AK-OTHER'), 403, 'Forbidden')
    # A user with no policy reaches every resource of its stack, as in Heat.
    helpers.add_row(stack_id, 'open', type='AWS::IAM::User', physical_id='user-iam',
                    properties={'Policies': []}, rsrc_data={'stack_user_id': 'user-iam'})
    assert _describe(name, 'second', access='AK-IAM').status_int == 200


def test_other_actions_are_refused():
    req = webob.Request.blank('/v1/?Action=ListStacks')
    helpers.assert_fault(req.get_response(cfn_app.application), 400,
                         contains='DescribeStackResource only')
