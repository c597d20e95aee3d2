"""The ``yaql`` function: evaluate a YAQL expression on some data.

Expressions are user input run inside the service, so they are bounded as
Heat bounds them: ``[yaql] limit_iterators`` (the longest collection an
expression may build) and ``[yaql] memory_quota`` (bytes an evaluation may
hold), plus ``[yaql] max_expression_length``, heat-conv's own cap on the
expression text (Heat's only bound on it is the template size).
"""

import collections.abc  # noqa: F401  (yaql 3 uses it without importing it)
import threading

import yaql
from oslo_config import cfg
from yaql.language import exceptions as yaql_exceptions

from heat_conv.hot import syntax
from heat_conv.hot.function_base import Function
from heat_conv.hot.function_base import describe

# The process-wide configuration (heat_conv.common.config.CONF is this
# object); imported from oslo.config so that the template language does not
# pull in the messaging and database libraries.
CONF = cfg.CONF
GROUP = 'yaql'

yaql_opts = [
    cfg.IntOpt('limit_iterators',
               default=200,
               min=1,
               help='The largest number of elements a collection built by a '
                    'yaql expression may have during its evaluation (Heat\'s '
                    'option of the same name and default).'),
    cfg.IntOpt('memory_quota',
               default=10000,
               min=1,
               help='The most memory, in bytes, that a yaql expression may take '
                    'for its evaluation (Heat\'s option of the same name and '
                    'default).'),
    cfg.IntOpt('max_expression_length',
               default=10000,
               min=1,
               help='The longest yaql expression, in characters, that a '
                    'template may contain; a longer one is rejected when the '
                    'template is validated.'),
]

CONF.register_opts(yaql_opts, group=GROUP)


def list_opts():
    return [(GROUP, yaql_opts)]


class _Engine:
    """One yaql parser per set of limits.

    The parser (PLY) keeps state while it parses, and the API serves
    requests on several threads, so parsing is serialised; evaluation
    works on a fresh child context each time and needs no lock.
    """

    def __init__(self):
        self._lock = threading.Lock()
        self._limits = None
        self._parser = None
        self._context = None

    def parse(self, expression):
        limits = (CONF.yaql.limit_iterators, CONF.yaql.memory_quota)
        with self._lock:
            if self._limits != limits:
                self._parser = yaql.YaqlFactory().create({
                    'yaql.limitIterators': limits[0],
                    'yaql.memoryQuota': limits[1]})
                self._context = yaql.create_context()
                self._limits = limits
            return self._parser(expression), self._context


_ENGINE = _Engine()


class Yaql(Function):
    """Evaluate a YAQL expression on the given data."""

    name = 'yaql'
    usage = '{expression: <string>, data: <value>}'

    def check(self, args, path):
        args = self.expect_map(args, path, ('expression',), ('data',), static=True)
        if args is not None and not syntax.is_call(args['expression']):
            self._parse(args['expression'], path)

    def apply(self, args, path):
        args = self.expect_map(args, path, ('expression',), ('data',))
        statement, context = self._parse(args['expression'], path)
        try:
            return statement.evaluate({'data': args.get('data', {})},
                                      context.create_child_context())
        except yaql_exceptions.YaqlException as exc:
            self.fail(path, f'the expression failed: {exc}')
        except (TypeError, ValueError, KeyError, IndexError, AttributeError,
                ArithmeticError) as exc:
            # Errors of the expression's own operations on the data.
            self.fail(path, f'the expression failed: {type(exc).__name__}: {exc}')

    def _parse(self, expression, path):
        if not isinstance(expression, str):
            self.fail(path, f'the expression must be a string, got {describe(expression)}')
        limit = CONF.yaql.max_expression_length
        if len(expression) > limit:
            self.fail(path, f'the expression is {len(expression)} characters long; '
                      f'the limit is {limit} ([yaql] max_expression_length)')
        try:
            return _ENGINE.parse(expression)
        except yaql_exceptions.YaqlException as exc:
            self.fail(path, f'bad expression: {exc}')


FUNCTIONS = (Yaql,)
