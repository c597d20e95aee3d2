"""What every intrinsic function has in common, and its argument checks.

A function is checked twice: once on the template as written (``check``:
only the literal shape, since any argument may itself be a call), and again
on its evaluated arguments (``apply``: the real types). Both report
InvalidFunctionArgs located at the call.
"""

import json

from heat_conv.common import exception
from heat_conv.hot import syntax

# How a function's arguments are evaluated before ``apply`` sees them.
VALUES = 'values'              # as plain values
CONDITION = 'condition'        # the argument is one condition -> bool
CONDITIONS = 'conditions'      # a list of conditions -> list of bool
CHOICE = 'choice'              # [condition, value_if_true, value_if_false]

# What a function reads from outside its snippet; the evaluator and the
# checker look these up, so a new spelling of a lookup (CloudFormation's
# Ref, say) only has to say which one it is.
READS_PARAMETER = 'parameter'
READS_FILE = 'file'
READS_RESOURCE = 'resource'
READS_ATTRIBUTE = 'attribute'
READS_REFERENCE = 'reference'   # a resource if there is one, else a parameter
READS_MAPPING = 'mapping'
READS_FACADE = 'facade'


class Function:
    """One intrinsic function, configured for one template version."""

    name = ''
    usage = ''
    args_kind = VALUES
    # One of the READS_* names, or None for a function of its arguments alone.
    reads = None

    def __init__(self, spec):
        self.spec = spec

    def check(self, args, path):
        """Reject arguments whose literal shape can never be valid."""

    def apply(self, args, path):
        """The result for fully evaluated ``args``."""
        raise NotImplementedError(self.name)

    def fail(self, path, detail):
        raise exception.InvalidFunctionArgs(
            f'Arguments to "{self.name}" must be of the form {self.usage}; {detail}',
            path=path)

    # --- shape helpers -----------------------------------------------------
    # ``static=True`` is for the template as written: a call stands for a
    # value not known yet, so it passes every check.

    def expect_list(self, args, path, min_len=0, max_len=None, static=False):
        """``args`` as a list of acceptable length; None for a pending call."""
        if static and syntax.is_call(args):
            return None
        if not isinstance(args, list):
            self.fail(path, f'got {describe(args)}')
        if len(args) < min_len or (max_len is not None and len(args) > max_len):
            if max_len == min_len:
                wanted = f'{min_len}'
            elif max_len is None:
                wanted = f'at least {min_len}'
            else:
                wanted = f'{min_len} to {max_len}'
            self.fail(path, f'expected {wanted} items, got {len(args)}')
        return args

    def expect_map(self, args, path, required=(), optional=(), static=False):
        """``args`` as a map with exactly the allowed keys; None if pending."""
        if static and syntax.is_call(args):
            return None
        if not isinstance(args, dict):
            self.fail(path, f'got {describe(args)}')
        missing = [k for k in required if k not in args]
        if missing:
            self.fail(path, f'missing key "{missing[0]}"')
        allowed = set(required) | set(optional)
        unknown = sorted(str(k) for k in args if k not in allowed)
        if unknown:
            self.fail(path, f'unknown key "{unknown[0]}"')
        return args

    def expect_type(self, value, types, what, path, static=False):
        """Check one argument's type; calls pass when ``static``."""
        if static and syntax.is_call(value):
            return
        if not isinstance(value, types) or _is_bool_as_number(value, types):
            self.fail(path, f'{what} must be {_type_names(types)}, got {describe(value)}')


def describe(value):
    """A short, user-facing name for the type of ``value``."""
    if value is None:
        return 'null'
    if isinstance(value, bool):
        return 'a boolean'
    if isinstance(value, (int, float)):
        return 'a number'
    if isinstance(value, str):
        return 'a string'
    if isinstance(value, list):
        return 'a list'
    if isinstance(value, dict):
        return 'a map'
    return type(value).__name__


def _is_bool_as_number(value, types):
    # bool is an int subclass, but a boolean where a number is wanted is
    # almost always a template mistake.
    return isinstance(value, bool) and bool not in _flatten(types)


def _flatten(types):
    return types if isinstance(types, tuple) else (types,)


_NAMES = {str: 'a string', int: 'an integer', float: 'a number', list: 'a list',
          dict: 'a map', bool: 'a boolean'}


def _type_names(types):
    names = [_NAMES.get(t, t.__name__) for t in _flatten(types)]
    if 'an integer' in names and 'a number' in names:
        names.remove('an integer')
    return ' or '.join(names)


def to_text(value, json_collections, what, fn, path):
    """The string form of a scalar joined into or substituted into text."""
    if value is None:
        return ''
    if isinstance(value, str):
        return value
    if isinstance(value, (int, float)):
        # Heat writes booleans the Python way ('True'); templates rely on it.
        return str(value)
    if isinstance(value, (dict, list)) and json_collections:
        return json.dumps(value, sort_keys=True)
    fn.fail(path, f'{what} must be a string or a number, got {describe(value)}')
