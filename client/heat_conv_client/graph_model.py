"""A stack's dependency graph, built from the API's resource list.

Each resource the API lists names the resources that depend on it
(``required_by``); edges point that way, from a resource to the ones built
after it. Layers give the order a create runs in: layer 0 needs nothing,
layer n needs something in layer n-1 and nothing later.
"""
import dataclasses


@dataclasses.dataclass(frozen=True)
class Node:
    name: str
    type: str
    status: str
    requires: tuple     # names this resource depends on, sorted
    required_by: tuple  # names that depend on this resource, sorted
    layer: int


@dataclasses.dataclass(frozen=True)
class StackGraph:
    stack_name: str
    stack_status: str
    nodes: dict         # name -> Node, in layer order then by name
    # resource name -> the StackGraph of its child stack (--nested-depth)
    nested: dict = dataclasses.field(default_factory=dict)

    def roots(self):
        """Nodes that depend on nothing: where a create starts."""
        return [node for node in self.nodes.values() if not node.requires]

    def layers(self):
        by_layer = {}
        for node in self.nodes.values():
            by_layer.setdefault(node.layer, []).append(node)
        return [by_layer[layer] for layer in sorted(by_layer)]

    def edges(self):
        """(requirement, dependent) name pairs, in node order."""
        return [(node.name, dependent) for node in self.nodes.values()
                for dependent in node.required_by]


def _field(resource, key, default=''):
    if isinstance(resource, dict):
        return resource.get(key, default)
    return getattr(resource, key, default)


def _layers(requires):
    """Longest distance from a root for every name, in O(nodes + edges): a
    name is placed in the pass after its last requirement. A cycle (which
    the engine never builds) must not hang the client: its members go one
    layer after everything else."""
    dependents = {name: [] for name in requires}
    waiting = {}
    for name, deps in requires.items():
        waiting[name] = len(deps)
        for dep in deps:
            dependents[dep].append(name)
    layer = {}
    current = 0
    ready = [name for name, count in waiting.items() if count == 0]
    while ready:
        next_ready = []
        for name in ready:
            layer[name] = current
            for dependent in dependents[name]:
                waiting[dependent] -= 1
                if waiting[dependent] == 0:
                    next_ready.append(dependent)
        ready = next_ready
        current += 1
    for name in requires:
        layer.setdefault(name, current)
    return layer


def build(resources, stack_name='', stack_status=''):
    """The graph of ``resources``: dicts or heatclient Resource objects with
    ``resource_name``, ``resource_type``, ``resource_status`` and
    ``required_by``. Edges to names that are not listed are dropped: there
    is nothing to show about them."""
    info = {}
    for resource in resources:
        name = _field(resource, 'resource_name') or _field(resource, 'logical_resource_id')
        info[name] = resource
    required_by = {name: sorted({dep for dep in (_field(r, 'required_by', None) or ())
                                 if dep in info and dep != name})
                   for name, r in info.items()}
    requires = {name: set() for name in info}
    for name, dependents in required_by.items():
        for dependent in dependents:
            requires[dependent].add(name)
    layer = _layers(requires)
    order = sorted(info, key=lambda name: (layer[name], name))
    nodes = {name: Node(name=name,
                        type=_field(info[name], 'resource_type'),
                        status=_field(info[name], 'resource_status'),
                        requires=tuple(sorted(requires[name])),
                        required_by=tuple(required_by[name]),
                        layer=layer[name])
             for name in order}
    return StackGraph(stack_name=stack_name, stack_status=stack_status, nodes=nodes)


def child_ref(resource):
    """``name/id`` of a resource's child stack (its ``nested`` link), or None."""
    for link in _field(resource, 'links', None) or ():
        if link.get('rel') == 'nested':
            return '/'.join(link['href'].rstrip('/').split('/')[-2:])
    return None
