"""EC2 signatures (version 2, HmacSHA256) of CFN API requests.

heat-conv signs the URLs it hands out (a wait condition handle's, a
deployment's CFN_SIGNAL URL) with an EC2 keypair of a stack user, and a
server's agent signs its metadata polls the same way; Keystone, which
holds the keypair's secret, checks them (heat_conv.api.cfn.ec2_auth).
The signing itself is keystoneclient's ``Ec2Signer``, the one Keystone's
own check and os-collect-config use, so the three agree byte for byte.
"""
import urllib.parse

from keystoneclient.contrib.ec2 import utils as ec2_utils

SIGNATURE_VERSION = '2'
SIGNATURE_METHOD = 'HmacSHA256'
TIMESTAMP_FORMAT = '%Y-%m-%dT%H:%M:%SZ'


def signature(secret, verb, host, path, params):
    """The signature of a request: ``path`` unquoted (what the WSGI server
    hands the receiving side), ``params`` without ``Signature``."""
    request = {'host': host.lower(), 'verb': verb, 'path': path,
               'params': dict(params), 'headers': {}, 'body_hash': ''}
    return ec2_utils.Ec2Signer(secret).generate(request)


def signed_params(access, secret, verb, url, params=None, timestamp=None):
    """``params`` with the access key, the signature's version and method
    (and ``Timestamp`` if given) and ``Signature``, for ``verb`` on ``url``."""
    parts = urllib.parse.urlsplit(url)
    signed = dict(params or {}, AWSAccessKeyId=access,
                  SignatureVersion=SIGNATURE_VERSION, SignatureMethod=SIGNATURE_METHOD)
    if timestamp is not None:
        signed['Timestamp'] = timestamp.strftime(TIMESTAMP_FORMAT)
    signed['Signature'] = signature(secret, verb, parts.netloc,
                                    urllib.parse.unquote(parts.path), signed)
    return signed


def presigned_url(access, secret, verb, url, timestamp):
    """``url`` with its signature in the query: good for ``verb`` alone."""
    query = urllib.parse.urlencode(signed_params(access, secret, verb, url,
                                                 timestamp=timestamp))
    return f'{url}?{query}'
