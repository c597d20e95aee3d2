"""Refuse request bodies over ``max_json_body_size`` with a 413 naming it.

A declared length is checked before anything is read; a chunked body is
read up to one byte past the limit, never further.
"""
import webob.dec

from heat_conv.api import faults
from heat_conv.common import limits


def _too_large(size_text):
    limit = limits.CONF.max_json_body_size
    return faults.response(
        413, f'The request body is {size_text} bytes, which exceeds '
             f'max_json_body_size ({limit})', 'RequestTooLarge')


class BodySizeLimiter:

    def __init__(self, application):
        self.application = application

    @webob.dec.wsgify
    def __call__(self, req):
        limit = limits.CONF.max_json_body_size
        if req.content_length is not None:
            if req.content_length > limit:
                return _too_large(req.content_length)
        elif req.is_body_readable:
            data = req.body_file.read(limit + 1)
            if len(data) > limit:
                return _too_large(f'more than {limit}')
            req.body = data
        return req.get_response(self.application)
