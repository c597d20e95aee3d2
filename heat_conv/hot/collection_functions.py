"""Intrinsic functions that combine, filter or generate lists and maps."""

import itertools
import json
import math

from heat_conv.common import limits
from heat_conv.hot import syntax
from heat_conv.hot.function_base import Function
from heat_conv.hot.function_base import describe


class ListConcat(Function):
    """Concatenate lists in order."""

    name = 'list_concat'
    usage = '[<list>, <list>, ...]'

    # A null item is an empty list, as in Heat: TripleO concatenates
    # attributes that may not be there (``[{get_attr: [...]}, null]``).

    def check(self, args, path):
        args = self.expect_list(args, path, static=True)
        for item in _present(args):
            self.expect_type(item, list, 'each item', path, static=True)

    def apply(self, args, path):
        result = []
        for item in _present(self.expect_list(args, path)):
            self.expect_type(item, list, 'each item', path)
            result.extend(item)
        return result


class ListConcatUnique(ListConcat):
    """Concatenate lists, keeping only the first of equal items."""

    name = 'list_concat_unique'

    def apply(self, args, path):
        unique = []
        # Items may be maps or lists (unhashable), so compare by equality.
        for item in super().apply(args, path):
            if item not in unique:
                unique.append(item)
        return unique


class MapMerge(Function):
    """Merge maps left to right; later keys override earlier ones."""

    name = 'map_merge'
    usage = '[<map>, <map>, ...]'

    # A null item is an empty map, as in Heat.

    def check(self, args, path):
        args = self.expect_list(args, path, static=True)
        for item in _present(args):
            self.expect_type(item, dict, 'each item', path, static=True)

    def apply(self, args, path):
        merged = {}
        for item in _present(self.expect_list(args, path)):
            self.expect_type(item, dict, 'each item', path)
            merged.update(item)
        return merged


class MapReplace(Function):
    """Rename keys and substitute values of a map.

    Heat's form is ``[<map>, {keys: <map>, values: <map>}]``. heat-conv
    also reads the map form it accepted before (``{map: <map>, replace:
    {keys, values}}``) so that stored templates keep working; templates
    meant to run on Heat too should use the list form.
    """

    name = 'map_replace'
    usage = '[<map>, {keys: <map>, values: <map>}]'

    def check(self, args, path):
        parts = self._parts(args, path, static=True)
        if parts is not None:
            source, replace = parts
            self.expect_type(source, (dict, type(None)), 'the map', path, static=True)
            self.expect_map(replace, path, (), ('keys', 'values'), static=True)

    def apply(self, args, path):
        source, replace = self._parts(args, path)
        source = {} if source is None else source
        replace = {} if replace is None else replace
        self.expect_type(source, dict, 'the map', path)
        replace = self.expect_map(replace, path, (), ('keys', 'values'))
        keys = {} if replace.get('keys') is None else replace['keys']
        values = {} if replace.get('values') is None else replace['values']
        self.expect_type(keys, dict, 'keys', path)
        self.expect_type(values, dict, 'values', path)
        result = {}
        for key, value in source.items():
            new_key = key if keys.get(key) is None else keys[key]
            if new_key != key and new_key in source:
                self.fail(path, f'key replacement {new_key} collides with a key in '
                          'the input map')
            if new_key in result:
                self.fail(path, f'key replacement {new_key} collides with a key in '
                          'the output map')
            if _hashable(value) and value in values:
                value = values[value]
            result[new_key] = value
        return result

    def _parts(self, args, path, static=False):
        """(map, replacement spec) from either form; None if still a call."""
        if static and syntax.is_call(args):
            return None
        if isinstance(args, dict):
            args = self.expect_map(args, path, ('map', 'replace'))
            return args['map'], args['replace']
        return tuple(self.expect_list(args, path, 2, 2))


class Repeat(Function):
    """Copy a template once per value (or combination of values) of loop variables."""

    name = 'repeat'

    @property
    def usage(self):
        extra = ', permutations: <boolean>' if self.spec.repeat_permutations else ''
        return '{for_each: {<variable>: <list>, ...}, template: <value>' + extra + '}'

    def _keys(self):
        return ('permutations',) if self.spec.repeat_permutations else ()

    @staticmethod
    def _known(args):
        """The arguments without keys Heat ignores: any but its own (a
        ``permutations`` before the version that has it is still refused)."""
        if not isinstance(args, dict):
            return args
        return {k: v for k, v in args.items()
                if k in ('for_each', 'template', 'permutations')}

    def check(self, args, path):
        args = self.expect_map(self._known(args), path, ('for_each', 'template'),
                               self._keys(), static=True)
        if args is not None:
            for_each = args['for_each']
            self.expect_type(for_each, dict, 'for_each', path, static=True)
            if isinstance(for_each, dict):
                if not for_each:
                    self.fail(path, 'for_each is empty')
                for values in for_each.values():
                    self.expect_type(values, list, 'each for_each value', path,
                                     static=True)

    def apply(self, args, path):
        args = self.expect_map(self._known(args), path, ('for_each', 'template'),
                               self._keys())
        for_each = args['for_each']
        self.expect_type(for_each, dict, 'for_each', path)
        if not for_each:
            self.fail(path, 'for_each is empty')
        for values in for_each.values():
            self.expect_type(values, list, 'each for_each value', path)
        permutations = args.get('permutations', True)
        self.expect_type(permutations, bool, 'permutations', path)
        variables = list(for_each)
        count = math.prod(len(v) for v in for_each.values()) if permutations else \
            min(len(v) for v in for_each.values())
        # Every copy is at least as large as the template: refuse a product
        # that would not fit before building any of it.
        limits.check_value_size(count * max(len(json.dumps(args['template'], default=str)), 1),
                                f'The result of {self.name}')
        if permutations:
            rows = itertools.product(*for_each.values())
        else:
            lengths = {len(v) for v in for_each.values()}
            if len(lengths) > 1:
                self.fail(path, 'without permutations every list must have the same length')
            rows = zip(*for_each.values())
        return [self._substitute(args['template'], dict(zip(variables, row)), path)
                for row in rows]

    def _substitute(self, template, bindings, path):
        if isinstance(template, str):
            for variable, value in bindings.items():
                if not isinstance(value, str):
                    if isinstance(value, (dict, list)):
                        self.fail(path, f'the values of "{variable}" must be scalars')
                    value = str(value)
                template = template.replace(variable, value)
            return template
        if isinstance(template, list):
            return [self._substitute(item, bindings, path) for item in template]
        if isinstance(template, dict):
            if self.spec.repeat_replaces_keys:
                return {self._substitute(k, bindings, path): self._substitute(v, bindings, path)
                        for k, v in template.items()}
            return {k: self._substitute(v, bindings, path) for k, v in template.items()}
        return template


class Filter(Function):
    """Remove the given values from a list."""

    name = 'filter'
    usage = '[<values to remove>, <list>]'

    def check(self, args, path):
        args = self.expect_list(args, path, 2, 2, static=True)
        if args is not None:
            self.expect_type(args[1], list, 'the list', path, static=True)

    def apply(self, args, path):
        remove, items = self.expect_list(args, path, 2, 2)
        if remove is None:
            remove = []
        self.expect_type(remove, list, 'the values to remove', path)
        self.expect_type(items, list, 'the list', path)
        return [item for item in items if item not in remove]


class Contains(Function):
    """Whether a value is in a list (or a substring of a string)."""

    name = 'contains'
    usage = '[<value>, <list>]'

    def check(self, args, path):
        self.expect_list(args, path, 2, 2, static=True)

    def apply(self, args, path):
        value, sequence = self.expect_list(args, path, 2, 2)
        if not isinstance(sequence, (list, str)):
            self.fail(path, f'the sequence must be a list, got {describe(sequence)}')
        if isinstance(sequence, str) and not isinstance(value, str):
            return False
        return value in sequence


def _present(items):
    """The items that are not null (None for a pending call: no items)."""
    return [item for item in items or () if item is not None]


def _hashable(value):
    try:
        hash(value)
    except TypeError:
        return False
    return True


FUNCTIONS = (ListConcat, ListConcatUnique, MapMerge, MapReplace, Repeat, Filter, Contains)
