"""Absolute URLs of API objects, as the client addressed the service.

``req.application_url`` already reflects a reverse proxy's Forwarded /
X-Forwarded-* headers (http_proxy_to_wsgi rewrites the environ), so links
and redirect locations name the address the client used.
"""
from urllib import parse


def _quote(segment):
    return parse.quote(str(segment), safe='')


def tenant_url(req, tenant):
    return f'{req.application_url}/v1/{_quote(tenant)}'


def stack_url(req, stack, *path):
    """``.../v1/{tenant}/stacks/{name}/{id}[/path...]`` for a stack row."""
    url = f'{tenant_url(req, stack.tenant)}/stacks/{_quote(stack.name)}/{_quote(stack.id)}'
    for segment in path:
        url += '/' + _quote(segment)
    return url


def link(href, rel='self'):
    return {'href': href, 'rel': rel}


def stack_links(req, stack):
    return [link(stack_url(req, stack))]
