"""Functions that read something outside the snippet: a parameter, a file,
another resource's reference id or attribute.

Their lookups depend on what is known at the time (parameters at bind time,
resource data only on a worker), so the evaluator drives them; this module
holds their argument shapes and the pure lookup rules.
"""

from heat_conv.common import exception
from heat_conv.hot import function_base
from heat_conv.hot import syntax
from heat_conv.hot.function_base import Function

# The attribute name recorded when ``get_attr: [res]`` wants all of them.
ALL_ATTRIBUTES = '*'
# get_attr names that reach into a stack-backed resource's child stack.
MEMBER_PREFIX = 'resource.'
# In a group's attributes: the names whose value is one per member (a list
# of the members' values; ``attributes``: {attribute: {member: value}}).
# A get_attr path after such a name applies to each member's value, as in
# Heat: [group, ATTR, key] and [group, attributes, ATTR, key].
PER_MEMBER = 'heat_conv::per_member'
# An attribute whose value could not be computed (a child stack's output in
# error) is stored as {UNAVAILABLE: message}; get_attr of it fails with the
# message, as Heat's does (its TemplateOutputError).
UNAVAILABLE = 'heat_conv::unavailable'


def unavailable(message):
    """What an attribute that cannot be computed is stored as."""
    return {UNAVAILABLE: message}


def is_unavailable(value):
    return isinstance(value, dict) and UNAVAILABLE in value


def check_available(value):
    """Raise AttributeUnavailable if ``value`` (or, for a group's list of
    its members' values, one of them) is an ``unavailable`` marker."""
    for item in value if isinstance(value, list) else (value,):
        if is_unavailable(item):
            raise exception.AttributeUnavailable(item[UNAVAILABLE])
    return value


def select_per_member(values, attribute, keys, select):
    """The value of ``[group, attribute, *keys]``; ``select(value, keys)``
    follows a path into one value."""
    if attribute == 'attributes':
        by_member = (values.get('attributes') or {}).get(keys[0]) or {}
        return {name: select(value, keys[1:]) for name, value in by_member.items()}
    return [select(value, keys) for value in values.get(attribute) or []]


class GetParam(Function):
    """A parameter's value, or an item inside it."""

    name = 'get_param'
    usage = '<name> or [<name>, <key or index>, ...]'
    reads = function_base.READS_PARAMETER

    def check(self, args, path):
        if isinstance(args, list):
            self.expect_list(args, path, 1)
            self.expect_type(args[0], str, 'the parameter name', path, static=True)
        else:
            self.expect_type(args, str, 'the parameter name', path, static=True)

    def split(self, args, path):
        """(name, [path components]) from evaluated arguments."""
        if isinstance(args, list):
            self.expect_list(args, path, 1)
            name, keys = args[0], args[1:]
        else:
            name, keys = args, []
        self.expect_type(name, str, 'the parameter name', path)
        return name, keys

    @staticmethod
    def select(value, keys):
        """Index into a parameter value; a missing key gives '' as in Heat."""
        for key in keys:
            try:
                if isinstance(value, dict):
                    value = value[key]
                elif isinstance(value, list):
                    value = value[int(key)]
                else:
                    return ''
            except (KeyError, IndexError, ValueError, TypeError):
                return ''
        return value


class GetResource(Function):
    """Another resource's reference id."""

    name = 'get_resource'
    usage = '<resource name>'
    reads = function_base.READS_RESOURCE

    def check(self, args, path):
        self.expect_type(args, str, 'the resource name', path, static=True)

    def resource_name(self, args, path):
        self.expect_type(args, str, 'the resource name', path)
        return args


class GetAttr(Function):
    """Another resource's attribute, or an item inside it."""

    name = 'get_attr'
    reads = function_base.READS_ATTRIBUTE

    @property
    def usage(self):
        if self.spec.get_attr_all_attributes:
            return '[<resource name>] or [<resource name>, <attribute>, <key or index>, ...]'
        return '[<resource name>, <attribute>, <key or index>, ...]'

    def _min_len(self):
        return 1 if self.spec.get_attr_all_attributes else 2

    def check(self, args, path):
        args = self.expect_list(args, path, self._min_len(), static=False)
        self.expect_type(args[0], str, 'the resource name', path, static=True)
        if len(args) > 1:
            self.expect_type(args[1], str, 'the attribute name', path, static=True)

    def split(self, args, path):
        """(resource, attribute or ALL_ATTRIBUTES, [path]) from evaluated args."""
        args = self.expect_list(args, path, self._min_len())
        self.expect_type(args[0], str, 'the resource name', path)
        if len(args) == 1:
            return args[0], ALL_ATTRIBUTES, []
        self.expect_type(args[1], str, 'the attribute name', path)
        return (args[0],) + _member_attribute(args[1], list(args[2:]))

    @staticmethod
    def select(value, keys):
        """Index into an attribute value; anything unavailable is None."""
        for key in keys:
            if isinstance(value, dict):
                value = value.get(key)
            elif isinstance(value, list):
                try:
                    value = value[int(key)]
                except (IndexError, ValueError, TypeError):
                    return None
            else:
                return None
        return value


def _member_attribute(attribute, keys):
    """(attribute, keys), with Heat's reading of a nested stack's member:
    ``[r, resource.N, ATTR, ...]`` is ``[r, resource.N.ATTR, ...]`` (groups,
    chains and template resources answer for their members)."""
    parts = attribute.split('.')
    if len(parts) == 2 and parts[0] == 'resource' and keys and isinstance(keys[0], str):
        return f'{attribute}.{keys[0]}', keys[1:]
    return attribute, keys


class GetFile(Function):
    """The content of a file sent with the template."""

    name = 'get_file'
    usage = '<file name or URL>'
    reads = function_base.READS_FILE

    def check(self, args, path):
        self.expect_type(args, str, 'the file name', path, static=True)

    def read(self, args, files, path):
        self.expect_type(args, str, 'the file name', path)
        if args not in files:
            raise exception.InvalidReference(
                f'No content found in the "files" section for get_file path: {args}',
                path=path)
        return files[args]


class ResourceFacade(Function):
    """Data of the parent resource, inside a nested stack's template."""

    name = 'resource_facade'
    reads = function_base.READS_FACADE
    # written argument -> canonical facade key
    ATTRIBUTES = {'metadata': 'metadata', 'deletion_policy': 'deletion_policy',
                  'update_policy': 'update_policy'}

    @property
    def usage(self):
        return ' or '.join(self.ATTRIBUTES)

    def check(self, args, path):
        if not syntax.is_call(args):
            self.attribute(args, path)

    def attribute(self, args, path):
        """The canonical facade key ``args`` names."""
        if not isinstance(args, str) or args not in self.ATTRIBUTES:
            self.fail(path, f'got {args!r}')
        return self.ATTRIBUTES[args]

    def select(self, facade, args, path):
        """The value from ``facade`` (the parent's data, or None at top level)."""
        key = self.attribute(args, path)
        if facade is None:
            raise exception.InvalidReference(
                f'"{self.name}" can only be used in the template of a nested stack '
                '(a template resource); this stack has no parent resource', path=path)
        return facade.get(key)


FUNCTIONS = (GetParam, GetResource, GetAttr, GetFile, ResourceFacade)
