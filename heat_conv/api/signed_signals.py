"""Signed signal URLs: with Keystone, a signal whose URL carries the
signature of its resource ([clients_heat] signal_key) needs no token.

A server's boot script cannot get a Keystone token; Heat gives it a
pre-signed URL instead. The signature names one tenant, stack and
resource, so the URL can do nothing but signal that resource.
"""
import hmac
import re
import urllib.parse

from heat_conv.api import faults
from heat_conv.resources.heat import signal_url

SIGNED = 'heat_conv.signed_signal'
_PATH = re.compile(r'^/v1/(?P<tenant>[^/]+)/stacks/[^/]+/(?P<stack_id>[^/]+)'
                   r'/resources/(?P<resource>[^/]+)/signal$')


class SignedSignals:
    """In front of the authenticating middleware: signed signals skip it."""

    def __init__(self, authenticated, unauthenticated):
        self.authenticated = authenticated
        self.unauthenticated = unauthenticated

    def __call__(self, environ, start_response):
        query = urllib.parse.parse_qs(environ.get('QUERY_STRING', ''))
        match = _PATH.match(environ.get('PATH_INFO', ''))
        if environ.get('REQUEST_METHOD') != 'POST' or match is None \
                or 'signature' not in query:
            return self.authenticated(environ, start_response)
        unquote = urllib.parse.unquote
        expected = signal_url.signature(unquote(match['tenant']), match['stack_id'],
                                        unquote(match['resource']))
        if expected is None or not hmac.compare_digest(expected, query['signature'][0]):
            return faults.response(401, 'The signal URL\'s signature is not valid',
                                   'HTTPUnauthorized')(environ, start_response)
        environ[SIGNED] = True
        return self.unauthenticated(environ, start_response)
