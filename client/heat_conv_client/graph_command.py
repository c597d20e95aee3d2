"""``stack graph``: a stack's dependency graph with each resource's live status.

An OpenStackClient plugin command (entry point group
``openstack.orchestration.v1``), so it runs as ``heat-conv stack graph`` and
as ``openstack stack graph`` alike. Its data is the API's resource list:
every resource with its status and ``required_by``.
"""
import logging
import os
import sys

from heatclient import exc as heat_exc
from osc_lib import exceptions
from osc_lib.command import command

from heat_conv_client import graph_dot
from heat_conv_client import graph_model
from heat_conv_client import graph_text
from heat_conv_client import graphviz

FORMATS = ('text', 'dot', 'svg', 'png')
_FORMAT_BY_EXTENSION = {'.txt': 'text', '.dot': 'dot', '.gv': 'dot',
                        '.svg': 'svg', '.png': 'png'}


def choose_format(requested, output):
    """--format if given, else what --output's extension says, else text."""
    if requested:
        return requested
    if output:
        extension = os.path.splitext(output)[1].lower()
        return _FORMAT_BY_EXTENSION.get(extension, 'text')
    return 'text'


def fetch_graph(client, stack_ref, nested_depth=0):
    """The graph of a stack, from a heatclient client; with
    ``nested_depth``, its resources' child stacks' graphs that deep."""
    try:
        stack = client.stacks.get(stack_ref, resolve_outputs=False)
        # The canonical name/id path: no redirect, and no ambiguity if the
        # stack is replaced by another of the same name meanwhile.
        resources = client.resources.list(f'{stack.stack_name}/{stack.id}')
    except heat_exc.HTTPNotFound:
        raise exceptions.CommandError(f'Stack not found: {stack_ref}')
    graph = graph_model.build(resources, stack.stack_name, stack.stack_status)
    if nested_depth > 0:
        for resource in resources:
            ref = graph_model.child_ref(resource)
            if ref is not None:
                graph.nested[resource.resource_name] = fetch_graph(client, ref,
                                                                   nested_depth - 1)
    return graph


def render(graph, graph_format):
    """The graph in ``graph_format``: str for text and dot, bytes for images."""
    if graph_format == 'text':
        return graph_text.render(graph)
    source = graph_dot.render(graph)
    if graph_format == 'dot':
        return source
    try:
        return graphviz.render(source, graph_format)
    except graphviz.RenderError as err:
        raise exceptions.CommandError(str(err))


class StackGraph(command.Command):
    """Show a stack's dependency graph, with each resource's type and status.

    Text (an indented tree) by default; DOT, SVG or PNG with --format (SVG
    and PNG are drawn by Graphviz's dot program).
    """

    log = logging.getLogger(__name__ + '.StackGraph')

    def get_parser(self, prog_name):
        parser = super().get_parser(prog_name)
        parser.add_argument('stack', metavar='<stack>',
                            help='Name or ID of the stack')
        parser.add_argument('-f', '--format', choices=FORMATS, default=None,
                            help='Output format: text (default), dot, svg or png; '
                                 'without it, --output\'s extension decides')
        parser.add_argument('-o', '--output', metavar='<file>',
                            help='Write the graph to this file instead of stdout')
        parser.add_argument('--nested-depth', metavar='<depth>', type=int, default=0,
                            help='Draw child stacks this many levels deep, each '
                                 'inside the resource that owns it')
        return parser

    def take_action(self, parsed_args):
        graph_format = choose_format(parsed_args.format, parsed_args.output)
        stdout = self.app.stdout
        if graph_format == 'png' and not parsed_args.output and _is_terminal(stdout):
            raise exceptions.CommandError(
                'PNG is binary; write it to a file with --output FILE')
        graph = fetch_graph(self.app.client_manager.orchestration, parsed_args.stack,
                            parsed_args.nested_depth)
        drawing = render(graph, graph_format)
        if parsed_args.output:
            mode = 'wb' if isinstance(drawing, bytes) else 'w'
            with open(parsed_args.output, mode) as out:
                out.write(drawing)
        elif isinstance(drawing, bytes) and graph_format == 'png':
            stdout.flush()
            binary = getattr(stdout, 'buffer', None) or sys.stdout.buffer
            binary.write(drawing)
            binary.flush()
        else:
            stdout.write(drawing.decode() if isinstance(drawing, bytes) else drawing)
        return 0


def _is_terminal(stream):
    isatty = getattr(stream, 'isatty', None)
    return bool(isatty and isatty())
