"""Dependency graphs between resources, and finding cycles in them.

The search is Tarjan's strongly-connected-components algorithm written with
an explicit stack: a chain of 10,000 resources must not hit Python's
recursion limit, and the cost stays linear in resources plus edges.
"""

from heat_conv.common import exception


def merge(into, extra):
    """Add {name: attrs} requirements from ``extra`` to ``into``."""
    for name, attrs in extra.items():
        into.setdefault(name, set()).update(attrs)
    return into


def freeze(requires):
    """{name: frozenset(attrs)} from {name: iterable of attrs}."""
    return {name: frozenset(attrs) for name, attrs in requires.items()}


def find_cycle(graph):
    """The members of one dependency cycle in ``graph``, or None.

    ``graph`` maps each node to the nodes it depends on; edges to nodes
    outside the graph are ignored.
    """
    index = {}
    low = {}
    on_stack = set()
    stack = []
    counter = 0
    for root in graph:
        if root in index:
            continue
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on_stack.add(root)
        work = [(root, iter(graph[root]))]
        while work:
            node, edges = work[-1]
            descended = False
            for dep in edges:
                if dep not in graph:
                    continue
                if dep not in index:
                    index[dep] = low[dep] = counter
                    counter += 1
                    stack.append(dep)
                    on_stack.add(dep)
                    work.append((dep, iter(graph[dep])))
                    descended = True
                    break
                if dep in on_stack:
                    low[node] = min(low[node], index[dep])
            if descended:
                continue
            work.pop()
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1 or node in graph[node]:
                    return component
    return None


def check_acyclic(graph):
    """Raise DependencyCycle naming the members of a cycle, if there is one."""
    cycle = find_cycle(graph)
    if cycle is not None:
        raise exception.DependencyCycle(cycle)
