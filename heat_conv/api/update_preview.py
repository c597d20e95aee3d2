"""What an update would do to each resource, without doing it.

It follows the worker's decision (``check_resource``): a name with no
built row is added; a type change or a failed row is replaced; otherwise
the new properties, resolved against the stored reference ids and
attributes of today's resources, are compared with the stored ones and the
plugin says whether the difference needs a replacement. A property that
depends on a resource about to change is judged by today's values: this
is a preview, as Heat's is.
"""
from heat_conv.api import resource_rows
from heat_conv.api.views import resources as resource_views
from heat_conv.common import exception
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


def classify(row, defn, refs, attrs):
    if row is None or row.action in ('INIT', 'DELETE') or (
            row.status == 'FAILED' and not row.physical_resource_id):
        return 'added'
    if row.type != defn['type'] or row.status == 'FAILED':
        return 'replaced'
    try:
        cls = registry.get(defn['type'])
        resolved = hot_template.resolve_frozen(defn['properties'] or {},
                                               defn['version'], refs, attrs)
        properties = cls.validate_properties(resolved)
    except exception.HeatConvException:
        # The update would find out at this resource; it changes either way.
        return 'updated'
    old = row.properties_data or {}
    if properties == old:
        return 'unchanged'
    plugin = cls(row.name, row.stack_id, properties,
                 physical_id=row.physical_resource_id, stored_properties=old,
                 stored_attributes=row.attributes_data)
    return 'replaced' if plugin.needs_replace(old) else 'updated'


def changes(stack, bound, rows):
    """Heat's ``resource_changes`` document for updating ``stack`` to ``bound``."""
    shown = resource_rows.shown(rows)
    old_required_by = resource_rows.required_by(rows, shown)
    required_by = new_required_by(bound)
    refs, attrs = resource_rows.reference_data(shown)
    out = {kind: [] for kind in KINDS}
    for name in bound.resource_names():
        defn = bound.resource(name).frozen()
        row = shown.get(name)
        kind = classify(row, defn, refs, attrs)
        if kind == 'added':
            out[kind].append(resource_views.planned(stack.name, defn, required_by[name],
                                                    stack.id, stack.tenant))
        else:
            out[kind].append(resource_views.existing(stack, row, required_by[name]))
    wanted = set(bound.resource_names())
    for name, row in shown.items():
        if name not in wanted:
            out['deleted'].append(resource_views.existing(stack, row,
                                                          old_required_by[name]))
    return out
