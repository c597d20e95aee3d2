from heat_conv.hot import syntax


def test_single_key_map_with_function_name_is_a_call():
    assert syntax.call_of({'get_param': 'x'}) == ('get_param', 'x')
    assert syntax.is_call({'list_concat': []})


def test_other_maps_are_data():
    assert syntax.call_of({'foo': 'bar'}) is None
    assert syntax.call_of({'get_param': 'x', 'other': 1}) is None
    assert syntax.call_of({}) is None
    assert syntax.call_of('get_param') is None
    assert syntax.call_of(['get_param', 'x']) is None


def test_literal_escape():
    assert syntax.literal_of({syntax.LITERAL_KEY: {'get_param': 'x'}}) == (
        True, {'get_param': 'x'})
    assert syntax.literal_of({'a': 1}) == (False, None)


def test_needs_escape():
    assert syntax.needs_escape({'get_resource': 'x'})
    assert syntax.needs_escape({syntax.LITERAL_KEY: 1})
    assert not syntax.needs_escape({'foo': 1})
    assert not syntax.needs_escape({'get_resource': 'x', 'b': 2})


def test_render_path():
    assert syntax.render_path(('resources', 'a', 0)) == 'resources.a.0'
