"""The nested template of a ResourceGroup: one resource per member.

Pure: from the group's resolved properties and, for a rolling update, the
members the nested stack has now. Member definitions are plain template
snippets (``type``, ``properties``, ``metadata``), compared as dicts to
tell which members already have the group's current definition.
"""
import itertools

from heat_conv.resources.heat import group_names

# The version Heat writes its groups' nested templates in.
VERSION = '2015-04-30'


def _substitute(value, index_var, name):
    if isinstance(value, str):
        return value.replace(index_var, name)
    if isinstance(value, dict):
        return {key: _substitute(item, index_var, name) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [_substitute(item, index_var, name) for item in value]
    return value


def member_definition(resource_def, name, index_var='%index%'):
    """Member ``name``'s definition: ``resource_def`` with ``index_var``
    replaced by the name in every string of its properties (not in its
    metadata), and properties without a value left out."""
    definition = {'type': resource_def['type']}
    properties = {key: value for key, value in
                  (resource_def.get('properties') or {}).items() if value is not None}
    if properties:
        definition['properties'] = _substitute(properties, index_var, name)
    if resource_def.get('metadata'):
        definition['metadata'] = resource_def['metadata']
    return definition


def template(definitions):
    """A nested template from [(name, definition)]."""
    return {'heat_template_version': VERSION,
            'resources': {name: definition for name, definition in definitions}}


def assemble(resource_def, names, index_var='%index%'):
    """The template of a group whose members are ``names``, all with the
    group's current definition."""
    return template([(name, member_definition(resource_def, name, index_var))
                     for name in names])


def rolling_definitions(existing, resource_def, index_var, target, capacity,
                        max_updates, skiplist=()):
    """The members of one batch of a rolling update or batched create.

    ``existing`` is [(name, definition)] of the nested stack's members in
    the order Heat inspects them (failed first, then by creation time and
    name). The batch leaves ``capacity`` members, of which at most
    ``max_updates`` get the current definition (new members included),
    as Heat does: members outside the target's names go first, then the
    highest indices are updated first; the members above ``target`` are
    kept last and removed once the group shrinks back.
    Returns [(name, definition)].
    """
    names = group_names.member_names(capacity, skiplist)
    skipped = set(skiplist)
    valid = [(n, d) for n, d in existing if n not in skipped]

    def priority(item):
        try:
            index = names.index(item[0])
        except ValueError:
            return 0                       # not wanted any more: remove first
        return target - index if index < target else capacity

    old = sorted(valid, key=priority)[-capacity:] if capacity else []
    existing_names = {n for n, _d in valid}
    new_names = (n for n in names if n not in existing_names)
    replace = max_updates - (capacity - len(old))
    result = []
    for name, definition in old:
        wanted = member_definition(resource_def, name, index_var)
        if definition != wanted and replace > 0:
            replace -= 1
            result.append((name, wanted))
        else:
            result.append((name, definition))
    for name in itertools.islice(new_names, capacity - len(old)):
        result.append((name, member_definition(resource_def, name, index_var)))
    return result
