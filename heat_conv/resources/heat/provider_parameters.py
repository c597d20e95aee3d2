"""A template resource's properties as its provider template's parameters.

Heat passes a list of maps given for a comma_delimited_list parameter
(an AWS group's member ``Tags``, for one) flattened, one
``.member.N.KEY=VALUE`` item per key of each map, so a provider template
can declare such a parameter and still be given tags. Other values pass
as given.
"""
_LIST_TYPES = ('comma_delimited_list', 'commadelimitedlist')


def parameters(template, properties):
    """{parameter: value} the child stack of ``template`` is given."""
    declared = (template or {}).get('parameters') or (template or {}).get('Parameters') \
        or {}
    found = {}
    for name, value in properties.items():
        if value is None:
            continue
        if _is_list_type(declared.get(name)) and _maps(value):
            value = ','.join(f'.member.{index}.{key}={item_value}'
                             for index, item in enumerate(value)
                             for key, item_value in item.items())
        found[name] = value
    return found


def _is_list_type(declaration):
    if not isinstance(declaration, dict):
        return False
    kind = declaration.get('type', declaration.get('Type'))
    return isinstance(kind, str) and kind.lower() in _LIST_TYPES


def _maps(value):
    return isinstance(value, list) and bool(value) and all(isinstance(item, dict)
                                                           for item in value)
