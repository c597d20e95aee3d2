import pytest

from heat_conv.common import exception
from heat_conv.hot import function_base
from heat_conv.hot import versions
from heat_conv.hot.function_base import Function

SPEC = versions.VERSIONS['2018-08-31']
PATH = ('a', 'b')


class Sample(Function):
    name = 'sample'
    usage = '<usage>'


@pytest.fixture
def fn():
    return Sample(SPEC)


def test_fail_message_names_function_usage_and_path(fn):
    with pytest.raises(exception.InvalidFunctionArgs) as info:
        fn.fail(PATH, 'detail')
    assert str(info.value) == 'a.b: Arguments to "sample" must be of the form <usage>; detail'


def test_expect_list(fn):
    assert fn.expect_list([1, 2], PATH, 1, 2) == [1, 2]
    assert fn.expect_list({'get_param': 'x'}, PATH, 1, static=True) is None
    with pytest.raises(exception.InvalidFunctionArgs, match='got a map'):
        fn.expect_list({'get_param': 'x'}, PATH, 1)
    with pytest.raises(exception.InvalidFunctionArgs, match='expected 2 items, got 1'):
        fn.expect_list([1], PATH, 2, 2)
    with pytest.raises(exception.InvalidFunctionArgs, match='expected 1 to 2 items, got 3'):
        fn.expect_list([1, 2, 3], PATH, 1, 2)


def test_expect_map(fn):
    assert fn.expect_map({'a': 1}, PATH, ('a',), ('b',)) == {'a': 1}
    assert fn.expect_map({'get_param': 'x'}, PATH, ('a',), static=True) is None
    with pytest.raises(exception.InvalidFunctionArgs, match='missing key "a"'):
        fn.expect_map({'b': 1}, PATH, ('a',), ('b',))
    with pytest.raises(exception.InvalidFunctionArgs, match='unknown key "c"'):
        fn.expect_map({'a': 1, 'c': 1}, PATH, ('a',))
    with pytest.raises(exception.InvalidFunctionArgs, match='got a list'):
        fn.expect_map([], PATH)


def test_expect_type(fn):
    fn.expect_type('x', str, 'it', PATH)
    fn.expect_type({'get_param': 'x'}, str, 'it', PATH, static=True)
    with pytest.raises(exception.InvalidFunctionArgs, match='it must be a string, got null'):
        fn.expect_type(None, str, 'it', PATH)
    with pytest.raises(exception.InvalidFunctionArgs, match='it must be a number, got a '
                       'boolean'):
        fn.expect_type(True, (int, float), 'it', PATH)


def test_apply_must_be_implemented(fn):
    with pytest.raises(NotImplementedError):
        fn.apply(None, PATH)


@pytest.mark.parametrize('value, text', [
    ('s', 's'), (None, ''), (3, '3'), (2.5, '2.5'), (True, 'True')])
def test_to_text(fn, value, text):
    assert function_base.to_text(value, False, 'v', fn, PATH) == text


def test_to_text_collections(fn):
    assert function_base.to_text({'b': 1, 'a': 2}, True, 'v', fn, PATH) == '{"a": 2, "b": 1}'
    with pytest.raises(exception.InvalidFunctionArgs, match='v must be a string or a number'):
        function_base.to_text([1], False, 'v', fn, PATH)


@pytest.mark.parametrize('value, text', [
    (None, 'null'), (True, 'a boolean'), (1, 'a number'), ('x', 'a string'),
    ([], 'a list'), ({}, 'a map'), (object(), 'object')])
def test_describe(value, text):
    assert function_base.describe(value) == text
