import pytest

from heat_conv.common import exception
from heat_conv.hot import references as refs
from heat_conv.hot import versions

NEW = versions.VERSIONS['2021-04-16']
OLD = versions.VERSIONS['2015-04-30']
PATH = ('resources', 'r', 'properties', 'p', 'fn')


def test_get_param_split():
    fn = refs.GetParam(NEW)
    assert fn.split('name', PATH) == ('name', [])
    assert fn.split(['name', 'a', 0], PATH) == ('name', ['a', 0])


@pytest.mark.parametrize('args, fragment', [
    ([], 'expected at least 1 items, got 0'),
    ([5], 'the parameter name must be a string'),
    (5, 'the parameter name must be a string'),
])
def test_get_param_bad_arguments(args, fragment):
    for call in (refs.GetParam(NEW).check, refs.GetParam(NEW).split):
        with pytest.raises(exception.InvalidFunctionArgs) as info:
            call(args, PATH)
        assert str(info.value).startswith('resources.r.properties.p.fn: Arguments to '
                                          '"get_param"')
        assert fragment in str(info.value)


def test_get_param_select_walks_maps_and_lists():
    value = {'a': [{'b': 'deep'}]}
    assert refs.GetParam.select(value, ['a', 0, 'b']) == 'deep'
    assert refs.GetParam.select(value, ['a', '0', 'b']) == 'deep'
    assert refs.GetParam.select(value, []) is value


@pytest.mark.parametrize('keys', [['missing'], ['a', 5], ['a', 'x'], ['a', 0, 'b', 'c']])
def test_get_param_select_missing_gives_empty_string_like_heat(keys):
    assert refs.GetParam.select({'a': [{'b': 'deep'}]}, keys) == ''


def test_get_resource_arguments():
    fn = refs.GetResource(NEW)
    assert fn.resource_name('server', PATH) == 'server'
    fn.check({'get_param': 'name'}, PATH)
    with pytest.raises(exception.InvalidFunctionArgs) as info:
        fn.check(['server'], PATH)
    assert 'the resource name must be a string, got a list' in str(info.value)


def test_get_attr_split():
    fn = refs.GetAttr(NEW)
    assert fn.split(['res', 'attr'], PATH) == ('res', 'attr', [])
    assert fn.split(['res', 'attr', 'k', 1], PATH) == ('res', 'attr', ['k', 1])
    assert fn.split(['res'], PATH) == ('res', refs.ALL_ATTRIBUTES, [])


def test_get_attr_all_attributes_needs_2015_10_15():
    with pytest.raises(exception.InvalidFunctionArgs) as info:
        refs.GetAttr(OLD).check(['res'], PATH)
    assert 'expected at least 2 items, got 1' in str(info.value)


@pytest.mark.parametrize('args, fragment', [
    ('res.attr', 'got a string'),
    ([], 'expected at least 1 items'),
    ([5, 'attr'], 'the resource name must be a string'),
    (['res', 5], 'the attribute name must be a string'),
])
def test_get_attr_bad_arguments(args, fragment):
    with pytest.raises(exception.InvalidFunctionArgs) as info:
        refs.GetAttr(NEW).check(args, PATH)
    assert fragment in str(info.value)


def test_get_attr_select():
    value = {'list': [10, {'k': 'v'}]}
    assert refs.GetAttr.select(value, ['list', 1, 'k']) == 'v'
    assert refs.GetAttr.select(value, ['list', '0']) == 10
    assert refs.GetAttr.select(value, ['nope']) is None
    assert refs.GetAttr.select(value, ['list', 9]) is None
    assert refs.GetAttr.select(value, ['list', 'x']) is None
    assert refs.GetAttr.select('scalar', ['k']) is None
    assert refs.GetAttr.select(None, ['k']) is None


def test_get_file_reads_files():
    fn = refs.GetFile(NEW)
    assert fn.read('a.sh', {'a.sh': 'echo hi'}, PATH) == 'echo hi'
    with pytest.raises(exception.InvalidReference) as info:
        fn.read('b.sh', {'a.sh': ''}, PATH)
    assert str(info.value) == ('resources.r.properties.p.fn: No content found in the '
                               '"files" section for get_file path: b.sh')
    with pytest.raises(exception.InvalidFunctionArgs):
        fn.check(['a.sh'], PATH)
