"""Checks a template as written, before any parameter has a value.

Every function call is checked for availability in the template version and
in its context (value or condition), for the literal shape of its arguments,
and for references to resources, conditions and files that exist. This
covers both branches of every ``if``: a branch not taken today may be taken
after the next update, and its mistakes are mistakes all the same.

References to parameters are checked only where Heat resolves them whatever
happens: not in an ``if``'s branches (only the one taken is resolved), and
not when ``parameters_checked`` is off (the conditions section, where a
condition nothing uses is never resolved, and outputs, whose errors are
reported when they are shown). Binding reports the ones it resolves.
"""

from heat_conv.common import exception
from heat_conv.hot import function_base
from heat_conv.hot import functions
from heat_conv.hot import syntax
from heat_conv.hot.function_base import describe


class Checker:

    def __init__(self, spec, parameter_names, resource_names, condition_names, files=None,
                 mappings=None, parameters_checked=True):
        self.spec = spec
        self.parameters_checked = parameters_checked
        self.files = files
        self.mappings = mappings
        self.parameter_names = frozenset(parameter_names) | frozenset(
            spec.layout.pseudo_parameters.values())
        self.resource_names = frozenset(resource_names)
        self.condition_names = frozenset(condition_names)

    def value(self, snippet, path, in_condition=False):
        """Check a value snippet (properties, metadata, an output value)."""
        if isinstance(snippet, dict):
            call = syntax.call_of(snippet, self.spec.call_names)
            if call is not None:
                self._call(call[0], call[1], path + (call[0],), in_condition)
                return
            for key, item in snippet.items():
                self.value(item, path + (key,), in_condition)
        elif isinstance(snippet, list):
            for index, item in enumerate(snippet):
                self.value(item, path + (index,), in_condition)

    def condition(self, snippet, path):
        """Check a condition: a boolean, a condition name or a condition function."""
        if isinstance(snippet, bool):
            return
        if isinstance(snippet, str):
            if snippet not in self.condition_names:
                raise exception.InvalidReference(
                    f'Invalid condition "{snippet}": it is not defined in the '
                    'conditions section', path=path)
            return
        call = syntax.call_of(snippet, self.spec.call_names)
        if call is None:
            raise exception.InvalidTemplate(
                'A condition must be a boolean, a condition name or a condition '
                f'function, not {describe(snippet)}', path=path)
        self._call(call[0], call[1], path + (call[0],), in_condition=True)

    def _call(self, name, args, path, in_condition):
        fn = functions.lookup(self.spec, name, in_condition, path)
        fn.check(args, path)
        self._check_reference(fn, args, path, in_condition)
        kind = fn.args_kind
        if kind == function_base.CONDITION:
            self.condition(args, path)
        elif kind == function_base.CONDITIONS:
            for index, item in enumerate(args):
                self.condition(item, path + (index,))
        elif kind == function_base.CHOICE:
            self.condition(args[0], path + (0,))
            saved, self.parameters_checked = self.parameters_checked, False
            try:
                for index in (1, 2):
                    if in_condition:
                        self.condition(args[index], path + (index,))
                    else:
                        self.value(args[index], path + (index,))
            finally:
                self.parameters_checked = saved
        else:
            self.value(args, path, in_condition)

    def _check_reference(self, fn, args, path, in_condition):
        reads = fn.reads
        if reads == function_base.READS_PARAMETER:
            target = args[0] if isinstance(args, list) else args
            self._parameter(target, path)
        elif reads == function_base.READS_FILE:
            if self.files is not None and isinstance(args, str) and args not in self.files:
                raise exception.InvalidReference(
                    f'No content found in the "files" section for get_file path: {args}',
                    path=path)
        elif reads in (function_base.READS_RESOURCE, function_base.READS_ATTRIBUTE):
            target = args if reads == function_base.READS_RESOURCE else args[0]
            self._resource(target, path)
        elif reads == function_base.READS_REFERENCE:
            if in_condition:
                self._parameter(args, path)
            elif isinstance(args, str) and args not in self.resource_names \
                    and args not in self.parameter_names and self.parameters_checked:
                raise exception.InvalidReference(
                    f'"{args}" is neither a parameter nor a resource of the template',
                    path=path)
        elif reads == function_base.READS_MAPPING:
            if self.mappings is not None and isinstance(args, list) and \
                    all(isinstance(a, str) for a in args):
                fn.find(self.mappings, args, path)

    def _parameter(self, target, path):
        if not self.parameters_checked:
            return
        if isinstance(target, str) and target not in self.parameter_names:
            raise exception.undefined_parameter(target, path=path)

    def _resource(self, target, path):
        if isinstance(target, str) and target not in self.resource_names:
            raise exception.InvalidReference(
                f'The resource "{target}" is not defined in the template', path=path)
