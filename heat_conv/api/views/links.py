"""Absolute URLs of API objects, as the client addressed the service.

``req.application_url`` already reflects a reverse proxy's Forwarded /
X-Forwarded-* headers (http_proxy_to_wsgi rewrites the environ), so links
and redirect locations name the address the client used.
"""
from urllib import parse


def quote(segment):
    """A path segment, every reserved character escaped."""
    return parse.quote(str(segment), safe='')


def tenant_url(req, tenant):
    return f'{req.application_url}/v1/{quote(tenant)}'


def stack_url(req, stack, *path, tenant=None):
    """``.../v1/{tenant}/stacks/{name}/{id}[/path...]`` for a stack row,
    under the stack's project unless ``tenant`` names another."""
    url = (f'{tenant_url(req, tenant or stack.tenant)}/stacks/{quote(stack.name)}'
           f'/{quote(stack.id)}')
    for segment in path:
        url += '/' + quote(segment)
    return url


def link(href, rel='self'):
    return {'href': href, 'rel': rel}


def stack_links(req, stack):
    return [link(stack_url(req, stack))]
