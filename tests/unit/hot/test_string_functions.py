import hashlib

import pytest

from heat_conv.common import exception
from heat_conv.hot import string_functions as sf
from heat_conv.hot import versions
from tests import function_args

NEW = versions.VERSIONS['2021-04-16']
OLD = versions.VERSIONS['2013-05-23']
PATH = ('resources', 'r', 'properties', 'p', 'fn')


def fails(fn, args, *fragments, static=False):
    function_args.refused(fn, args, PATH, *fragments, static=static)


# --- str_replace -----------------------------------------------------------

def test_str_replace_substitutes_every_occurrence():
    fn = sf.StrReplace(NEW)
    args = {'template': 'http://$host:$port/$host', 'params': {'$host': 'h', '$port': 80}}
    assert fn.apply(args, PATH) == 'http://h:80/h'


def test_str_replace_prefers_longest_key_and_does_not_resubstitute():
    fn = sf.StrReplace(NEW)
    args = {'template': '$var1 $var', 'params': {'$var': 'A$var1', '$var1': 'B'}}
    assert fn.apply(args, PATH) == 'B A$var1'


def test_str_replace_writes_collections_as_json_from_2015_10_15():
    fn = sf.StrReplace(NEW)
    args = {'template': 'x=X', 'params': {'X': {'a': [1]}}}
    assert fn.apply(args, PATH) == 'x={"a": [1]}'


def test_str_replace_rejects_collections_before_2015_10_15():
    fails(sf.StrReplace(OLD), {'template': 'X', 'params': {'X': [1]}},
          'the value for "X" must be a string or a number')


def test_str_replace_null_value_is_empty():
    assert sf.StrReplace(NEW).apply({'template': 'aXb', 'params': {'X': None}}, PATH) == 'ab'


def test_str_replace_empty_params_returns_template():
    assert sf.StrReplace(NEW).apply({'template': 'abc', 'params': {}}, PATH) == 'abc'


@pytest.mark.parametrize('args, fragment', [
    ('text', 'got a string'),
    ({'template': 'x'}, 'missing key "params"'),
    ({'params': {}}, 'missing key "template"'),
    ({'template': 'x', 'params': {}, 'extra': 1}, 'unknown key "extra"'),
    ({'template': 1, 'params': {}}, 'template must be a string'),
    ({'template': 'x', 'params': [1]}, 'params must be a map'),
])
def test_str_replace_bad_arguments(args, fragment):
    fails(sf.StrReplace(NEW), args, fragment)
    fails(sf.StrReplace(NEW), args, fragment, static=True)


def test_str_replace_static_check_allows_calls_for_arguments():
    fn = sf.StrReplace(NEW)
    fn.check({'template': {'get_param': 't'}, 'params': {'get_param': 'p'}}, PATH)
    fn.check({'get_param': 'whole'}, PATH)


def test_str_replace_strict_requires_every_key_in_template():
    fn = sf.StrReplaceStrict(NEW)
    assert fn.apply({'template': 'a$x', 'params': {'$x': 'b'}}, PATH) == 'ab'
    fails(fn, {'template': 'a', 'params': {'$x': 'b'}}, '"$x" does not occur')


def test_str_replace_vstrict_also_rejects_empty_values():
    fn = sf.StrReplaceVeryStrict(NEW)
    assert fn.apply({'template': 'a$x', 'params': {'$x': 'b'}}, PATH) == 'ab'
    fails(fn, {'template': 'a$x', 'params': {'$x': ''}}, 'the value for "$x" is empty')
    fails(fn, {'template': 'a$x', 'params': {'$x': None}}, 'is empty')


# --- list_join -------------------------------------------------------------

def test_list_join():
    assert sf.ListJoin(NEW).apply([', ', ['a', 'b', 'c']], PATH) == 'a, b, c'


def test_list_join_several_lists_from_2015_10_15():
    assert sf.ListJoin(NEW).apply(['-', ['a'], ['b', 'c']], PATH) == 'a-b-c'
    fails(sf.ListJoin(OLD), ['-', ['a'], ['b']], 'expected 2 items, got 3')


def test_list_join_converts_scalars_and_json_encodes_collections():
    result = sf.ListJoin(NEW).apply([',', [1, None, True, {'k': 'v'}]], PATH)
    assert result == '1,,True,{"k": "v"}'


def test_list_join_rejects_collections_before_2015_10_15():
    fails(sf.ListJoin(OLD), [',', [['x']]], 'each item to join must be a string')


@pytest.mark.parametrize('args, fragment', [
    ('a,b', 'got a string'),
    ([','], 'expected at least 2 items, got 1'),
    ([1, ['a']], 'the delimiter must be a string'),
    ([',', 'abc'], 'each item after the delimiter must be a list'),
])
def test_list_join_bad_arguments(args, fragment):
    fails(sf.ListJoin(NEW), args, fragment)
    fails(sf.ListJoin(NEW), args, fragment, static=True)


def test_list_join_usage_depends_on_version():
    assert '<list>, <list>' in sf.ListJoin(NEW).usage
    assert sf.ListJoin(OLD).usage == '[<delimiter>, <list>]'


# --- str_split -------------------------------------------------------------

def test_str_split():
    assert sf.StrSplit(NEW).apply([',', 'a,b,,c'], PATH) == ['a', 'b', '', 'c']


def test_str_split_with_index():
    assert sf.StrSplit(NEW).apply([',', 'a,b,c', 1], PATH) == 'b'
    assert sf.StrSplit(NEW).apply([',', 'a,b,c', '2'], PATH) == 'c'


@pytest.mark.parametrize('args, fragment', [
    ([',', 'a,b', 5], 'index 5 is out of range for 2 pieces'),
    ([',', 'a,b', -1], 'index -1 is out of range'),
    ([',', 'a,b', 'x'], 'the index must be an integer'),
    (['', 'ab'], 'the delimiter is empty'),
    ([',', 5], 'the string must be a string'),
    ([',', 'a', 0, 1], 'expected 2 to 3 items, got 4'),
    ('a,b', 'got a string'),
])
def test_str_split_bad_arguments(args, fragment):
    fails(sf.StrSplit(NEW), args, fragment)


# --- digest ----------------------------------------------------------------

def test_digest():
    assert sf.Digest(NEW).apply(['sha256', 'abc'], PATH) == hashlib.sha256(b'abc').hexdigest()
    assert sf.Digest(NEW).apply(['MD5', 'abc'], PATH) == hashlib.md5(b'abc').hexdigest()


def test_digest_bad_arguments():
    fails(sf.Digest(NEW), ['nope', 'abc'], 'unknown algorithm "nope"')
    fails(sf.Digest(NEW), ['nope', 'abc'], 'unknown algorithm', static=True)
    fails(sf.Digest(NEW), ['sha1', 5], 'the value must be a string')
    fails(sf.Digest(NEW), ['sha1'], 'expected 2 items')


# --- make_url --------------------------------------------------------------

def test_make_url_full():
    args = {'scheme': 'https', 'host': 'example.com', 'port': 8443, 'path': 'a b/c',
            'query': {'q': 'x y', 'n': 1}, 'fragment': 'top'}
    assert sf.MakeUrl(NEW).apply(args, PATH) == \
        'https://example.com:8443/a%20b/c?q=x+y&n=1#top'


def test_make_url_minimal_and_ipv6():
    assert sf.MakeUrl(NEW).apply({'host': 'h'}, PATH) == '//h'
    assert sf.MakeUrl(NEW).apply({'scheme': 'http', 'host': '::1', 'port': '80'}, PATH) == \
        'http://[::1]:80'


def test_make_url_with_credentials_as_tripleo_writes_database_urls():
    args = {'scheme': 'mysql+pymysql', 'username': 'nova', 'password': 'p@ss/w:rd',
            'host': '192.0.2.1', 'path': '/nova',
            'query': {'read_default_file': '/etc/my.cnf.d/tripleo.cnf',
                      'read_default_group': 'tripleo'}}
    assert sf.MakeUrl(NEW).apply(args, PATH) == (
        'mysql+pymysql://nova:p%40ss%2Fw%3Ard@192.0.2.1/nova'
        '?read_default_file=/etc/my.cnf.d/tripleo.cnf&read_default_group=tripleo')
    sf.MakeUrl(NEW).check({**args, 'password': {'get_param': 'pw'}}, PATH)


def test_make_url_with_only_one_credential():
    assert sf.MakeUrl(NEW).apply({'scheme': 'amqp', 'username': 'guest', 'host': 'h'},
                                 PATH) == 'amqp://guest@h'
    assert sf.MakeUrl(NEW).apply({'scheme': 'redis', 'password': 's3cret', 'host': 'h',
                                  'port': 6379}, PATH) == 'redis://:s3cret@h:6379'
    assert sf.MakeUrl(NEW).apply({'host': 'h', 'username': '', 'password': ''},
                                 PATH) == '//h'


@pytest.mark.parametrize('args, fragment', [
    ({'host': 'h', 'username': 5}, 'username must be a string'),
    ({'host': 'h', 'password': ['p']}, 'password must be a string'),
    ({'host': 'h', 'scheme': 'http:'}, 'scheme must not contain ":"'),
])
def test_make_url_refuses_what_heat_refuses(args, fragment):
    fails(sf.MakeUrl(NEW), args, fragment)


@pytest.mark.parametrize('args, fragment', [
    ({'scheme': 'http'}, 'missing key "host"'),
    ({'host': 'h', 'port': 70000}, 'port must be between 1 and 65535'),
    ({'host': 'h', 'port': 'x'}, 'port must be between'),
    ({'host': 'h', 'user': 'u'}, 'unknown key "user"'),
    ({'host': 5}, 'host must be a string'),
    ({'host': 'h', 'query': 'a=b'}, 'query must be a map'),
])
def test_make_url_bad_arguments(args, fragment):
    fails(sf.MakeUrl(NEW), args, fragment)


def _resolve_snippet(snippet):
    from heat_conv.hot import template as hot_template
    tmpl = hot_template.Template.load({'heat_template_version': '2018-08-31',
                                       'outputs': {'o': {'value': snippet}}})
    return tmpl.bind().outputs()['o']['value']


@pytest.mark.parametrize('snippet', [
    {'str_replace': {'template': 'a' * 2000, 'params': {'a': 'b' * 2000}}},
    {'list_join': ['x' * 2000, ['y'] * 2000]},
    {'repeat': {'for_each': {'%a%': list(range(100)), '%b%': list(range(100)),
                             '%c%': list(range(100))}, 'template': '%a%%b%%c%'}},
], ids=['str_replace', 'list_join', 'repeat'])
def test_functions_refuse_results_over_the_template_size_limit(snippet):
    with pytest.raises(exception.RequestLimitExceeded, match='max_template_size'):
        _resolve_snippet(snippet)


def test_functions_within_the_limit_still_work():
    assert _resolve_snippet({'str_replace': {'template': 'aa', 'params': {'a': 'bc'}}}) \
        == 'bcbc'
