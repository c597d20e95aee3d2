"""How controllers answer: JSON documents, empty answers and redirects."""
import json

import webob


def json_response(document, status=200):
    resp = webob.Response(status=status, content_type='application/json',
                          charset='UTF-8')
    resp.body = json.dumps(document).encode('utf-8')
    return resp


def empty(status):
    # No JSON content type: heatclient would try (and log failing) to
    # decode an empty body that claims to be JSON.
    resp = webob.Response(status=status)
    resp.content_type = None
    return resp


def redirect(location):
    """302 with an absolute Location; the body says the same for humans."""
    resp = json_response({'code': 302, 'title': 'Found', 'location': location},
                         status=302)
    resp.location = location
    return resp
