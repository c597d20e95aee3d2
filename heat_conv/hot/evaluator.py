"""Evaluates template snippets, as far as what is known allows.

At bind time parameters and conditions are known but resources are not:
``get_resource``/``get_attr`` calls, and every call whose arguments contain
one, stay calls (``Deferred``) with the rest of their arguments computed.
Each such reference is recorded as a dependency on the way, so extracting
dependencies costs nothing extra.

On a worker, ``resolve_frozen`` finishes the job from the referenced
resources' reference ids and attributes alone.
"""

from heat_conv.common import exception
from heat_conv.hot import function_base
from heat_conv.hot import functions
from heat_conv.hot import references
from heat_conv.hot import syntax
from heat_conv.hot import versions
from heat_conv.hot.function_base import describe


class Deferred:
    """A call that waits for resource data; ``args`` are evaluated already."""

    __slots__ = ('name', 'args')

    def __init__(self, name, args):
        self.name = name
        self.args = args

    def __repr__(self):
        return f'Deferred({self.name!r}, {self.args!r})'


class Scope:
    """What an evaluation can see.

    Bind time: ``parameters``, ``conditions`` (an object with
    ``is_enabled(name, path)``), ``files``, ``mappings`` (a CloudFormation
    template's Mappings), the ``defined`` and ``enabled`` resource names, and
    the ``facade``: the parent resource's ``metadata``, ``deletion_policy``
    and ``update_policy`` when the stack is a nested one, None at top level.
    Worker: ``refs`` and ``attrs`` only.
    """

    def __init__(self, spec, parameters=None, conditions=None, files=None,
                 defined=(), enabled=(), refs=None, attrs=None, mappings=None,
                 facade=None):
        self.spec = spec
        self.parameters = parameters
        self.conditions = conditions
        self.files = files or {}
        self.mappings = mappings or {}
        self.facade = facade
        self.defined = frozenset(defined)
        self.enabled = frozenset(enabled)
        self.refs = refs
        self.attrs = attrs

    @property
    def final(self):
        return self.refs is not None


class Evaluator:

    def __init__(self, scope):
        self.scope = scope
        self._deps = None

    def evaluate(self, snippet, path, deps=None):
        """(value, deferred); references are added to ``deps`` {name: set(attrs)}."""
        saved, self._deps = self._deps, deps
        try:
            return self._eval(snippet, path, False)
        finally:
            self._deps = saved

    def condition(self, snippet, path):
        """The boolean a condition snippet evaluates to."""
        if isinstance(snippet, bool):
            return snippet
        if isinstance(snippet, str):
            if self.scope.conditions is None:
                raise exception.InvalidReference(
                    f'Condition "{snippet}" cannot be evaluated here', path=path)
            return self.scope.conditions.is_enabled(snippet, path)
        call = syntax.call_of(snippet, self.scope.spec.call_names)
        if call is None:
            raise exception.InvalidTemplate(
                'A condition must be a boolean, a condition name or a condition '
                f'function, not {describe(snippet)}', path=path)
        fn_path = path + (call[0],)
        value, _ = self._call(call[0], call[1], fn_path, in_condition=True)
        if not isinstance(value, bool):
            raise exception.InvalidTemplate(
                f'A condition must evaluate to a boolean, not {describe(value)}',
                path=fn_path)
        return value

    def _eval(self, node, path, in_condition):
        if isinstance(node, dict):
            if self.scope.final:
                is_literal, value = syntax.literal_of(node)
                if is_literal:
                    return value, False
            call = syntax.call_of(node, self.scope.spec.call_names)
            if call is not None:
                return self._call(call[0], call[1], path + (call[0],), in_condition)
            out, deferred = {}, False
            for key, item in node.items():
                out[key], item_deferred = self._eval(item, path + (key,), in_condition)
                deferred = deferred or item_deferred
            return out, deferred
        if isinstance(node, list):
            out, deferred = [], False
            for index, item in enumerate(node):
                value, item_deferred = self._eval(item, path + (index,), in_condition)
                out.append(value)
                deferred = deferred or item_deferred
            return out, deferred
        return node, False

    def _call(self, name, args, path, in_condition):
        fn = functions.lookup(self.scope.spec, name, in_condition, path)
        if fn.reads is not None:
            return _REFERENCE_HANDLERS[fn.reads](self, fn, args, path, in_condition)
        kind = fn.args_kind
        if kind == function_base.CHOICE:
            fn.check(args, path)
            chosen = self.condition(args[0], path + (0,))
            index = 1 if chosen else 2
            if in_condition:
                return self.condition(args[index], path + (index,)), False
            return self._eval(args[index], path + (index,), in_condition)
        if kind == function_base.CONDITION:
            value = self.condition(args, path)
        elif kind == function_base.CONDITIONS:
            fn.check(args, path)
            value = [self.condition(item, path + (i,)) for i, item in enumerate(args)]
        else:
            value, deferred = self._eval(args, path, in_condition)
            if deferred:
                return Deferred(name, value), True
        return fn.apply(value, path), False

    # --- references --------------------------------------------------------

    def _known_now(self, args, path, in_condition, what):
        value, deferred = self._eval(args, path, in_condition)
        if deferred:
            raise exception.InvalidFunctionArgs(
                f'{what} cannot depend on another resource', path=path)
        return value

    def _get_param(self, fn, args, path, in_condition):
        value = self._known_now(args, path, in_condition,
                                f'The arguments of {fn.name}')
        name, keys = fn.split(value, path)
        return fn.select(self._parameter(name, path), keys), False

    def _parameter(self, name, path):
        parameters = self.scope.parameters
        if parameters is None or name not in parameters:
            raise exception.undefined_parameter(name, path=path)
        return parameters[name]

    def _ref(self, fn, args, path, in_condition):
        """CloudFormation's Ref: a resource if there is one by that name (as
        in Heat), else a parameter; in a condition, only a parameter."""
        name = fn.target(self._known_now(args, path, in_condition, 'The name'), path)
        if self.scope.final:
            return self.scope.refs.get(name), False
        if not in_condition and name in self.scope.defined:
            self._reference(name, None, path)
            return Deferred(fn.name, name), True
        if self.scope.parameters is not None and name in self.scope.parameters:
            return self.scope.parameters[name], False
        if in_condition:
            raise exception.undefined_parameter(name, path=path)
        raise exception.InvalidReference(
            f'"{name}" is neither a parameter nor a resource of the template',
            path=path)

    def _find_in_map(self, fn, args, path, in_condition):
        value = self._known_now(args, path, in_condition,
                                f'The arguments of {fn.name}')
        return fn.find(self.scope.mappings, value, path), False

    def _resource_facade(self, fn, args, path, in_condition):
        value = self._known_now(args, path, in_condition, f'The argument of {fn.name}')
        return fn.select(self.scope.facade, value, path), False

    def _get_file(self, fn, args, path, in_condition):
        value = self._known_now(args, path, in_condition, 'The file name')
        return fn.read(value, self.scope.files, path), False

    def _get_resource(self, fn, args, path, in_condition):
        name = fn.resource_name(
            self._known_now(args, path, in_condition, 'The resource name'), path)
        self._reference(name, None, path)
        if self.scope.final:
            return self.scope.refs.get(name), False
        return Deferred(fn.name, name), True

    def _get_attr(self, fn, args, path, in_condition):
        fn.check(args, path)
        items = []
        for index, item in enumerate(args):
            value, item_deferred = self._eval(item, path + (index,), in_condition)
            if item_deferred and index < 2:
                raise exception.InvalidFunctionArgs(
                    'The resource and attribute names cannot depend on another '
                    'resource', path=path)
            items.append(value)
        resource, attribute, keys = fn.split(items, path)
        self._reference(resource, attribute, path)
        if not self.scope.final:
            return Deferred(fn.name, items), True
        values = self.scope.attrs.get(resource) or {}
        if attribute == references.ALL_ATTRIBUTES:
            return {k: references.check_available(v) for k, v in values.items()
                    if k != references.PER_MEMBER}, False
        value = references.check_available(values.get(attribute))
        if keys and attribute in (values.get(references.PER_MEMBER) or ()):
            return references.select_per_member(values, attribute, keys, fn.select), False
        return fn.select(value, keys), False

    def _reference(self, name, attribute, path):
        if self.scope.final:
            return
        if name not in self.scope.defined:
            raise exception.InvalidReference(
                f'The resource "{name}" is not defined in the template', path=path)
        if name not in self.scope.enabled:
            raise exception.InvalidReference(
                f'The resource "{name}" is not created because its condition is false',
                path=path)
        if self._deps is not None:
            attrs = self._deps.setdefault(name, set())
            if attribute is not None:
                attrs.add(attribute)


# function_base.READS_* -> how the evaluator looks it up.
_REFERENCE_HANDLERS = {
    function_base.READS_PARAMETER: Evaluator._get_param,
    function_base.READS_FILE: Evaluator._get_file,
    function_base.READS_RESOURCE: Evaluator._get_resource,
    function_base.READS_ATTRIBUTE: Evaluator._get_attr,
    function_base.READS_REFERENCE: Evaluator._ref,
    function_base.READS_MAPPING: Evaluator._find_in_map,
    function_base.READS_FACADE: Evaluator._resource_facade,
}


def to_snippet(value):
    """A plain, JSON-serialisable snippet from a partially evaluated value."""
    if isinstance(value, Deferred):
        return {value.name: to_snippet(value.args)}
    if isinstance(value, dict):
        out = {key: to_snippet(item) for key, item in value.items()}
        if syntax.needs_escape(value):
            return {syntax.LITERAL_KEY: out}
        return out
    if isinstance(value, list):
        return [to_snippet(item) for item in value]
    return value


def resolve_frozen(frozen_snippet, version, refs, attrs, path=()):
    """Finish evaluating a snippet frozen at bind time.

    ``refs`` is {resource: reference id}, ``attrs`` {resource: {attribute:
    value}}. A reference or attribute missing from them resolves to None,
    as Heat does for data that is not available (yet).
    """
    scope = Scope(versions.by_date(version), refs=refs or {}, attrs=attrs or {})
    value, _ = Evaluator(scope).evaluate(frozen_snippet, tuple(path))
    return value
