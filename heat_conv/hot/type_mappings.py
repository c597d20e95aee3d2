"""Type mappings of a resource registry: a type (or a family, ``OS::Net::*``)
mapped to another type, family, template file or URL; how they are read,
and how a type is looked up in them. Shared by a stack's registry
(resource_registry) and the global environment (global_environment).
"""
from heat_conv.common import exception

_TEMPLATE_SUFFIXES = ('.yaml', '.yml', '.template')


def is_template_location(type_name):
    """Whether a type name is a nested template file or URL, as Heat reads it."""
    return type_name.endswith(_TEMPLATE_SUFFIXES) or '://' in type_name


def parse(raw, path, skip=()):
    """{type or type prefix*: target}; null targets (Heat's "unset") drop out."""
    out = {}
    for name, target in raw.items():
        if name in skip:
            continue
        if target is None:
            continue
        if not isinstance(name, str) or not isinstance(target, str):
            _fail(path + (name,), 'A type mapping must map a type name to a type, '
                  'a template file or a URL')
        if name.endswith('*') != target.endswith('*') and not is_template_location(target):
            _fail(path + (name,), 'A wildcard type must map to a wildcard type')
        out[name] = target
    return out


def lookup(mappings, type_name):
    if type_name in mappings:
        return mappings[type_name]
    # The longest matching prefix wins, so a specific family beats "OS::*".
    best = None
    for pattern, target in mappings.items():
        if pattern.endswith('*') and type_name.startswith(pattern[:-1]):
            if best is None or len(pattern) > len(best[0]):
                best = (pattern, target)
    if best is None:
        return None
    pattern, target = best
    if target.endswith('*'):
        return target[:-1] + type_name[len(pattern) - 1:]
    return target


def _fail(path, message):
    raise exception.InvalidEnvironment(message, path=path)
