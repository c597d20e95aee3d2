"""An update preview's children (``show_nested``), as Heat shows them.

A stack-backed resource the update would update previews its child's
update, to the child template the resource would give it; one it would
delete or replace lists its child's resources (and theirs) as deleted;
one it would add or replace lists the resources of its new child as added.
"""
from heat_conv.api import update_preview
from heat_conv.api.views import resources as resource_views
from heat_conv.common import exception
from heat_conv.db import api as db_api
from heat_conv.engine import api as engine_api
from heat_conv.hot import template as hot_template
from heat_conv.plugin_interface import registry


def previewer(bound):
    """The ``nested`` callback of update_preview.changes for a parent
    converging to ``bound`` (whose files and environment the children get)."""
    inputs = (bound.template.files or {}, bound.template.environment.to_dict())

    def nested(stack, row, defn, cls, properties, kind, out):
        if kind in ('deleted', 'replaced') and row is not None:
            _deleted(_child_of(row), out)
        if kind in ('added', 'replaced') and cls is not None and cls.stack_backed:
            _added(stack, row, defn, cls, properties, inputs, out)
        if kind == 'updated' and cls is not None and cls.stack_backed:
            _updated(stack, row, defn, properties, inputs, out)
    return nested


def _updated(stack, row, defn, properties, inputs, out):
    child = _child_of(row)
    spec = _spec(row, defn, properties, inputs, row.stack_id)
    if child is None or spec is None:
        return
    bound = _bound(spec, child.name, child.id, child.tenant)
    if bound is None:
        return
    sub = update_preview.changes(child, bound,
                                 db_api.resources_of_stack(child.id, include_deleted=True),
                                 nested=previewer(bound))
    for kind in update_preview.KINDS:
        out[kind].extend(sub[kind])


def _deleted(child, out):
    if child is None:
        return
    for row in db_api.resources_of_stack(child.id):
        if row.action == 'INIT' or (row.action == 'DELETE' and row.status == 'COMPLETE'):
            continue
        entry = resource_views.existing(child, row, [])
        entry['parent_resource'] = child.parent_resource_name
        out['deleted'].append(entry)
        _deleted(_child_of(row), out)   # None unless the row has a child


def _added(stack, row, defn, cls, properties, inputs, out):
    spec = _spec(row, defn, properties, inputs, stack.id, cls=cls)
    if spec is None:
        return
    name = f'{stack.name}-{defn["name"]}'
    bound = _bound(spec, name, 'None', stack.tenant)
    if bound is None:
        return
    required_by = update_preview.new_required_by(bound)
    child_inputs = (bound.template.files or {}, bound.template.environment.to_dict())
    for member in bound.resource_names():
        definition = bound.resource(member)
        member_defn = definition.frozen()
        entry = resource_views.planned(name, member_defn, required_by[member], 'None',
                                       stack.tenant, definition.template_type,
                                       definition.description)
        entry['parent_resource'] = defn['name']
        out['added'].append(entry)
        member_cls, member_props = update_preview.resolve(member_defn, {}, {})
        if member_cls is not None and member_cls.stack_backed:
            child = _Planned(name, stack.tenant, defn['name'])
            _added(child, None, member_defn, member_cls, member_props, child_inputs, out)


class _Planned:
    """A child stack that does not exist yet, as far as a preview needs."""
    def __init__(self, name, tenant, parent_resource_name):
        self.name, self.id, self.tenant = name, 'None', tenant
        self.parent_resource_name = parent_resource_name


def _spec(row, defn, properties, inputs, stack_id, cls=None):
    """The ChildSpec the resource would give its child, or None if the
    preview cannot tell (properties still unknown)."""
    if properties is update_preview.UNRESOLVED:
        return None
    definition = engine_api.Definition.from_dict(dict(defn, template_id=None))
    try:
        if row is not None and cls is None:
            plugin = registry.plugin_for(row, properties, definition=definition)
        else:
            cls = cls or registry.get(defn['type'], nested_template=defn.get('nested_template'))
            plugin = cls(defn['name'], stack_id, properties,
                         physical_id=row.physical_resource_id if row is not None else None,
                         definition=definition)
        plugin.parent_inputs = inputs
        return plugin.child_spec()
    except exception.HeatConvException:
        return None


def _bound(spec, name, stack_id, tenant):
    try:
        return hot_template.Template.load(spec.template, files=spec.files,
                                          environment=spec.environment).bind(
            params=spec.parameters, stack_name=name, stack_id=stack_id, project_id=tenant)
    except exception.HeatConvException:
        return None


def _child_of(row):
    if row is None or not row.physical_resource_id:
        return None
    try:
        cls = registry.get(row.type, nested_template=row.nested_template)
    except exception.HeatConvException:
        return None
    if not cls.stack_backed:
        return None
    try:
        child = db_api.stack_get(row.physical_resource_id)
    except exception.StackNotFound:
        return None
    return None if child.deleted_at is not None else child
