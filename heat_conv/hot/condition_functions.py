"""The boolean functions of conditions, and ``if``, which consumes one.

``not``, ``and`` and ``or`` take conditions (a boolean, a condition name or
another condition function); the evaluator turns those into booleans before
``apply`` runs. ``equals`` compares two plain values.
"""

from heat_conv.hot import function_base
from heat_conv.hot.function_base import Function


class Equals(Function):
    """Whether two values are equal."""

    name = 'equals'
    usage = '[<value>, <value>]'

    def check(self, args, path):
        self.expect_list(args, path, 2, 2, static=True)

    def apply(self, args, path):
        left, right = self.expect_list(args, path, 2, 2)
        return left == right


class Not(Function):
    """The opposite of a condition."""

    name = 'not'
    usage = '<condition>'
    args_kind = function_base.CONDITION

    def apply(self, args, path):
        return not args


class And(Function):
    """Whether every condition holds."""

    name = 'and'
    usage = '[<condition>, <condition>, ...]'
    args_kind = function_base.CONDITIONS

    def check(self, args, path):
        # The items are conditions, so the list itself must be written out.
        self.expect_list(args, path, 2)

    def apply(self, args, path):
        return all(args)


class Or(And):
    """Whether any condition holds."""

    name = 'or'
    usage = '[<condition>, <condition>, ...]'

    def apply(self, args, path):
        return any(args)


class If(Function):
    """Pick one of two values; the evaluator only evaluates the chosen one."""

    name = 'if'
    usage = '[<condition>, <value if true>, <value if false>]'
    args_kind = function_base.CHOICE

    def check(self, args, path):
        self.expect_list(args, path, 3, 3)


FUNCTIONS = (Equals, Not, And, Or, If)
