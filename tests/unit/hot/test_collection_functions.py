import pytest

from heat_conv.hot import collection_functions as cf
from heat_conv.hot import versions
from tests import function_args

NEW = versions.VERSIONS['2021-04-16']
V2016 = versions.VERSIONS['2016-10-14']
V2015 = versions.VERSIONS['2015-04-30']
PATH = ('outputs', 'o', 'value', 'fn')


def fails(fn, args, *fragments, static=False):
    function_args.refused(fn, args, PATH, *fragments, static=static)


# --- list_concat / list_concat_unique --------------------------------------

def test_list_concat():
    assert cf.ListConcat(NEW).apply([[1, 2], [], [2, 3]], PATH) == [1, 2, 2, 3]
    assert cf.ListConcat(NEW).apply([], PATH) == []


def test_list_concat_unique_keeps_first_of_equal_items():
    result = cf.ListConcatUnique(NEW).apply([[1, {'a': 1}], [{'a': 1}, 2, 1]], PATH)
    assert result == [1, {'a': 1}, 2]


@pytest.mark.parametrize('fn_class', [cf.ListConcat, cf.ListConcatUnique])
def test_list_concat_bad_arguments(fn_class):
    fails(fn_class(NEW), [[1], 'x'], 'each item must be a list, got a string')
    fails(fn_class(NEW), [[1], 'x'], 'each item must be a list', static=True)
    fails(fn_class(NEW), {'a': [1]}, 'got a map')


@pytest.mark.parametrize('fn_class', [cf.ListConcat, cf.ListConcatUnique])
def test_list_concat_skips_null_items_as_heat_does(fn_class):
    """TripleO writes ``list_concat: [{get_attr: [...]}, null]``: Heat reads
    a null item (written, or an attribute not yet known) as an empty list."""
    fn_class(NEW).check([{'get_attr': ['r', 'a']}, None], PATH)
    assert fn_class(NEW).apply([[1, 2], None, [3]], PATH) == [1, 2, 3]
    assert fn_class(NEW).apply([None, None], PATH) == []


# --- map_merge -------------------------------------------------------------

def test_map_merge_later_maps_win():
    assert cf.MapMerge(NEW).apply([{'a': 1, 'b': 1}, {'b': 2}, {}], PATH) == {'a': 1, 'b': 2}


def test_map_merge_skips_null_items_as_heat_does():
    cf.MapMerge(NEW).check([{'get_param': 'm'}, None], PATH)
    assert cf.MapMerge(NEW).apply([{'a': 1}, None, {'b': 2}], PATH) == {'a': 1, 'b': 2}
    assert cf.MapMerge(NEW).apply([None], PATH) == {}


def test_map_merge_bad_arguments():
    fails(cf.MapMerge(NEW), [{'a': 1}, [1]], 'each item must be a map, got a list')
    fails(cf.MapMerge(NEW), [{'a': 1}, [1]], 'each item must be a map', static=True)
    fails(cf.MapMerge(NEW), {'a': 1}, 'got a map')


def test_map_merge_static_check_allows_calls():
    cf.MapMerge(NEW).check([{'get_param': 'm'}, {'a': 1}], PATH)


# --- map_replace -----------------------------------------------------------

def test_map_replace_heat_syntax():
    args = [{'k1': 'v1', 'k2': 'v2'}, {'keys': {'k1': 'K1'}, 'values': {'v2': 'V2'}}]
    assert cf.MapReplace(NEW).apply(args, PATH) == {'K1': 'v1', 'k2': 'V2'}


def test_map_replace_map_form_still_works():
    args = {'map': {'k1': 'v1', 'k2': 'v2'},
            'replace': {'keys': {'k1': 'K1'}, 'values': {'v2': 'V2'}}}
    assert cf.MapReplace(NEW).apply(args, PATH) == {'K1': 'v1', 'k2': 'V2'}


def test_map_replace_null_map_and_partial_replacements():
    assert cf.MapReplace(NEW).apply([None, {'keys': {'a': 'b'}}], PATH) == {}
    assert cf.MapReplace(NEW).apply([{'a': 1}, {}], PATH) == {'a': 1}
    assert cf.MapReplace(NEW).apply([{'a': 1}, {'values': {1: 2}}], PATH) == {'a': 2}


def test_map_replace_leaves_unhashable_values_alone():
    args = [{'a': [1], 'b': 'x'}, {'values': {'x': 'y'}}]
    assert cf.MapReplace(NEW).apply(args, PATH) == {'a': [1], 'b': 'y'}


def test_map_replace_key_collisions_are_errors():
    fails(cf.MapReplace(NEW), [{'a': 1, 'b': 2}, {'keys': {'a': 'b'}}],
          'key replacement b collides with a key in the input map')
    fails(cf.MapReplace(NEW), [{'a': 1, 'b': 2}, {'keys': {'a': 'c', 'b': 'c'}}],
          'key replacement c collides with a key in the output map')


def test_map_replace_static_check_allows_calls():
    cf.MapReplace(NEW).check([{'get_param': 'm'}, {'keys': {'get_param': 'k'}}], PATH)
    cf.MapReplace(NEW).check({'get_param': 'both'}, PATH)


@pytest.mark.parametrize('args, fragment', [
    ({'map': {}}, 'missing key "replace"'),
    ({'map': [], 'replace': {}}, 'the map must be a map'),
    ([{}, {'other': {}}], 'unknown key "other"'),
    ([{}, {'keys': []}], 'keys must be a map'),
    ([{}], 'expected 2 items, got 1'),
    ([{}, {}, {}], 'expected 2 items, got 3'),
    ('text', 'got a string'),
])
def test_map_replace_bad_arguments(args, fragment):
    fails(cf.MapReplace(NEW), args, fragment)


# --- repeat ----------------------------------------------------------------

def test_repeat_single_variable():
    args = {'for_each': {'%port%': [80, 443]}, 'template': {'port': '%port%', 'p': 'tcp'}}
    assert cf.Repeat(NEW).apply(args, PATH) == [{'port': '80', 'p': 'tcp'},
                                                {'port': '443', 'p': 'tcp'}]


def test_repeat_permutes_several_variables():
    args = {'for_each': {'<a>': ['x', 'y'], '<b>': ['1', '2']}, 'template': '<a><b>'}
    assert cf.Repeat(NEW).apply(args, PATH) == ['x1', 'x2', 'y1', 'y2']


def test_repeat_without_permutations_zips_lists():
    args = {'for_each': {'<a>': ['x', 'y'], '<b>': ['1', '2']}, 'template': '<a><b>',
            'permutations': False}
    assert cf.Repeat(NEW).apply(args, PATH) == ['x1', 'y2']


def test_repeat_without_permutations_needs_equal_lengths():
    args = {'for_each': {'<a>': ['x'], '<b>': ['1', '2']}, 'template': '<a><b>',
            'permutations': False}
    fails(cf.Repeat(NEW), args, 'every list must have the same length')


def test_repeat_permutations_key_needs_2017_09_01():
    args = {'for_each': {'<a>': ['x']}, 'template': '<a>', 'permutations': True}
    fails(cf.Repeat(V2016), args, 'unknown key "permutations"')


def test_repeat_replaces_map_keys_from_2016_10_14():
    args = {'for_each': {'<n>': ['a']}, 'template': {'key_<n>': 'value_<n>'}}
    assert cf.Repeat(V2016).apply(args, PATH) == [{'key_a': 'value_a'}]
    assert cf.Repeat(V2015).apply(args, PATH) == [{'key_<n>': 'value_a'}]


def test_repeat_over_nested_lists():
    args = {'for_each': {'X': ['1']}, 'template': ['X', ['X', 5]]}
    assert cf.Repeat(NEW).apply(args, PATH) == [['1', ['1', 5]]]


def test_repeat_empty_list_gives_empty_result():
    assert cf.Repeat(NEW).apply({'for_each': {'X': []}, 'template': 'X'}, PATH) == []


@pytest.mark.parametrize('args, fragment', [
    ({'for_each': {}, 'template': 'x'}, 'for_each is empty'),
    ({'for_each': {'X': 'abc'}, 'template': 'x'}, 'each for_each value must be a list'),
    ({'for_each': ['X'], 'template': 'x'}, 'for_each must be a map'),
    ({'template': 'x'}, 'missing key "for_each"'),
    ({'for_each': {'X': [1]}, 'template': 'x', 'permutations': 'no'},
     'permutations must be a boolean'),
    ({'for_each': {'X': [[1]]}, 'template': 'X'}, 'the values of "X" must be scalars'),
])
def test_repeat_bad_arguments(args, fragment):
    fails(cf.Repeat(NEW), args, fragment)


def test_repeat_static_check():
    fails(cf.Repeat(NEW), {'for_each': {}, 'template': 'x'}, 'for_each is empty', static=True)
    fails(cf.Repeat(NEW), {'for_each': {'X': 'a'}, 'template': 'x'}, 'must be a list',
          static=True)
    cf.Repeat(NEW).check({'for_each': {'X': {'get_param': 'l'}}, 'template': 'X'}, PATH)


# --- filter ----------------------------------------------------------------

def test_filter_removes_values():
    assert cf.Filter(NEW).apply([[None, 'b'], ['a', None, 'b', 'c']], PATH) == ['a', 'c']
    assert cf.Filter(NEW).apply([None, ['a']], PATH) == ['a']


def test_filter_bad_arguments():
    fails(cf.Filter(NEW), ['a', ['a']], 'the values to remove must be a list')
    fails(cf.Filter(NEW), [['a'], 'abc'], 'the list must be a list')
    fails(cf.Filter(NEW), [['a'], 'abc'], 'the list must be a list', static=True)


# --- contains --------------------------------------------------------------

def test_contains():
    assert cf.Contains(NEW).apply(['a', ['a', 'b']], PATH) is True
    assert cf.Contains(NEW).apply(['z', ['a', 'b']], PATH) is False
    assert cf.Contains(NEW).apply(['ell', 'hello'], PATH) is True
    assert cf.Contains(NEW).apply([1, 'hello'], PATH) is False


def test_contains_bad_arguments():
    fails(cf.Contains(NEW), ['a', {'a': 1}], 'the sequence must be a list')
    fails(cf.Contains(NEW), ['a'], 'expected 2 items, got 1')
    fails(cf.Contains(NEW), ['a'], 'expected 2 items', static=True)


def test_repeat_ignores_unknown_keys_as_heat_does():
    args = {'for_each': {'%x%': ['a', 'b']}, 'template': 'v-%x%', 'comment': 'ignored'}
    cf.Repeat(NEW).check(args, PATH)
    assert cf.Repeat(NEW).apply(args, PATH) == ['v-a', 'v-b']
