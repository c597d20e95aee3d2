"""The traversal graph: which node waits for which.

Nodes are ``(row_id, is_update)``. Update nodes come from the target
template; cleanup nodes come from every row that existed when the traversal
started, ordered by each row's *stored* requirements, i.e. by the graph of
the template it was built with. That is what lets an update that reverses a
dependency still delete the old copies in the old order.
"""
import collections
import dataclasses

STACK = None   # the requirer of root nodes: the stack's completion


@dataclasses.dataclass(frozen=True)
class Edge:
    required: tuple        # (row_id, is_update)
    requirer: tuple | None  # (row_id, is_update), or STACK
    attrs: tuple = ()      # attribute names the requirer needs


@dataclasses.dataclass
class ExistingRow:
    id: int
    requires: list
    replaces: int | None = None


def build(current, template_deps, existing):
    """Edges of a traversal.

    ``current``: {resource name: row id} for every resource of the target
    template; ``template_deps``: {name: {dependency name: attr names}};
    ``existing``: ExistingRow for each row that existed before the traversal.
    Returns (nodes, edges); nodes are in no particular order.
    """
    edges = {}

    def add(required, requirer, attrs=()):
        key = (required, requirer)
        merged = set(edges.get(key, ())) | set(attrs)
        edges[key] = tuple(sorted(merged))

    nodes = {(row_id, True) for row_id in current.values()}
    for name, deps in template_deps.items():
        for dep_name, attrs in deps.items():
            add((current[dep_name], True), (current[name], True), attrs)

    existing_ids = {row.id for row in existing}
    for row in existing:
        cleanup = (row.id, False)
        nodes.add(cleanup)
        # A row is cleaned up before the rows it was built against...
        for required_id in row.requires:
            if required_id in existing_ids and required_id != row.id:
                add(cleanup, (required_id, False))
        # ...and before the row it replaced, which must outlive it.
        if row.replaces in existing_ids:
            add(cleanup, (row.replaces, False))
        # Cleaning up after an update lets dependents move off a replaced row.
        if (row.id, True) in nodes:
            add((row.id, True), cleanup)

    has_successor = {required for required, _ in edges}
    for node in nodes:
        if node not in has_successor:
            add(node, STACK)
    return nodes, [Edge(required, requirer, attrs)
                   for (required, requirer), attrs in sorted(
                       edges.items(), key=lambda kv: (kv[0][0], kv[0][1] or (0, True)))]


def predecessor_counts(nodes, edges):
    """{node: number of edges arriving}, including the STACK completion node."""
    counts = collections.Counter({node: 0 for node in nodes})
    counts[STACK] = 0
    for edge in edges:
        counts[edge.requirer] += 1
    return counts
