"""Sphinx configuration of heat-conv's documentation (tools/build-docs).

The pages are the files of doc/ themselves: the Markdown guides are read
by myst-parser, the README is included by readme.rst, the configuration
reference is generated from the options' own help (the oslo.config.opts
entry point), the API reference from openapi.yaml, and the release notes
from releasenotes/notes by reno.
"""
from sphinxcontrib.openapi import directive as _openapi_directive
from sphinxcontrib.openapi import renderers as _openapi_renderers

from heat_conv.common import version as heat_conv_version

project = 'heat-conv'
author = 'heat-conv developers'
copyright = '2026, heat-conv developers'
release = heat_conv_version.version_string()
version = release

extensions = [
    'myst_parser',
    'oslo_config.sphinxext',
    'reno.sphinxext',
    'sphinxcontrib.openapi',
]
source_suffix = {'.rst': 'restructuredtext', '.md': 'markdown'}
root_doc = 'index'
# The build's output (tools/build-docs writes doc/build) and what is not a page.
exclude_patterns = ['build', '_build']
# Headings in the Markdown guides are link targets (guide.md#a-heading).
myst_heading_anchors = 4
# A Markdown link is looked up among pages and labels only (oslo.config's
# domain fails on a name it does not know instead of letting it be reported).
myst_ref_domains = ['std']
html_theme = 'alabaster'
html_title = f'heat-conv {release}'


class OpenAPIRenderer(_openapi_renderers.HttpdomainRenderer):
    """sphinxcontrib-openapi's renderer, but for OpenAPI's ``default``
    response (every status the operation does not list: heat-conv's fault
    body), which httpdomain's ``:statuscode:`` field, numbers only, refuses:
    it becomes a field of its own."""

    def render_response(self, status_code, response):
        if status_code != 'default':
            yield from super().render_response(status_code, response)
            return
        yield ':Any other status:'
        for line in self._convert_markup(response['description']).strip().splitlines():
            yield f'   {line}'


def _use_our_renderer(app, config):
    app.add_directive('openapi', _openapi_directive.create_directive_from_renderer(
        OpenAPIRenderer), override=True)


def setup(app):
    # After sphinxcontrib-openapi registers its own directive (config-inited).
    app.connect('config-inited', _use_our_renderer, priority=900)
