"""Merging a request's environment files, in order, as Heat does.

Each file may carry ``parameter_merge_strategies``: for each parameter (or
``default`` for all of its parameters) ``overwrite`` (a later file's value
replaces an earlier one: the default), ``merge`` or ``deep_merge``. Merging
follows the parameter's type: strings are concatenated, numbers added,
comma-delimited lists joined, json maps merged key by key (``deep_merge``
merges nested maps and lists too, and concatenates nested strings);
booleans cannot be merged. A parameter's strategy must be the same in every
file that sets it. The strategies apply to ``parameters`` and
``parameter_defaults`` and are not kept in the merged environment; the
other sections merge as maps, later files winning.
"""

import copy
import json

from heat_conv.common import exception
from heat_conv.hot import environment as environment_mod
from heat_conv.hot import parameter_types as types

OVERWRITE, MERGE, DEEP_MERGE = 'overwrite', 'merge', 'deep_merge'
STRATEGIES = (OVERWRITE, MERGE, DEEP_MERGE)
_PARAMETER_SECTIONS = ('parameters', 'parameter_defaults')


def merge_files(names, files, parameter_types=None):
    """The environment (a dict) made of the files ``names``, in order.

    ``files`` holds their contents; ``parameter_types`` is a callable giving
    {parameter: type} of the template, asked only when a value has to be
    merged (a parameter it does not know is merged by the type of its
    value).
    """
    merged = {}
    chosen = {}
    for name in names:
        try:
            env = environment_mod.Environment.load(files[name]).to_dict()
            strategies = env.pop(environment_mod.MERGE_STRATEGIES, None) or {}
            _check_strategies(strategies)
        except exception.InvalidTemplate as exc:
            raise exception.InvalidEnvironment(
                f'In environment file {name}: {exc.message}') from None
        for section, value in env.items():
            if section in _PARAMETER_SECTIONS:
                merged[section] = _merge_parameters(
                    merged.get(section) or {}, value or {}, strategies, chosen, name,
                    parameter_types)
            elif isinstance(value, dict) and isinstance(merged.get(section), dict):
                merged[section] = merge_maps(merged[section], value)
            else:
                merged[section] = value
    return merged


def merge_maps(base, overlay):
    """Nested maps merged; anything else in ``overlay`` replaces ``base``."""
    out = dict(base)
    for key, value in overlay.items():
        if isinstance(value, dict) and isinstance(out.get(key), dict):
            out[key] = merge_maps(out[key], value)
        else:
            out[key] = value
    return out


def _check_strategies(strategies):
    if not isinstance(strategies, dict):
        raise exception.InvalidEnvironment(
            'parameter_merge_strategies must be a map of parameter names (or '
            '"default") to strategies', path=(environment_mod.MERGE_STRATEGIES,))
    for key, strategy in strategies.items():
        if strategy not in STRATEGIES:
            raise exception.InvalidEnvironment(
                f'Invalid merge strategy {strategy!r}; valid strategies are: '
                f'{", ".join(STRATEGIES)}', path=(environment_mod.MERGE_STRATEGIES, key))


def _merge_parameters(old, new, strategies, chosen, file_name, parameter_types):
    out = copy.deepcopy(old)
    file_default = strategies.get('default', OVERWRITE)
    for key, value in new.items():
        if value is None:
            continue
        strategy = strategies.get(key, chosen.get(key, file_default))
        if chosen.setdefault(key, strategy) != strategy:
            raise exception.ConflictingMergeStrategyForParam(strategy, key, file_name)
        if key not in out or strategy == OVERWRITE:
            out[key] = copy.deepcopy(value)
            continue
        declared = (parameter_types() if parameter_types else {}).get(key)
        out[key] = _merge_value(key, declared or _type_of(out[key]), out[key], value,
                                strategy)
    return out


def _type_of(value):
    if isinstance(value, bool):
        return types.BOOLEAN
    if isinstance(value, (int, float)):
        return types.NUMBER
    if isinstance(value, list):
        return types.LIST
    if isinstance(value, dict):
        return types.JSON
    return types.STRING


def _merge_value(key, param_type, old, new, strategy):
    try:
        if param_type == types.JSON:
            return _merge_json(_as_map(old), _as_map(new), strategy == DEEP_MERGE)
        if param_type == types.LIST:
            return types.convert(types.LIST, old) + types.convert(types.LIST, new)
        if param_type == types.NUMBER:
            return types.convert(types.NUMBER, old) + types.convert(types.NUMBER, new)
        if param_type == types.STRING:
            return types.convert(types.STRING, old) + types.convert(types.STRING, new)
    except (types.ConversionError, ValueError) as exc:
        raise exception.InvalidEnvironment(
            f'Cannot merge the values of parameter {key}: {exc}',
            path=('parameters', key)) from None
    raise exception.InvalidMergeStrategyForParam(strategy, key)


def _as_map(value):
    if isinstance(value, str):
        value = json.loads(value) if value.strip() else {}
    if not isinstance(value, dict):
        raise ValueError('json values to merge must be maps')
    return value


def _merge_json(old, new, deep):
    out = copy.deepcopy(old)
    for key, value in new.items():
        if value is None:
            continue
        current = out.get(key)
        if not deep or not current:
            out[key] = copy.deepcopy(value)
        elif isinstance(value, dict) and isinstance(current, dict):
            out[key] = _merge_json(current, value, True)
        elif isinstance(value, list) and isinstance(current, list):
            out[key] = current + value
        elif isinstance(value, str) and isinstance(current, str):
            out[key] = current + value
        else:
            out[key] = copy.deepcopy(value)
    return out
