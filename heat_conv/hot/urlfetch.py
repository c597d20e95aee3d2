"""Templates at a URL that the request's files do not hold: a nested
stack's ``TemplateURL``, or a template resource's type. Heat fetches them
(over http or https only, up to ``max_template_size``); so does heat-conv,
once, when the template that names them is checked, and the body is kept
in the stack's files so that every later reader sees the same template.
"""
import logging
from urllib import parse

import requests

from heat_conv.common import limits

LOG = logging.getLogger(__name__)

SCHEMES = ('http', 'https')
# Seconds to connect and between bytes: a template server that stalls
# must not hold a request (or an engine step) for long.
TIMEOUT = 30
CHUNK = 64 * 1024


class FetchError(Exception):
    pass


def is_url(location):
    return isinstance(location, str) and parse.urlparse(location).scheme in SCHEMES


def get(url):
    """The text at ``url``; FetchError saying why not."""
    scheme = parse.urlparse(url).scheme
    if scheme not in SCHEMES:
        raise FetchError(f'Invalid URL scheme {scheme}')
    LOG.info('fetching a template from %s', url)
    limit = limits.CONF.max_template_size
    try:
        with requests.get(url, stream=True, timeout=TIMEOUT) as resp:
            resp.raise_for_status()
            body = b''
            # Read in chunks, never past the limit: a Content-Length can lie.
            for chunk in resp.iter_content(CHUNK):
                body += chunk
                if len(body) > limit:
                    raise FetchError(f'Template exceeds maximum allowed size ({limit} bytes)')
    except requests.RequestException as exc:
        LOG.info('failed to fetch a template from %s: %s', url, exc)
        raise FetchError(f'Failed to retrieve template from {url}') from None
    try:
        return body.decode('utf-8')
    except UnicodeDecodeError:
        raise FetchError(f'The template at {url} is not UTF-8 text') from None
