"""The ``parameter_groups`` section: how user interfaces order parameters.

Groups carry no meaning for a stack, but a group that names a parameter the
template does not have, or puts one parameter in two groups, is a template
mistake worth reporting early.
"""

from heat_conv.common import exception

_KEYS = frozenset({'label', 'description', 'parameters'})


def validate(raw, parameter_names):
    """The groups as a list of maps; InvalidTemplate located in the section."""
    if raw is None:
        return []
    if not isinstance(raw, list):
        _fail(('parameter_groups',), 'The parameter_groups section must be a list')
    owner = {}
    for index, group in enumerate(raw):
        path = ('parameter_groups', index)
        if not isinstance(group, dict):
            _fail(path, 'Each parameter group must be a map')
        unknown = sorted(str(k) for k in group if k not in _KEYS)
        if unknown:
            _fail(path + (unknown[0],), f'"{unknown[0]}" is not a valid parameter group keyword')
        members = group.get('parameters')
        if not isinstance(members, list):
            _fail(path + ('parameters',), 'Each parameter group needs a list of parameters')
        for position, name in enumerate(members):
            where = path + ('parameters', position)
            if not isinstance(name, str) or name not in parameter_names:
                raise exception.InvalidReference(
                    f'The grouped parameter {name} does not reference a valid parameter',
                    path=where)
            if name in owner:
                _fail(where, f'The parameter {name} is already in parameter group {owner[name]}')
            owner[name] = index
    return raw


def _fail(path, message):
    raise exception.InvalidTemplate(message, path=path)
