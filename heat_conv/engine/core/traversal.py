"""Start a traversal: compute its graph, persist it, cast the leaves.

This is the only per-operation step that looks at the whole stack; every
later step touches just one node and its edges.
"""
import logging
import time

from heat_conv.clients import trusts
from heat_conv.common import exception
from heat_conv.common.status import Action
from heat_conv.common.status import Status
from heat_conv.db import api as db_api
from heat_conv.engine.core import boundary
from heat_conv.engine.core import extensions
from heat_conv.engine.core import graph
from heat_conv.engine.core import messages
from heat_conv.engine.core import oplog
from heat_conv.engine.core import resource_action
from heat_conv.engine.core import stack_state
from heat_conv.engine.core import sync_point
from heat_conv.hot import environment as environment_mod
from heat_conv.hot import template as hot_template

LOG = logging.getLogger(__name__)


def converge(stack_id, traversal_id):
    with boundary.guard_converge(stack_id, traversal_id):
        _converge(stack_id, traversal_id)


def _converge(stack_id, traversal_id):
    began = time.perf_counter()
    found = db_api.traversal_start(stack_id, traversal_id, sync_point.STACK_ENTITY)
    if found is None:
        raise exception.StackNotFound(stack_id)
    stack, raw, stored = found
    if stack.current_traversal != traversal_id:
        return   # superseded before it started
    if stored:
        return   # a redelivered converge: the traversal already exists
    # Its creates record the project on their objects (ownership).
    resource_action.remember_project(stack.id, stack.tenant)
    if stack.trust_id and stack.action != Action.DELETE:
        # A trust deleted behind heat-conv's back fails the operation at
        # once, naming it (a delete goes on: it may need no service).
        problem = trusts.problem(stack.trust_id)
        if problem is not None:
            stack_state.fail(stack_id, traversal_id, problem)
            return
    try:
        definitions, dependencies = _target(stack, raw)
    except exception.HeatConvException as exc:
        stack_state.fail(stack_id, traversal_id, str(exc))
        return
    bound = time.perf_counter()

    rows = db_api.resources_placing(stack_id)
    held_ids = [row.id for row in rows if row.held]
    if held_ids:
        held = db_api.resources_held(stack_id, held_ids)
        extensions.notify(extensions.SUPERSEDED, held)
    rows_by_name = {}
    for row in rows:
        rows_by_name.setdefault(row.name, []).append(row)
    current = {}
    new_rows = []
    for name, defn in definitions.items():
        best = best_existing(rows_by_name.get(name, []), stack.raw_template_id,
                             stack.prev_raw_template_id)
        if best is None:
            new_rows.append({'stack_id': stack_id, 'name': name, 'type': defn['type'],
                             'nested_template': defn.get('nested_template'),
                             'action': Action.INIT, 'status': Status.COMPLETE,
                             'deletion_policy': defn.get('deletion_policy', 'Delete'),
                             'requires': []})
        else:
            current[name] = best.id

    plan = {}
    deleting_hooks = _deleting_hooks(stack)   # not inside the store's transaction

    def make_graph(created):
        current.update(created)
        plan.update(_plan(stack, current, definitions, dependencies, rows, deleting_hooks))
        return plan['edges'], plan['sync_points']

    if db_api.traversal_store(stack_id, traversal_id, new_rows, make_graph) is None:
        return   # a concurrent duplicate converge created it
    stored = time.perf_counter()
    # The leaves first: what they need is durable now, and the first step
    # is what a user waiting on this operation sees begin.
    sync_point.cast_check_resources(stack_id, traversal_id,
                                    [(node, ()) for node in plan['leaves']])
    oplog.started(stack, traversal_id, len(definitions), plan['deleting'], oplog.Start(
        nodes=len(plan['nodes']), leaves=len(plan['leaves']), read_and_bound=bound - began,
        stored=stored - bound, cast=time.perf_counter() - stored))
    if not plan['nodes']:
        stack_state.complete(stack_id, traversal_id)


_AS_IT_STANDS = {Action.CHECK: messages.Mode.CHECK, Action.SUSPEND: messages.Mode.SUSPEND,
                 Action.RESUME: messages.Mode.RESUME, Action.SNAPSHOT: messages.Mode.SNAPSHOT}


def _plan(stack, current, definitions, dependencies, rows, deleting_hooks):
    """Edges, sync points and leaves of the graph, as stored and cast.

    Each node's spec is built as the dict its sync point stores (what
    messages.NodeSpec.to_dict makes), once per node; only the leaves'
    become NodeSpecs, to be cast.
    """
    existing = [graph.ExistingRow(r.id, r.requires or [], r.replaces) for r in rows]
    nodes, edges = graph.build(current, dependencies, existing)
    counts = graph.predecessor_counts(nodes, edges)
    current_ids = set(current.values())
    # Check, suspend and resume act on resources as they stand: they delete
    # nothing, and their nodes' mode says which acts (state_action).
    as_it_stands = _AS_IT_STANDS.get(stack.action)
    # How each update node judges its resource: observe_reality compares
    # with reality instead of the stored state.
    update_mode = (as_it_stands if as_it_stands else
                   messages.Mode.ADOPT if stack.action == Action.ADOPT else
                   messages.Mode.OBSERVE if stack.observe_reality else
                   messages.Mode.CONVERGE)
    specs = {(row_id, True): {'definition': _stored_definition(definitions[name],
                                                               stack.raw_template_id),
                              'mode': update_mode}
             for name, row_id in current.items()}
    deleting = 0
    for row in rows:
        if as_it_stands:
            mode = as_it_stands if row.id in current_ids else messages.Mode.KEEP
        else:
            mode = messages.Mode.KEEP if row.id in current_ids else messages.Mode.DELETE
        definition = {'name': row.name}
        if mode == messages.Mode.DELETE:
            deleting += 1
            hooks_set = deleting_hooks(row.name)
            hook, post_hook = _breakpoints(stack.action, hooks_set)
            if hook:
                definition['hook'] = hook
            if post_hook:
                definition['post_hook'] = post_hook
        specs[(row.id, False)] = {'definition': definition, 'mode': mode}
    return {
        'nodes': nodes,
        'specs': specs,
        'deleting': deleting,
        'leaves': sorted(n for n in nodes if counts[n] == 0),
        'edges': [{'required_id': e.required[0], 'required_is_update': e.required[1],
                   'requirer_id': e.requirer[0] if e.requirer else None,
                   'requirer_is_update': e.requirer[1] if e.requirer else None,
                   'attrs': list(e.attrs)} for e in edges],
        'sync_points': [{'entity_id': node[0] if node else sync_point.STACK_ENTITY,
                         'is_update': node[1] if node else True,
                         'predecessors': count, 'remaining': count,
                         'definition': specs[node] if node else None}
                        for node, count in counts.items()],
    }


def _stored_definition(frozen, template_id):
    """An update node's definition as its sync point stores it: the frozen
    definition and the template it belongs to, without unset fields (as
    messages.Definition.to_dict leaves them out)."""
    stored = {key: value for key, value in frozen.items() if value is not None}
    stored['template_id'] = template_id
    return stored


def _target(stack, raw):
    """Frozen definitions and dependencies of the stack's target template
    (``raw``, its stored row)."""
    if raw is None:
        return {}, {}
    tmpl = hot_template.Template.load_stored(raw.template, files=raw.files,
                                             environment=raw.environment)
    bound = tmpl.bind(params=raw.parameters, stack_name=stack.name,
                      stack_id=stack.id, project_id=stack.tenant,
                      facade=db_api.stack_facade(stack))
    definitions = {name: bound.resource(name).frozen()
                   for name in bound.resource_names()}
    registry = tmpl.environment.registry
    for name, definition in definitions.items():
        hooks_set = registry.hooks_for(name)
        hook, post_hook = _breakpoints(stack.action, hooks_set)
        if hook:
            definition['hook'] = hook
        if post_hook:
            definition['post_hook'] = post_hook
    return definitions, bound.dependencies()


def _breakpoints(operation, hooks_set):
    """The (pre, post) hooks a node of ``operation`` stops at."""
    return extensions.call(extensions.BREAKPOINTS, operation, hooks_set,
                           default=(None, None))


def _deleting_hooks(stack):
    """name -> the hooks set on it, for a stack delete: the environment is
    the last one the stack reached (the target is empty)."""
    if stack.action != Action.DELETE or stack.prev_raw_template_id is None:
        return lambda name: ()
    environment = db_api.raw_template_environment(stack.prev_raw_template_id)
    try:
        registry = environment_mod.Environment.load(environment).registry
    except exception.HeatConvException:
        return lambda name: ()
    return registry.hooks_for


def best_existing(rows, template_id, last_reached=None):
    """Of the rows of one name, the one that carries it into this traversal.

    A row built with exactly the target template wins (a rollback brings
    back the original instead of a replacement); then, as in Heat, one
    built with the template the stack last reached (``last_reached``), so
    that after a failed replacement an update back to the original keeps
    it; otherwise the newest row that has not been replaced.
    """
    candidates = [r for r in rows if r.action != Action.DELETE]
    if not candidates:
        return None
    for row in reversed(candidates):
        if row.template_id == template_id and row.status == Status.COMPLETE \
                and row.action != Action.INIT:
            return row
    for row in reversed(candidates):
        if last_reached is not None and row.template_id == last_reached \
                and row.action != Action.INIT and row.physical_resource_id:
            return row
    for row in reversed(candidates):
        if row.replaced_by is None:
            return row
    return candidates[-1]
