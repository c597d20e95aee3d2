"""A stack's dependency graph as an indented tree, for the terminal.

Children are the resources that depend on their parent, so reading down
follows the order a create runs in, and a resource's depth is its layer.
A resource with several requirements is drawn once, under the one that
finishes last (the deepest; the first by name on a tie), and is named
under the others with a pointer to where it is drawn. ASCII only, so it
survives any terminal, pager or log.

    stack demo: CREATE_COMPLETE
    source [OS::Heat::TestResource] CREATE_COMPLETE
    |-- left [OS::Heat::TestResource] CREATE_COMPLETE
    |   `-- sink [OS::Heat::TestResource] CREATE_COMPLETE (also needs right)
    `-- right [OS::Heat::TestResource] CREATE_COMPLETE
        `-- sink: drawn under left

With --nested-depth, a resource's child stack is drawn under it, each
line behind a ``: `` margin.
"""

_BRANCH, _LAST_BRANCH = '|-- ', '`-- '
_CONTINUE, _NO_CONTINUE = '|   ', '    '
_NESTED = ': '   # the margin of a child stack drawn inside its resource


def _drawn_under(graph):
    """For each resource with requirements, the one it is drawn under."""
    return {node.name: min(node.requires,
                           key=lambda name: (-graph.nodes[name].layer, name))
            for node in graph.nodes.values() if node.requires}


def _describe(node, parent=None):
    line = f'{node.name} [{node.type}] {node.status}'
    others = [name for name in node.requires if name != parent]
    if others:
        line += f' ({"also needs" if parent else "needs"} {", ".join(others)})'
    return line


def render(graph):
    """The tree as text, ending with a newline."""
    lines = [f'stack {graph.stack_name}: {graph.stack_status}']
    if not graph.nodes:
        lines.append('(no resources)')
        return '\n'.join(lines) + '\n'
    placement = _drawn_under(graph)
    drawn = set()
    # Depth-first with an explicit stack: a stack can be a chain far deeper
    # than Python's recursion limit. Entries: (name, parent, prefix, last).
    pending = [(root.name, None, '', True) for root in reversed(graph.roots())]
    while pending:
        name, parent, prefix, last = pending.pop()
        node = graph.nodes[name]
        branch = '' if parent is None else (_LAST_BRANCH if last else _BRANCH)
        if parent is not None and placement[name] != parent:
            lines.append(f'{prefix}{branch}{name}: drawn under {placement[name]}')
            continue
        lines.append(prefix + branch + _describe(node, parent))
        drawn.add(name)
        child_prefix = prefix if parent is None else \
            prefix + (_NO_CONTINUE if last else _CONTINUE)
        if name in graph.nested:
            # The child stack, boxed in by a margin under its resource.
            inner = _CONTINUE if node.required_by else _NO_CONTINUE
            lines.extend(f'{child_prefix}{inner}{_NESTED}{line}'
                         for line in render(graph.nested[name]).splitlines())
        children = node.required_by
        for index in reversed(range(len(children))):
            pending.append((children[index], name, child_prefix,
                            index == len(children) - 1))
    # Only a dependency cycle (which the engine never builds) leaves
    # resources without a root to hang from; list them rather than lose them.
    for node in graph.nodes.values():
        if node.name not in drawn:
            lines.append(_describe(node) + ' (unreachable: dependency cycle)')
    return '\n'.join(lines) + '\n'
