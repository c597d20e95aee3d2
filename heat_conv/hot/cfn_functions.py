"""The CloudFormation intrinsic functions (``Ref``, ``Fn::Join``, ...).

Most are HOT functions under another name, sometimes with a different
argument shape; they reuse the HOT implementation. The ones that read
something outside the snippet (``Ref``, ``Fn::GetAtt``, ``Fn::FindInMap``,
``Fn::ResourceFacade``) say so with ``reads`` and the evaluator does the
lookup, as it does for HOT's.
"""

import json
import re

from heat_conv.hot import condition_functions
from heat_conv.hot import function_base
from heat_conv.hot import references
from heat_conv.hot import string_functions
from heat_conv.hot import syntax
from heat_conv.hot.function_base import Function
from heat_conv.hot.function_base import describe

# What Fn::GetAZs answers: heat-conv has no compute service to ask, and
# "nova" is the zone every OpenStack cloud has unless configured otherwise
# (it is also what Heat answers when it has no stack to ask about).
DEFAULT_AVAILABILITY_ZONES = ('nova',)


class Ref(Function):
    """A resource's reference id, or else a parameter's value."""

    name = 'Ref'
    usage = '<resource or parameter name>'
    reads = function_base.READS_REFERENCE

    def check(self, args, path):
        self.expect_type(args, str, 'the name', path, static=True)

    def target(self, args, path):
        self.expect_type(args, str, 'the name', path)
        return args


class GetAtt(references.GetAttr):
    """A resource's attribute."""

    name = 'Fn::GetAtt'
    usage = '[<resource name>, <attribute>]'

    def check(self, args, path):
        args = self.expect_list(args, path, 2, 2)
        self.expect_type(args[0], str, 'the resource name', path, static=True)
        self.expect_type(args[1], str, 'the attribute name', path, static=True)

    def split(self, args, path):
        args = self.expect_list(args, path, 2, 2)
        return super().split(args, path)


class Join(string_functions.ListJoin):
    """Join the items of a list with a delimiter."""

    name = 'Fn::Join'
    usage = '[<delimiter>, [<string>, ...]]'

    def _arity(self):
        return (2, 2)


class Split(Function):
    """Split a string on a delimiter."""

    name = 'Fn::Split'
    usage = '[<delimiter>, <string>]'

    def check(self, args, path):
        args = self.expect_list(args, path, 2, 2, static=True)
        if args is not None:
            self.expect_type(args[0], str, 'the delimiter', path, static=True)

    def apply(self, args, path):
        delimiter, text = self.expect_list(args, path, 2, 2)
        self.expect_type(delimiter, str, 'the delimiter', path)
        if delimiter == '':
            self.fail(path, 'the delimiter is empty')
        self.expect_type(text, str, 'the string', path)
        return text.split(delimiter)


class Replace(string_functions.StrReplace):
    """Substitute each key of a map found in a string with its value."""

    name = 'Fn::Replace'
    usage = '[{<key>: <value>, ...}, <string>]'

    def check(self, args, path):
        args = self.expect_list(args, path, 2, 2, static=True)
        if args is not None:
            super().check({'template': args[1], 'params': args[0]}, path)

    def apply(self, args, path):
        params, template = self.expect_list(args, path, 2, 2)
        return super().apply({'template': template, 'params': params}, path)


class Select(Function):
    """Pick an item of a list (by index) or of a map (by key).

    An index or key that is not there gives '', and so does a collection
    that is null or '': Heat's answer while data is not available yet.
    """

    name = 'Fn::Select'
    usage = '[<index or key>, <list or map>]'

    def check(self, args, path):
        self.expect_list(args, path, 2, 2, static=True)

    def apply(self, args, path):
        index, collection = self.expect_list(args, path, 2, 2)
        if collection is None or collection == '':
            return ''
        if isinstance(collection, str):
            try:
                collection = json.loads(collection)
            except ValueError as exc:
                self.fail(path, f'the collection is a string that is not JSON: {exc}')
        if isinstance(collection, dict):
            self.expect_type(index, str, 'a key into a map', path)
            return collection.get(index, '')
        if isinstance(collection, list):
            position = _as_int(index)
            if position is None:
                self.fail(path, f'an index into a list must be an integer, got '
                          f'{describe(index)}')
            if 0 <= position < len(collection):
                return collection[position]
            return ''
        self.fail(path, f'the collection must be a list or a map, got {describe(collection)}')


class Base64(Function):
    """The string unchanged: user data may be sent in plain text (as in Heat,
    which does no encoding either)."""

    name = 'Fn::Base64'
    usage = '<string>'

    def check(self, args, path):
        self.expect_type(args, str, 'the argument', path, static=True)

    def apply(self, args, path):
        self.expect_type(args, str, 'the argument', path)
        return args


class FindInMap(Function):
    """A value from the Mappings section: ``[map, top-level key, second key]``."""

    name = 'Fn::FindInMap'
    usage = '[<mapping>, <key>, <key>]'
    reads = function_base.READS_MAPPING

    def check(self, args, path):
        args = self.expect_list(args, path, 3, 3, static=True)

    def find(self, mappings, args, path):
        names = self.expect_list(args, path, 3, 3)
        value = mappings
        for depth, key in enumerate(names):
            if not isinstance(key, (str, int, float)) or isinstance(key, bool):
                self.fail(path, f'each key must be a string, got {describe(key)}')
            key = str(key)
            if not isinstance(value, dict) or key not in value:
                where = ('Mappings', *names[:depth])
                what = 'mapping' if depth == 0 else 'key'
                self.fail(path, f'there is no {what} "{key}" in '
                          f'{syntax.render_path(where)}')
            value = value[key]
        return value


class GetAZs(Function):
    """The availability zones of a region (the argument, which may be '')."""

    name = 'Fn::GetAZs'
    usage = '<region>'

    def check(self, args, path):
        self.expect_type(args, (str, type(None)), 'the region', path, static=True)

    def apply(self, args, path):
        self.expect_type(args, (str, type(None)), 'the region', path)
        return list(DEFAULT_AVAILABILITY_ZONES)


class MemberListToMap(Function):
    """A map from an AWS query-style member list:
    ``['Name', 'Value', ['.member.0.Name=k', '.member.0.Value=v']]`` gives
    ``{'k': 'v'}``."""

    name = 'Fn::MemberListToMap'
    usage = '[<key name>, <value name>, [".member.<n>.<name>=<value>", ...]]'
    _MEMBER = re.compile(r'\.member\.([0-9]+)\.(.*)')

    def check(self, args, path):
        args = self.expect_list(args, path, 3, 3, static=True)
        if args is not None:
            self.expect_type(args[0], str, 'the key name', path, static=True)
            self.expect_type(args[1], str, 'the value name', path, static=True)

    def apply(self, args, path):
        key_name, value_name, members = self.expect_list(args, path, 3, 3)
        self.expect_type(key_name, str, 'the key name', path)
        self.expect_type(value_name, str, 'the value name', path)
        self.expect_type(members, list, 'the member list', path)
        fields = {}
        for item in members:
            self.expect_type(item, str, 'each member', path)
            name, _, value = item.partition('=')
            match = self._MEMBER.match(name)
            if match:
                fields.setdefault(int(match.group(1)), {})[match.group(2)] = value
        return {member[key_name]: member[value_name]
                for _, member in sorted(fields.items())
                if key_name in member and value_name in member}


class ResourceFacade(references.ResourceFacade):
    """Data of the parent resource, inside a nested stack's template."""

    name = 'Fn::ResourceFacade'
    ATTRIBUTES = {'Metadata': 'metadata', 'DeletionPolicy': 'deletion_policy',
                  'UpdatePolicy': 'update_policy'}


class If(condition_functions.If):
    """Pick one of two values by a condition."""

    name = 'Fn::If'
    usage = '[<condition>, <value if true>, <value if false>]'


class Equals(condition_functions.Equals):
    """Whether two values are equal."""

    name = 'Fn::Equals'


class Not(Function):
    """The opposite of a condition."""

    name = 'Fn::Not'
    usage = '[<condition>]'
    args_kind = function_base.CONDITIONS

    def check(self, args, path):
        self.expect_list(args, path, 1, 1)

    def apply(self, args, path):
        return not args[0]


class And(condition_functions.And):
    """Whether every condition holds."""

    name = 'Fn::And'


class Or(condition_functions.Or):
    """Whether any condition holds."""

    name = 'Fn::Or'


def _as_int(value):
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, str):
        try:
            return int(value)
        except ValueError:
            return None
    return None


FUNCTIONS = (Ref, GetAtt, Join, Split, Replace, Select, Base64, FindInMap, GetAZs,
             MemberListToMap, ResourceFacade, If, Equals, Not, And, Or)
