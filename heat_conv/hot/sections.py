"""The shape of a template's sections: which top-level sections exist, and
what a resource or an output entry may contain.

Only the structure is checked here; the snippets inside (properties, values,
conditions) are checked by the Checker.
"""

import dataclasses

from heat_conv.common import exception
from heat_conv.hot import function_base
from heat_conv.hot import syntax
from heat_conv.hot import versions


@dataclasses.dataclass
class ResourceSnippet:
    """A resource entry as written, with its structure validated."""

    name: str
    type: str
    properties: object = None
    metadata: object = None
    depends_on: list = dataclasses.field(default_factory=list)
    deletion_policy: object = 'Delete'
    update_policy: object = None
    description: str = ''
    condition: object = None
    external_id: object = None


@dataclasses.dataclass
class OutputSnippet:
    name: str
    value: object
    description: str = ''
    condition: object = None


def check_top_level(body, spec):
    for section in body:
        if section in spec.sections:
            continue
        first = versions.describe_first_with(spec, 'sections', section)
        if first is not None:
            message = (f'The "{section}" section needs {first}; this template is '
                       f'{spec.date}')
        else:
            message = (f'"{section}" is not a valid template section; valid sections '
                       f'are: {", ".join(sorted(spec.sections))}')
        raise exception.InvalidTemplate(message, path=(section,))


def parse_resources(raw, spec):
    """{name: ResourceSnippet} in template order."""
    section = spec.section('resources')
    entries = _entries(raw, section, 'resource')
    names = _Keys(spec, 'resource_keys')
    resources = {}
    for name, written in entries.items():
        path = (section, name)
        _check_keys(written, spec.resource_keys, path, 'resource', spec)
        entry = names.canonical(written)
        type_name = entry.get('type')
        if type_name is None:
            _fail(path, f'Each resource must contain a "{names.written("type")}" key')
        if not isinstance(type_name, str) or not type_name:
            _fail(path + (names.written('type'),),
                  'The resource type must be a non-empty string')
        for key in ('properties', 'metadata', 'update_policy'):
            value = entry.get(key)
            if value is not None and not isinstance(value, dict):
                _fail(path + (names.written(key),), f'The {key} must be a map, not '
                      f'{function_base.describe(value)}')
        description = entry.get('description', '')
        if not isinstance(description, str):
            _fail(path + (names.written('description'),),
                  'The description must be a string')
        policy = entry.get('deletion_policy', 'Delete')
        if not syntax.is_call(policy):
            normalise_deletion_policy(policy, spec,
                                      path + (names.written('deletion_policy'),))
        resources[name] = ResourceSnippet(
            name=name, type=type_name, properties=entry.get('properties'),
            metadata=entry.get('metadata'),
            depends_on=_depends_on(entry.get('depends_on'),
                                   path + (names.written('depends_on'),)),
            deletion_policy=policy, update_policy=entry.get('update_policy'),
            description=description, condition=entry.get('condition'),
            external_id=entry.get('external_id'))
    for name, resource in resources.items():
        for index, dep in enumerate(resource.depends_on):
            if dep not in resources:
                raise exception.InvalidReference(
                    f'The resource "{dep}" is not defined in the template',
                    path=(section, name, names.written('depends_on'), index))
    return resources


def parse_mappings(raw, spec):
    """The Mappings section: {map name: {key: {key: value}}}; {} if absent."""
    if raw is None:
        return {}
    section = spec.section('mappings')
    if not isinstance(raw, dict):
        _fail((section,), f'The {section} section must be a map of mapping names to '
              'mappings')
    for name, mapping in raw.items():
        if not isinstance(mapping, dict):
            _fail((section, name), 'Each mapping must be a map of keys to maps')
        for key, values in mapping.items():
            if not isinstance(values, dict):
                _fail((section, name, key), 'Each key of a mapping must name a map of '
                      f'values, not {function_base.describe(values)}')
    return raw


def normalise_deletion_policy(policy, spec, path):
    """'Delete', 'Retain' or 'Snapshot' for an accepted spelling;
    InvalidTemplate otherwise. Whether the type can take a snapshot is the
    resource check's business (template_check)."""
    if not isinstance(policy, str) or policy not in spec.deletion_policies:
        valid = ', '.join(sorted(spec.deletion_policies))
        _fail(path, f'Invalid deletion policy {policy!r}; valid policies are: {valid}')
    return policy.capitalize()


def parse_outputs(raw, spec):
    """{name: OutputSnippet} in template order."""
    section = spec.section('outputs')
    entries = _entries(raw, section, 'output')
    names = _Keys(spec, 'output_keys')
    outputs = {}
    for name, written in entries.items():
        path = (section, name)
        # Heat ignores keys it does not know in an output; only a key of a
        # later version is refused, saying which version it needs.
        _check_keys(written, spec.output_keys, path, 'output', spec, ignore_unknown=True)
        entry = names.canonical({key: value for key, value in written.items()
                                 if key in spec.output_keys})
        if 'value' not in entry:
            _fail(path, f'Each output must contain a "{names.written("value")}" key')
        description = entry.get('description', '')
        if not isinstance(description, str):
            _fail(path + (names.written('description'),),
                  'The description must be a string')
        outputs[name] = OutputSnippet(name=name, value=entry['value'],
                                      description=description,
                                      condition=entry.get('condition'))
    return outputs


class _Keys:
    """Written <-> canonical names of one kind of entry's keys."""

    def __init__(self, spec, table):
        self._layout = spec.layout
        self._table = table

    def written(self, canonical):
        return self._layout.written(self._table, canonical)

    def canonical(self, entry):
        """The entry with its keys (already checked) in canonical names."""
        return {self._layout.canonical(self._table, key): value
                for key, value in entry.items()}


def check_name(name, section, what):
    """Names end up in URLs, logs and other systems' fields: no control
    characters (NUL included), and resource names (path segments) no "/"."""
    if any(ord(ch) < 32 or ord(ch) == 127 for ch in name):
        _fail((section,), f'Invalid {what} name {name!r}: it may not contain '
              'control characters')
    if what == 'resource' and '/' in name:
        _fail((section,), f'Invalid {what} name {name!r}: it may not contain "/"')


def _entries(raw, section, what):
    if raw is None:
        return {}
    if not isinstance(raw, dict):
        _fail((section,), f'The {section} section must be a map of {what} names '
              f'to {what} definitions')
    for name, entry in raw.items():
        if not isinstance(name, str) or not name:
            _fail((section, name), f'The {what} name must be a non-empty string')
        check_name(name, section, what)
        if not isinstance(entry, dict):
            _fail((section, name), f'Each {what} must be a map, not '
                  f'{function_base.describe(entry)}')
    return raw


def _check_keys(entry, allowed, path, what, spec, ignore_unknown=False):
    for key in entry:
        if key in allowed:
            continue
        first = versions.describe_first_with(spec, f'{what}_keys', key)
        if first is not None:
            _fail(path + (key,), f'"{key}" needs {first}')
        if ignore_unknown and not _miscased(key, allowed):
            continue
        article = 'an' if what[0] in 'aeiou' else 'a'
        _fail(path + (key,), f'"{key}" is not a valid keyword inside {article} {what} '
              f'definition; valid keywords are: {", ".join(sorted(allowed))}')


def _miscased(key, allowed):
    """A key written in the other format's case (``value`` in a
    CloudFormation output): a mistake, not a key to ignore."""
    return isinstance(key, str) and any(key.lower() == name.lower() for name in allowed)


def _depends_on(raw, path):
    if raw is None:
        return []
    names = [raw] if isinstance(raw, str) else raw
    if not isinstance(names, list):
        _fail(path, f'{path[-1]} must be a resource name or a list of them')
    for index, name in enumerate(names):
        if not isinstance(name, str):
            _fail(path + (index,), f'{path[-1]} must be a resource name or a list of '
                  'them')
    return list(names)


def _fail(path, message):
    raise exception.InvalidTemplate(message, path=path)
