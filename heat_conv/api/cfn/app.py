"""The CFN-compatible API's WSGI application: the part of Heat's
heat-api-cfn that servers use.

- ``PUT /v1/waitcondition/{arn}``: a wait condition handle's signal, the
  body ``{"Status", "Reason", "UniqueId", "Data"}`` (cfn-signal's);
- ``POST /v1/signal/{arn}``: any resource's signal (a CFN_SIGNAL
  deployment's outputs);
- ``GET|POST /v1/?Action=DescribeStackResource&StackName=&LogicalResourceId=``:
  a resource's metadata, what os-collect-config's ``cfn`` collector polls,
  in the XML it parses (JSON with ``Accept: application/json``).

Every request is signed with an EC2 keypair (heat_conv.api.cfn.ec2_auth);
what the signer may reach is heat_conv.api.cfn.access.
"""
import json
import re
import urllib.parse
from xml.sax import saxutils

import webob
import webob.dec

from heat_conv.api import faults
from heat_conv.api import request_body
from heat_conv.api.cfn import access
from heat_conv.api.cfn import ec2_auth
from heat_conv.clients import cfn_urls
from heat_conv.common import exception
from heat_conv.engine import api as engine_api
from heat_conv.stacks import stored_template

_SIGNAL_PATH = re.compile(r'^/v1/(?P<kind>waitcondition|signal)/(?P<arn>arn:.+)$')
_VERB = {'waitcondition': 'PUT', 'signal': 'POST'}
_ROOTS = ('/', '/v1', '/v1/')
DESCRIBE = 'DescribeStackResource'


@webob.dec.wsgify
def application(req):
    try:
        return _route(req)
    except Exception as exc:   # every error is a fault, never a stack trace
        return faults.from_exception(exc)


def _route(req):
    match = _SIGNAL_PATH.match(req.path_info)
    if match is not None:
        if req.method != _VERB[match['kind']]:
            raise webob.exc.HTTPMethodNotAllowed(headers={'Allow': _VERB[match['kind']]})
        return _signal(req, urllib.parse.unquote(match['arn']))
    if req.path_info in _ROOTS and req.method in ('GET', 'POST'):
        action = req.params.get('Action')
        if action != DESCRIBE:
            raise exception.Invalid(f'Action {action!r} is not supported: this '
                                    f'API answers {DESCRIBE} only')
        return _describe(req)
    raise webob.exc.HTTPNotFound(f'The resource {req.path_info} could not be found.')


def _signal(req, arn):
    try:
        tenant, stack_name, stack_id, resource_name = cfn_urls.parse_arn(arn)
    except ValueError as exc:
        raise exception.Invalid(str(exc)) from None
    signer = ec2_auth.authenticate(req)
    stack = access.stack_named(signer, stack_name, stack_id)
    if stack.tenant != tenant:
        raise exception.StackNotFound(f'{stack_name}/{stack_id}')
    access.resource_of(signer, stack, resource_name)
    ctx = access.context_for(signer, stack, req.environ.get('openstack.request_id'))
    bound = stored_template.bound(stack)
    declared = bound.declared_type(resource_name) if bound is not None else None
    engine_api.signal(ctx, stack.id, resource_name, request_body.json_value(req),
                      declared_type=declared)
    return webob.Response(status=200, content_type='application/json', body=b'{}')


def _describe(req):
    stack_name, resource_name = (req.params.get('StackName'),
                                 req.params.get('LogicalResourceId'))
    if not stack_name or not resource_name:
        raise exception.Invalid('StackName and LogicalResourceId are required')
    signer = ec2_auth.authenticate(req)
    stack = access.stack_named(signer, stack_name)
    row = access.resource_of(signer, stack, resource_name)
    metadata = engine_api.metadata(stack.id, row) or row.rsrc_metadata or {}
    detail = {'StackId': cfn_urls.stack_arn(stack.tenant, stack.name, stack.id),
              'StackName': stack.name, 'LogicalResourceId': row.name,
              'PhysicalResourceId': row.physical_resource_id or '',
              'ResourceType': row.type,
              'ResourceStatus': f'{row.action}_{row.status}',
              'ResourceStatusReason': row.status_reason or '',
              'LastUpdatedTimestamp': _time(row.updated_at or row.created_at),
              'Metadata': json.dumps(metadata)}
    if 'application/json' in (req.accept.header_value or ''):
        body = {'DescribeStackResourceResponse': {'DescribeStackResourceResult': {
            'StackResourceDetail': dict(detail, Metadata=metadata)}}}
        return webob.Response(content_type='application/json',
                              body=json.dumps(body).encode('utf-8'))
    return webob.Response(content_type='application/xml', charset='UTF-8',
                          body=_xml(detail).encode('utf-8'))


def _time(moment):
    return moment.strftime('%Y-%m-%dT%H:%M:%SZ') if moment else ''


def _xml(detail):
    fields = ''.join(f'<{key}>{saxutils.escape(str(value))}</{key}>'
                     for key, value in detail.items())
    return ('<DescribeStackResourceResponse><DescribeStackResourceResult>'
            f'<StackResourceDetail>{fields}</StackResourceDetail>'
            '</DescribeStackResourceResult></DescribeStackResourceResponse>')
