"""A stack's dependency graph in Graphviz's DOT language.

Arrows point from a resource to the ones that depend on it, top to bottom
in the order a create runs; each box shows name, type and status, filled by
how the status ends so a glance finds what is running or failed.
"""

_FILL_BY_STATUS_END = (
    ('_FAILED', '#f8d7da'),       # red
    ('_IN_PROGRESS', '#fff3cd'),  # amber
    ('_COMPLETE', '#d4edda'),     # green
)
_FILL_INACTIVE = '#e2e3e5'         # grey: deleted, or not acted on yet
_FILL_UNKNOWN = '#ffffff'


def fill_colour(status):
    if status.startswith('INIT_') or status == 'DELETE_COMPLETE':
        return _FILL_INACTIVE
    for end, colour in _FILL_BY_STATUS_END:
        if status.endswith(end):
            return colour
    return _FILL_UNKNOWN


def quote(text):
    """A DOT quoted string: any resource name is a valid ID this way."""
    escaped = str(text).replace('\\', '\\\\').replace('"', '\\"').replace('\n', '\\n')
    return f'"{escaped}"'


def render(graph):
    """DOT source for ``graph``, ending with a newline."""
    title = f'{graph.stack_name}: {graph.stack_status}'
    lines = [
        f'digraph {quote(graph.stack_name or "stack")} {{',
        f'  graph [label={quote(title)}, labelloc=t, rankdir=TB, fontname="Helvetica"];',
        '  node [shape=box, style="rounded,filled", fontname="Helvetica", fontsize=10];',
    ]
    lines.extend(_body(graph, '', '  '))
    lines.append('}')
    return '\n'.join(lines) + '\n'


def _body(graph, path, indent):
    """Nodes and edges; a child stack is a cluster inside its resource's
    own cluster. Node ids carry their path (``web/a``): names repeat
    across levels."""
    lines = []
    for node in graph.nodes.values():
        node_id = quote(path + node.name)
        label = quote(f'{node.name}\n{node.type}\n{node.status}')
        line = f'{node_id} [label={label}, fillcolor="{fill_colour(node.status)}"];'
        child = graph.nested.get(node.name)
        if child is None:
            lines.append(indent + line)
            continue
        # The resource and its child stack, in one box.
        title = quote(f'{node.name}: {child.stack_name} {child.stack_status}')
        lines.append(f'{indent}subgraph {quote("cluster_" + path + node.name)} {{')
        lines.append(f'{indent}  label={title}; style=rounded;')
        lines.append(f'{indent}  {line}')
        lines.extend(_body(child, f'{path}{node.name}/', indent + '  '))
        lines.append(f'{indent}}}')
    for requirement, dependent in graph.edges():
        lines.append(f'{indent}{quote(path + requirement)} -> {quote(path + dependent)};')
    return lines
