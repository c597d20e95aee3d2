"""Pre-signed CFN URLs: what Keystone will recompute from the request the
CFN API receives, and the ARN paths they name."""
import urllib.parse

import pytest
from keystoneclient.contrib.ec2 import utils as ec2_utils

from heat_conv.clients import cfn_urls
from heat_conv.clients import ec2_signing


def _received(url, verb):
    """What the CFN API hands Keystone for a request to ``url``: the WSGI
    path (unquoted) and the query without its signature."""
    parts = urllib.parse.urlsplit(url)
    params = dict(urllib.parse.parse_qsl(parts.query))
    signature = params.pop('Signature')
    return signature, {'host': parts.netloc, 'verb': verb,
                       'path': urllib.parse.unquote(parts.path), 'params': params}


def test_a_presigned_url_verifies_with_the_secret_and_not_with_another():
    url = cfn_urls.resource_url('waitcondition', 'tenant-1', 'my stack', 'sid', 'handle')
    signed = ec2_signing.presigned_url('AK', 'secret', 'PUT', url, None)
    signature, request = _received(signed, 'PUT')
    assert request['params']['AWSAccessKeyId'] == 'AK'
    assert request['params']['SignatureVersion'] == '2'
    assert ec2_utils.Ec2Signer('secret').generate(dict(request)) == signature
    assert ec2_utils.Ec2Signer('other').generate(dict(request)) != signature
    # signed for PUT: the same URL posted is another request
    assert ec2_utils.Ec2Signer('secret').generate(dict(request, verb='POST')) != signature


def test_the_url_carries_heats_arn_of_the_resource(conf):
    conf('heat_waitcondition_server_url', 'http://cfn.example:8000/v1/waitcondition')
    url = cfn_urls.resource_url('signal', 't1', 'app', 'abc', 'deploy')
    assert url == ('http://cfn.example:8000/v1/signal/'
                   'arn%3Aopenstack%3Aheat%3A%3At1%3Astacks/app/abc/resources/deploy')
    assert cfn_urls.parse_url(url) == ('t1', 'app', 'abc', 'deploy')


def test_without_a_configured_url_the_bind_address_is_used(conf):
    conf('bind_port', 8123, group='heat_api_cfn')
    assert cfn_urls.signal_base('waitcondition') == \
        'http://127.0.0.1:8123/v1/waitcondition'
    assert cfn_urls.metadata_server_url() == 'http://127.0.0.1:8123/'


def test_names_with_odd_characters_survive_the_round_trip():
    url = cfn_urls.resource_url('signal', 'a:b', 'st/ack', 'id1', 'r es')
    assert cfn_urls.parse_url(url) == ('a:b', 'st/ack', 'id1', 'r es')


@pytest.mark.parametrize('bad', [
    'arn:openstack:heat::t:stacks/a/b',
    'arn:openstack:nova::t:stacks/a/b/resources/c',
    'arn:openstack:heat::t:stacks/a/b/resources/',
])
def test_other_arns_are_refused(bad):
    with pytest.raises(ValueError):
        cfn_urls.parse_arn(bad)
