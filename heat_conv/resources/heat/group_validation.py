"""A ResourceGroup's members, validated with the stack as Heat does.

When the count is not zero, the first member is built as the group's child
stack would have it and its literal property values are checked; for a
template resource member, those of the resources of its template (with the
member's properties as its parameters). A zero count validates nothing, so
that a feature can be switched off with it although its definition would
not validate (Heat's ``test_resource_group_zero_novalidate``). Values that
are still calls (``get_attr``, ``get_resource``) are checked when known.

Errors carry Heat's path, each nested stack marked with where its template
came from: ``resources.G<nested_stack>.resources.0<member.yaml>.resources.R``.
"""
from heat_conv.common import exception
from heat_conv.hot import syntax
from heat_conv.hot import template as hot_template
from heat_conv.plugin_interface import properties as props_mod
from heat_conv.resources.heat import group_template
from heat_conv.resources.heat import template_resource

FIRST = '0'


def check(properties, bound, path, get_class):
    """Raise InvalidProperties for a first member that would not validate.

    ``properties``: the group's frozen properties; ``path``: the group's
    (``resources.G``); ``get_class``: the registry's type lookup."""
    count, resource_def = properties.get('count', 1), properties.get('resource_def')
    if not (isinstance(count, int) and count > 0 and isinstance(resource_def, dict)
            and isinstance(resource_def.get('type'), str) and not _has_call(resource_def)):
        return
    index_var = properties.get('index_var') or '%index%'
    if not isinstance(index_var, str):
        return
    files = bound.template.files
    environment = template_resource.child_environment(
        bound.template.environment.to_dict(), None)
    members = hot_template.Template.load(
        group_template.assemble(resource_def, [FIRST], index_var), files=files,
        environment=environment).bind(stack_name='validation')
    member = members.resource(FIRST)
    here = tuple(path[:-1]) + (f'{path[-1]}<nested_stack>', 'resources')
    member_props = member.frozen().get('properties') or {}
    location = member.nested_template
    if location is None:
        _check_values(get_class(member.type, path=here + (FIRST, 'type')), member_props,
                      here + (FIRST,))
        return
    provider = hot_template.Template.load(
        template_resource.load_child(files, location, here + (FIRST, 'type')), files=files,
        environment=template_resource.child_environment(environment, location))
    params = {k: v for k, v in member_props.items()
              if k in provider.parameter_definitions and not _has_call(v)}
    if any(not schema.has_default and name not in params
           for name, schema in provider.parameter_definitions.items()):
        return   # a parameter still computed: the member is validated when built
    inner = provider.bind(params=params, stack_name='validation')
    for name in inner.resource_names():
        defn = inner.resource(name)
        if defn.nested_template is not None:
            continue   # a deeper template resource: validated when it is built
        where = here + (f'{FIRST}<{location}>', 'resources', name)
        _check_values(get_class(defn.type, path=where + ('type',),
                                nested_template=None),
                      defn.frozen().get('properties') or {}, where)


def _check_values(cls, values, path):
    if not isinstance(values, dict):
        return
    for name, value in values.items():
        prop = cls.properties_schema.get(name)
        if prop is None or value is None or _has_call(value):
            continue
        try:
            props_mod.validate({name: prop}, {name: value})
        except exception.InvalidProperties as exc:
            # Heat's nested validation error names the resource, then an
            # empty segment, then the value's problem.
            raise exception.InvalidProperties(f': {exc.reason}', path=path) from None


def _has_call(value):
    if isinstance(value, dict):
        if syntax.is_call(value) or syntax.literal_of(value)[0]:
            return True
        return any(_has_call(v) for v in value.values())
    if isinstance(value, (list, tuple)):
        return any(_has_call(v) for v in value)
    return False
