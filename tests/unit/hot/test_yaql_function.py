import pytest
from oslo_config import cfg

from heat_conv.common import exception
from heat_conv.hot import template
from heat_conv.hot import versions
from heat_conv.hot import yaql_function
from tests import function_args

NEWTON = versions.VERSIONS['2016-10-14']
PATH = ('outputs', 'o', 'value', 'yaql')


def run(expression, data=None):
    return yaql_function.Yaql(NEWTON).apply({'expression': expression, 'data': data or {}},
                                            PATH)


def fails(args, *fragments, static=False):
    function_args.refused(yaql_function.Yaql(NEWTON), args, PATH, *fragments, static=static)


@pytest.fixture
def limits():
    def set_limits(**values):
        for name, value in values.items():
            cfg.CONF.set_override(name, value, group='yaql')
    yield set_limits
    for name in ('limit_iterators', 'memory_quota', 'max_expression_length'):
        cfg.CONF.clear_override(name, group='yaql')


def test_expressions_evaluate_on_data():
    assert run('$.data.a.sum()', {'a': [1, 2, 3]}) == 6
    assert run('$.data.l.select($ * 2)', {'l': [1, 2]}) == [2, 4]
    assert run('$.data.m.keys().orderBy($)', {'m': {'b': 1, 'a': 2}}) == ['a', 'b']
    assert run('1 + 1') == 2
    assert yaql_function.Yaql(NEWTON).apply({'expression': '$.data'}, PATH) == {}


def test_bad_expression_is_found_by_the_static_check():
    fails({'expression': '$.data.('}, 'bad expression', static=True)
    yaql_function.Yaql(NEWTON).check({'expression': {'get_param': 'e'}}, PATH)


@pytest.mark.parametrize('args, fragment', [
    ({'data': {}}, 'missing key "expression"'),
    ({'expression': '1', 'other': 1}, 'unknown key "other"'),
    ({'expression': 5}, 'the expression must be a string, got a number'),
    ('1 + 1', 'got a string'),
])
def test_argument_shape(args, fragment):
    fails(args, fragment)


def test_errors_of_the_evaluation_are_reported():
    fails({'expression': '$.data.a + 1', 'data': {'a': 'x'}}, 'the expression failed')


def test_collections_are_bounded(limits):
    limits(limit_iterators=10)
    assert run('range(0, 10).len()') == 10
    fails({'expression': 'range(0, 11).select($)'},
          'Collection length exceeds 10 elements')


def test_memory_is_bounded(limits):
    limits(memory_quota=1000)
    fails({'expression': '$.data.s * 1000', 'data': {'s': 'abc'}},
          'Expression consumed too much memory')


def test_expression_length_is_bounded(limits):
    limits(max_expression_length=20)
    assert run('1 + 2 + 3 + 4 + 5 +6') == 21
    fails({'expression': '1 + 2 + 3 + 4 + 5 + 6'}, 'the expression is 21 characters '
          'long; the limit is 20 ([yaql] max_expression_length)', static=True)


def test_yaql_in_a_template_waits_for_resource_data():
    tmpl = template.Template.load({
        'heat_template_version': '2016-10-14',
        'resources': {
            'a': {'type': 'OS::Heat::TestResource'},
            'b': {'type': 'OS::Heat::TestResource', 'properties': {'value': {'yaql': {
                'expression': '$.data.v.toUpper()',
                'data': {'v': {'get_attr': ['a', 'output']}}}}}}}})
    stack = tmpl.bind({}, 's', 'i', 'p')
    frozen = stack.resource('b').frozen()
    assert frozen['requires'] == {'a': ['output']}
    assert template.resolve_frozen(frozen['properties'], frozen['version'], {},
                                   {'a': {'output': 'abc'}}) == {'value': 'ABC'}


def test_yaql_as_a_condition_from_pike():
    body = {'heat_template_version': '2017-09-01',
            'parameters': {'n': {'type': 'number', 'default': 3}},
            'conditions': {'big': {'yaql': {'expression': '$.data.n > 2',
                                            'data': {'n': {'get_param': 'n'}}}}},
            'resources': {}}
    assert template.Template.load(body).bind({}, 's', 'i', 'p').conditions == {'big': True}
    body['heat_template_version'] = '2016-10-14'
    with pytest.raises(exception.UnknownFunction):
        template.Template.load(body)


def test_options_are_listed_for_the_sample_config():
    names = {opt.name for _, opts in yaql_function.list_opts() for opt in opts}
    assert names == {'limit_iterators', 'memory_quota', 'max_expression_length'}
    assert cfg.CONF.yaql.limit_iterators == 200 and cfg.CONF.yaql.memory_quota == 10000
