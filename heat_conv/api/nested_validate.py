"""``POST /validate?show_nested=True``: the parameters of the child stacks
that the template's template resources would have (``NestedParameters``,
as Heat shows them), level by level."""
from heat_conv.hot import template as hot_template
from heat_conv.resources.heat import template_resource


def nested_parameters(tmpl, chain=()):
    """{'NestedParameters': {resource: {...}}}, or {} if there is none."""
    result = {}
    registry = tmpl.environment.registry
    for name, res in tmpl.resources.items():
        _, location = registry.resolve(res.type, name)
        if location is None or location in chain or location not in tmpl.files:
            continue
        child = hot_template.Template.load(
            template_resource.load_child(tmpl.files, location, ()), files=tmpl.files,
            environment=template_resource.child_environment(tmpl.environment.to_dict(),
                                                            location))
        entry = {'Type': res.type, 'Description': child.description,
                 'Parameters': child.parameter_schemas(_literal(res.properties))}
        if child.parameter_groups:
            entry['ParameterGroups'] = child.parameter_groups
        entry.update(nested_parameters(child, chain + (location,)))
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
