"""The API versions document, at ``/`` (and ``/v1``), as Heat answers it:
300 Multiple Choices, since a client may have to pick one."""
import webob.dec

from heat_conv.api import responses


class VersionsApp:

    @webob.dec.wsgify
    def __call__(self, req):
        return responses.json_response({'versions': [{
            'id': 'v1.0',
            'status': 'CURRENT',
            'links': [{'rel': 'self', 'href': f'{req.application_url}/v1/'}],
        }]}, status=300)
