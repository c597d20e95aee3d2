"""What an update would do to each resource, without doing it.

It asks the engine's own decision table (``engine.decision``) what each
step will do, with the new properties resolved against the stored
reference ids and attributes of today's resources. A property that
depends on a resource about to change is judged by today's values: this
is a preview, as Heat's is.

With ``show_nested`` (``nested_preview``), the children's changes follow
their parent's, each marked with its ``parent_resource``.
"""
from heat_conv.api.views import resources as resource_views
from heat_conv.common import exception
from heat_conv.engine import api as engine_api
from heat_conv.hot import template as hot_template
from heat_conv.plugin_interface import registry
from heat_conv.stacks import resource_rows

KINDS = ('added', 'deleted', 'replaced', 'updated', 'unchanged')


def new_required_by(bound):
    """{name: [names that depend on it]} in the new template."""
    out = {name: [] for name in bound.resource_names()}
    for name, deps in bound.dependencies().items():
        for dep in deps:
            if dep in out:
                out[dep].append(name)
    return out


# How the engine's decision shows in Heat's resource_changes document.
_KIND = {engine_api.Change.CREATE: 'added', engine_api.Change.REPLACE: 'replaced',
         engine_api.Change.UPDATE: 'updated', engine_api.Change.NONE: 'unchanged'}
UNRESOLVED = object()   # properties that cannot be resolved count as changed


def resolve(defn, refs, attrs):
    """(the resource's class or None, its new properties or UNRESOLVED)."""
    try:
        cls = registry.get(defn['type'], nested_template=defn.get('nested_template'))
    except exception.HeatConvException:
        return None, UNRESOLVED
    try:
        resolved = hot_template.resolve_frozen(defn['properties'] or {},
                                               defn['version'], refs, attrs)
        return cls, cls.validate_properties(resolved)
    except exception.HeatConvException:
        # The update would find out at this resource; it changes either way.
        return cls, UNRESOLVED


def classify(row, defn, cls, properties):
    return _KIND[engine_api.change_for(
        row, defn['type'], properties,
        lambda old: properties is not UNRESOLVED and
        registry.plugin_for(row, properties).needs_replace(old),
        nested_template=defn.get('nested_template'),
        stack_backed=bool(cls is not None and cls.stack_backed),
        replaced_on_update=bool(cls is not None and cls.replaced_on_update),
        substituted=registry.substitutes(row.type, defn['type']) if row else False)]


def changes(stack, bound, rows, nested=None):
    """Heat's ``resource_changes`` document for updating ``stack`` to
    ``bound``; ``nested(stack, row, defn, cls, properties, kind, out)``
    adds the children's changes (show_nested)."""
    shown = resource_rows.shown(rows)
    old_required_by = resource_rows.required_by(rows, shown)
    required_by = new_required_by(bound)
    refs, attrs = resource_rows.reference_data(shown)
    out = {kind: [] for kind in KINDS}
    children = []
    for name in bound.resource_names():
        definition = bound.resource(name)
        defn = definition.frozen()
        row = shown.get(name)
        cls, properties = resolve(defn, refs, attrs)
        kind = classify(row, defn, cls, properties)
        if kind == 'added':
            entry = resource_views.planned(stack.name, defn, required_by[name], stack.id,
                                           stack.tenant, definition.template_type,
                                           definition.description)
        else:
            alias = definition.template_type if row.type == defn['type'] else None
            entry = resource_views.existing(stack, row, required_by[name], alias,
                                            definition.description)
        out[kind].append(_marked(stack, entry))
        children.append((row, defn, cls, properties, kind))
    wanted = set(bound.resource_names())
    for name, row in shown.items():
        if name not in wanted:
            out['deleted'].append(_marked(stack, resource_views.existing(
                stack, row, old_required_by[name])))
            children.append((row, None, None, None, 'deleted'))
    if nested is not None:
        for row, defn, cls, properties, kind in children:
            nested(stack, row, defn, cls, properties, kind, out)
    return out


def _marked(stack, entry):
    # As in Heat, a child's resources name the parent resource they are in.
    if stack.parent_resource_name:
        entry['parent_resource'] = stack.parent_resource_name
    return entry
