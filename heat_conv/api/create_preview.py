"""A create preview's resources (``POST /stacks/preview``), as Heat shows
them: each resource with every field of Heat's resource document (times
null, nothing built), its properties as the create would give them
(defaults applied; a reference to an unbuilt resource is its name, an
attribute null), and a resource that owns a child stack replaced by the
list of its child's resources, so nesting shows as lists in the list.
"""
from heat_conv.api import update_preview
from heat_conv.api.views import resources as resource_views
from heat_conv.common import exception
from heat_conv.engine import api as engine_api
from heat_conv.hot import template as hot_template
from heat_conv.plugin_interface import registry


def resources(bound, stack_name, tenant, parent_resource=None):
    """The preview's ``resources`` list for ``bound`` (a StackDefinition)."""
    required_by = update_preview.new_required_by(bound)
    names = bound.resource_names()
    refs = {name: name for name in names}
    inputs = (bound.template.files or {}, bound.template.environment.to_dict())
    out = []
    for name in names:
        definition = bound.resource(name)
        defn = definition.frozen()
        cls, properties = update_preview.resolve(defn, refs, {})
        if cls is not None and cls.stack_backed and properties is not update_preview.UNRESOLVED:
            child = _child(cls, defn, properties, inputs, f'{stack_name}-{name}', tenant)
            if child is not None:
                out.append(resources(child, f'{stack_name}-{name}', tenant, name))
                continue
        entry = resource_views.planned(stack_name, defn, required_by[name], tenant=tenant,
                                       type_name=definition.template_type,
                                       description=definition.description)
        if properties is not update_preview.UNRESOLVED:
            entry['properties'] = properties
        entry['attributes'] = {key: None for key in (cls.attributes_schema if cls else {})}
        if parent_resource is not None:
            entry['parent_resource'] = parent_resource
        out.append(entry)
    return out


def _child(cls, defn, properties, inputs, name, tenant):
    """The child stack the resource would build, bound; None when the
    preview cannot tell."""
    plugin = cls(defn['name'], 'None', properties,
                 definition=engine_api.Definition.from_dict(dict(defn, template_id=None)))
    plugin.parent_inputs = inputs
    try:
        spec = plugin.child_spec()
        tmpl = hot_template.Template.load(spec.template, files=spec.files,
                                          environment=spec.environment)
        bound = tmpl.bind(params=spec.parameters, stack_name=name, stack_id='None',
                          project_id=tenant)
        registry.check_template(bound)
    except exception.HeatConvException:
        return None
    return bound
