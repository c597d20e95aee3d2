"""The intrinsic functions a template version offers, by name and context."""

import functools

from heat_conv.common import exception
from heat_conv.hot import cfn_functions
from heat_conv.hot import collection_functions
from heat_conv.hot import condition_functions
from heat_conv.hot import references
from heat_conv.hot import string_functions
from heat_conv.hot import versions
from heat_conv.hot import yaql_function

# Every function class by the name templates call it; a version's table
# (versions.VersionSpec.functions) says which of them it offers.
_CLASSES = {cls.name: cls for cls in (
    *string_functions.FUNCTIONS, *collection_functions.FUNCTIONS,
    *condition_functions.FUNCTIONS, *references.FUNCTIONS,
    *cfn_functions.FUNCTIONS, *yaql_function.FUNCTIONS)}


@functools.lru_cache(maxsize=None)
def table(date):
    """{name: Function} for every function of the version ``date``."""
    spec = versions.VERSIONS[date]
    return {name: _CLASSES[name](spec)
            for name in spec.functions | spec.condition_functions}


def lookup(spec, name, in_condition, path):
    """The Function called ``name`` where it is used, or UnknownFunction.

    ``in_condition`` is true inside a condition expression, where only the
    version's condition functions exist.
    """
    allowed = spec.condition_functions if in_condition else spec.functions
    if name in allowed:
        return table(spec.date)[name]
    raise exception.UnknownFunction(_why_unavailable(spec, name, in_condition),
                                    path=path)


def _why_unavailable(spec, name, in_condition):
    if name in spec.unsupported:
        return f'The function "{name}" is not supported by heat-conv'
    if in_condition and name in spec.functions:
        return f'The function "{name}" cannot be used in a condition'
    if not in_condition and name in spec.condition_functions:
        return (f'The function "{name}" can only be used in a condition (the '
                'conditions section, a condition key or the first argument of if)')
    introduced = versions.introduced_in(name, spec.kind)
    if introduced is not None and introduced > spec.date:
        return (f'The function "{name}" needs {spec.key} {introduced} '
                f'or later; this template is {spec.date}')
    return f'The function "{name}" is not available in {spec.key} {spec.date}'
