"""The environment's ``resource_registry``: what a resource type really is.

An entry maps a type to another type (an alias, ``My::Server:
OS::Heat::TestResource``), a family of types to another family
(``OS::Net::*: OS::Neutron::*``), or a type to a nested template file or URL
(``My::Server: server.yaml``). Nested templates are only recorded here;
running them as nested stacks is out of scope. Entries under ``resources``
apply to one named resource only. The global environment's mappings
(global_environment) are looked up after all of the stack's own.

An entry under ``resources`` whose value is itself a map is a nested
registry: ``resources: {web: {server: {hooks: pre-update}}}`` sets a hook
on resource ``server`` of ``web``'s child stack (a template resource, a
group, ...), at any depth. The child stack's environment carries the
entries of the resources matching its parent resource's name
(``nested_resources``), as Heat's does.

Per-resource ``hooks`` are breakpoints (``pre-create``, ``pre-update``,
``pre-delete``, and after the action ``post-create``, ``post-update``) on
the resources whose names match the entry's name or glob. Per-resource
``restricted_actions`` (``update``, ``replace``) make such a change of the
resources they name fail, with Heat's reason; every entry whose name
pattern matches counts. ``post-delete`` is refused rather than accepted and
ignored.
"""
import fnmatch

from heat_conv.common import exception
from heat_conv.hot import global_environment
from heat_conv.hot import type_mappings
from heat_conv.hot.type_mappings import is_template_location  # noqa: F401  (public name)

HOOKS = ('pre-create', 'pre-update', 'pre-delete', 'post-create', 'post-update')
_HEAT_HOOKS = HOOKS + ('post-delete',)
RESTRICTED_ACTIONS = ('update', 'replace')


class ResourceRegistry:

    def __init__(self, raw=None):
        raw = raw or {}
        if not isinstance(raw, dict):
            _fail(('resource_registry',), 'The resource_registry must be a map')
        self._global = type_mappings.parse(raw, ('resource_registry',), skip=('resources',))
        self._per_resource = {}
        self._hooks = {}
        self._restricted = {}
        self._nested = {}
        per_resource = raw.get('resources') or {}
        if not isinstance(per_resource, dict):
            _fail(('resource_registry', 'resources'), 'Expected a map of resource names')
        for name, entries in per_resource.items():
            path = ('resource_registry', 'resources', name)
            if not isinstance(entries, dict):
                _fail(path, 'Expected a map of type mappings')
            if entries.get('hooks'):
                self._hooks[name] = _hooks(entries['hooks'], path + ('hooks',))
            self._restricted[name] = _restricted(entries.get('restricted_actions'),
                                                 path + ('restricted_actions',))
            nested = {key: value for key, value in entries.items()
                      if isinstance(value, dict)}
            if nested:
                # checked as the child's registry will read it
                ResourceRegistry({'resources': nested})
                self._nested[name] = nested
            self._per_resource[name] = type_mappings.parse(
                entries, path, skip=('hooks', 'restricted_actions') + tuple(nested))

    def nested_resources(self, resource_name):
        """The per-resource entries of ``resource_name``'s child stack: the
        nested registries of every entry whose name or glob matches it, the
        exact name's last (it wins)."""
        found = {}
        for pattern, nested in self._nested.items():
            if pattern != resource_name and fnmatch.fnmatchcase(resource_name, pattern):
                found.update(nested)
        found.update(self._nested.get(resource_name, {}))
        return found

    def hooks_for(self, resource_name):
        """The breakpoints set on a resource: every entry whose name or glob
        matches it counts."""
        found = set()
        for pattern, hooks in self._hooks.items():
            if fnmatch.fnmatchcase(resource_name, pattern):
                found.update(hooks)
        return found

    def restricted_actions(self, resource_name):
        """The actions restricted for ``resource_name`` by every matching entry."""
        found = set()
        for pattern, actions in self._restricted.items():
            if fnmatch.fnmatchcase(resource_name, pattern):
                found.update(actions)
        return found

    def resolve(self, type_name, resource_name=None):
        """(type, nested template or None) for a resource of ``type_name``.

        Aliases are followed to the end; the type reported for a nested
        template is the last name before the file, which is what users see.
        """
        if is_template_location(type_name):
            return type_name, type_name
        local = self._entries_for(resource_name)
        seen = [type_name]
        current = type_name
        while True:
            target = type_mappings.lookup(local, current)
            if target is None:
                target = type_mappings.lookup(self._global, current)
            if target is None:
                target = type_mappings.lookup(global_environment.mappings(), current)
            if target is None or target == current:
                return current, None
            if is_template_location(target):
                return current, target
            if target in seen:
                _fail(('resource_registry', type_name),
                      'Type mappings form a loop: ' + ' -> '.join(seen + [target]))
            seen.append(target)
            current = target

    def _entries_for(self, resource_name):
        if resource_name is None:
            return {}
        if resource_name in self._per_resource:
            return self._per_resource[resource_name]
        for pattern, entries in self._per_resource.items():
            if pattern.endswith('*') and resource_name.startswith(pattern[:-1]):
                return entries
        return {}


def _hooks(raw, path):
    hooks = [raw] if isinstance(raw, str) else raw
    if not isinstance(hooks, list) or not all(isinstance(h, str) for h in hooks):
        _fail(path, 'hooks must be a hook type or a list of them')
    for hook in hooks:
        if hook not in _HEAT_HOOKS:
            _fail(path, f'Invalid hook type "{hook}" for resource breakpoint, '
                  f'acceptable hook types are: {", ".join(_HEAT_HOOKS)}')
        if hook not in HOOKS:
            # a deleted row is gone when its delete ends: nothing to pause
            _fail(path, f'The {hook} hook is not supported by heat-conv yet; '
                  f'supported: {", ".join(HOOKS)}')
    return frozenset(hooks)


def _restricted(value, path):
    """Heat's check of a restricted_actions entry: one action or a list."""
    if value is None:
        return set()
    actions = [value] if isinstance(value, str) else value
    if not isinstance(actions, list) or not all(a in RESTRICTED_ACTIONS for a in actions):
        raise exception.InvalidEnvironment(
            f'Invalid restricted_action type "{value}" for resource, acceptable '
            f'restricted_action types are: {RESTRICTED_ACTIONS}', path=path)
    return set(actions)


def _fail(path, message):
    raise exception.InvalidEnvironment(message, path=path)
