import pytest

from heat_conv.common import exception
from heat_conv.hot import condition_functions as cond
from heat_conv.hot import function_base
from heat_conv.hot import versions

SPEC = versions.VERSIONS['2018-08-31']
PATH = ('conditions', 'c', 'fn')


def test_equals():
    assert cond.Equals(SPEC).apply(['a', 'a'], PATH) is True
    assert cond.Equals(SPEC).apply([{'a': [1]}, {'a': [1]}], PATH) is True
    assert cond.Equals(SPEC).apply([1, '1'], PATH) is False


@pytest.mark.parametrize('args', [['a'], ['a', 'b', 'c'], 'a'])
def test_equals_needs_two_values(args):
    with pytest.raises(exception.InvalidFunctionArgs) as info:
        cond.Equals(SPEC).check(args, PATH)
    assert str(info.value).startswith('conditions.c.fn: Arguments to "equals" must be '
                                      'of the form [<value>, <value>]')


def test_not_and_or_apply_to_booleans():
    assert cond.Not(SPEC).apply(True, PATH) is False
    assert cond.And(SPEC).apply([True, True], PATH) is True
    assert cond.And(SPEC).apply([True, False], PATH) is False
    assert cond.Or(SPEC).apply([False, True], PATH) is True
    assert cond.Or(SPEC).apply([False, False], PATH) is False


@pytest.mark.parametrize('fn_class', [cond.And, cond.Or])
@pytest.mark.parametrize('args, fragment', [
    (['c1'], 'expected at least 2 items, got 1'),
    ('c1', 'got a string'),
    ({'get_param': 'x'}, 'got a map'),
])
def test_and_or_need_a_written_list_of_two_or_more(fn_class, args, fragment):
    with pytest.raises(exception.InvalidFunctionArgs) as info:
        fn_class(SPEC).check(args, PATH)
    assert str(info.value).startswith(f'conditions.c.fn: Arguments to "{fn_class.name}"')
    assert fragment in str(info.value)


@pytest.mark.parametrize('args', [['c', 1], ['c', 1, 2, 3], {'get_param': 'x'}])
def test_if_needs_exactly_three_written_arguments(args):
    with pytest.raises(exception.InvalidFunctionArgs) as info:
        cond.If(SPEC).check(args, PATH)
    assert 'Arguments to "if" must be of the form [<condition>, <value if true>, ' \
           '<value if false>]' in str(info.value)


def test_argument_kinds():
    assert cond.Equals.args_kind == function_base.VALUES
    assert cond.Not.args_kind == function_base.CONDITION
    assert cond.And.args_kind == cond.Or.args_kind == function_base.CONDITIONS
    assert cond.If.args_kind == function_base.CHOICE
