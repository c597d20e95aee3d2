"""A create preview (``POST /stacks/preview``) as Heat shows it: the stack
document of a stack not yet made (no id, created now, its outputs resolved
with every attribute null, as Heat's preview resolves them), and its
resources: each resource with every field of Heat's resource document (times
null, nothing built), its properties as the create would give them
(defaults applied; a reference to an unbuilt resource is its name, an
attribute null), and a resource that owns a child stack replaced by the
list of its child's resources, so nesting shows as lists in the list.
"""
from heat_conv.api import update_preview
from heat_conv.api.views import links
from heat_conv.api.views import resources as resource_views
from heat_conv.common import exception
from heat_conv.common import timeutils
from heat_conv.engine import api as engine_api
from heat_conv.hot import template as hot_template
from heat_conv.plugin_interface import registry
from heat_conv.stacks import stored_template

# Heat names a stack it has not made by the id ``None``.
NO_ID = 'None'


def stack_document(req, ctx, name, tmpl, bound, wanted):
    """The preview's stack, every field of Heat's but ``resources``."""
    refs = {resource: resource for resource in bound.resource_names()}
    return {
        'id': NO_ID,
        'stack_name': name,
        'links': [links.link(f'{links.tenant_url(req, ctx.project_id)}/stacks/'
                             f'{links.quote(name)}/{NO_ID}')],
        'description': tmpl.description,
        'template_description': tmpl.description,
        'parameters': bound.parameters_for_display(),
        'outputs': stored_template.outputs(bound, refs, {}),
        'creation_time': timeutils.isotime(timeutils.utcnow()),
        'updated_time': None,
        'deletion_time': None,
        'timeout_mins': wanted.timeout,
        'disable_rollback': wanted.disable_rollback,
        # Heat's shown stack has a list here, empty without tags.
        'tags': wanted.tags or [],
        'stack_owner': ctx.owner_name,
        'stack_user_project_id': None,
        'parent': None,
        'capabilities': [],
        'notification_topics': [],
    }


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
