"""What an update would do to each resource, without doing it.

It asks the engine's own decision table (``engine.decision``) what each
step will do, with the new properties resolved against the stored
reference ids and attributes of today's resources. A property that
depends on a resource about to change is judged by today's values: this
is a preview, as Heat's is.
"""
from heat_conv.api import resource_rows
from heat_conv.api.views import resources as resource_views
from heat_conv.common import exception
from heat_conv.engine import decision
from heat_conv.hot import template as hot_template
from heat_conv.resources import registry

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
_KIND = {decision.Change.CREATE: 'added', decision.Change.REPLACE: 'replaced',
         decision.Change.UPDATE: 'updated', decision.Change.NONE: 'unchanged'}
_UNRESOLVED = object()   # properties that cannot be resolved count as changed


def classify(row, defn, refs, attrs):
    try:
        cls = registry.get(defn['type'])
        resolved = hot_template.resolve_frozen(defn['properties'] or {},
                                               defn['version'], refs, attrs)
        properties = cls.validate_properties(resolved)
    except exception.HeatConvException:
        # The update would find out at this resource; it changes either way.
        properties = _UNRESOLVED
    return _KIND[decision.change_for(
        row, defn['type'], properties,
        lambda old: properties is not _UNRESOLVED and
        registry.plugin_for(row, properties).needs_replace(old))]


def changes(stack, bound, rows):
    """Heat's ``resource_changes`` document for updating ``stack`` to ``bound``."""
    shown = resource_rows.shown(rows)
    old_required_by = resource_rows.required_by(rows, shown)
    required_by = new_required_by(bound)
    refs, attrs = resource_rows.reference_data(shown)
    out = {kind: [] for kind in KINDS}
    for name in bound.resource_names():
        definition = bound.resource(name)
        defn = definition.frozen()
        row = shown.get(name)
        kind = classify(row, defn, refs, attrs)
        if kind == 'added':
            out[kind].append(resource_views.planned(stack.name, defn, required_by[name],
                                                    stack.id, stack.tenant,
                                                    definition.template_type,
                                                    definition.description))
        else:
            alias = definition.template_type if row.type == defn['type'] else None
            out[kind].append(resource_views.existing(stack, row, required_by[name],
                                                     alias, definition.description))
    wanted = set(bound.resource_names())
    for name, row in shown.items():
        if name not in wanted:
            out['deleted'].append(resource_views.existing(stack, row,
                                                          old_required_by[name]))
    return out
