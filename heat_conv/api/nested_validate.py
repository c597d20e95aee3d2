"""``POST /validate?show_nested=True``: the parameters of the child stacks
that the template's template resources would have (``NestedParameters``,
as Heat shows them), level by level.

Each child's parameters show the values its parent resource would give
them (``Value``) where they are known before anything is built: literal
properties, and parameters of the parent resolved into them, level after
level, as Heat's nested stacks get them.
"""
from heat_conv.common import exception
from heat_conv.resources.heat import template_resource


def nested_parameters(bound, chain=()):
    """{'NestedParameters': {resource: {...}}} for ``bound`` (a
    StackDefinition), or {} if none of its resources is a template resource."""
    result = {}
    tmpl = bound.template
    for name in bound.resource_names():
        definition = bound.resource(name)
        location = definition.nested_template
        if location is None or location in chain or location not in tmpl.files:
            continue
        child = template_resource.child_template(tmpl, location, check_defaults=False)
        properties = _literal(definition.frozen().get('properties'))
        entry = {'Type': definition.template_type, 'Description': child.description,
                 'Parameters': child.parameter_schemas(properties)}
        if child.parameter_groups:
            entry['ParameterGroups'] = child.parameter_groups
        # Only its parameters reach the child (as Heat's properties schema
        # of a template resource holds only those).
        params = {k: v for k, v in properties.items() if k in child.parameter_definitions}
        try:
            child_bound = child.bind(params=params, stack_name=name, validating=True)
        except exception.HeatConvException:
            child_bound = None   # the create will say what is wrong with it
        if child_bound is not None:
            entry.update(nested_parameters(child_bound, chain + (location,)))
        result[name] = entry
    return {'NestedParameters': result} if result else {}


def _literal(properties):
    """The properties whose values are known before anything is built."""
    if not isinstance(properties, dict):
        return {}
    return {key: value for key, value in properties.items() if _is_literal(value)}


def _is_literal(value):
    if isinstance(value, dict):
        return not any(isinstance(k, str) and (k.startswith('get_') or k.startswith('Fn::')
                                               or k in ('Ref', 'str_replace', 'list_join'))
                       for k in value) and all(_is_literal(v) for v in value.values())
    if isinstance(value, list):
        return all(_is_literal(v) for v in value)
    return True
