import pytest

from heat_conv.common import exception
from heat_conv.hot import cfn_functions as cfn
from heat_conv.hot import versions
from tests import function_args

AWS = versions.VERSIONS['2010-09-09']
PATH = ('Resources', 'r', 'Properties', 'p', 'fn')


def fails(fn, args, *fragments, static=False):
    function_args.refused(fn, args, PATH, *fragments, static=static)


# --- Fn::Join / Fn::Split / Fn::Replace / Fn::Base64 -------------------------

def test_join():
    assert cfn.Join(AWS).apply(['-', ['a', 'b', 1]], PATH) == 'a-b-1'
    assert cfn.Join(AWS).apply([',', []], PATH) == ''
    fails(cfn.Join(AWS), ['-', ['a'], ['b']], 'expected 2 items, got 3')
    fails(cfn.Join(AWS), ['-', [{'a': 1}]], 'each item to join must be a string')


def test_split():
    assert cfn.Split(AWS).apply([',', 'a,b,,c'], PATH) == ['a', 'b', '', 'c']
    fails(cfn.Split(AWS), [',', ['a']], 'the string must be a string')
    fails(cfn.Split(AWS), ['', 'abc'], 'the delimiter is empty')
    fails(cfn.Split(AWS), 'a,b', 'got a string')


def test_replace_prefers_longer_keys():
    args = [{'$var1': 'foo', '$var': 'bar', '%x%': 2}, '$var1 $var %x%']
    assert cfn.Replace(AWS).apply(args, PATH) == 'foo bar 2'
    fails(cfn.Replace(AWS), [{'a': [1]}, 'a'], 'must be a string or a number')
    fails(cfn.Replace(AWS), {'a': 'b'}, 'got a map', static=True)


def test_base64_returns_the_text_unchanged_as_heat_does():
    assert cfn.Base64(AWS).apply('#!/bin/sh\necho hi', PATH) == '#!/bin/sh\necho hi'
    fails(cfn.Base64(AWS), ['x'], 'the argument must be a string')


# --- Fn::Select --------------------------------------------------------------

@pytest.mark.parametrize('args, result', [
    ([1, ['a', 'b', 'c']], 'b'),
    (['2', ['a', 'b', 'c']], 'c'),
    ([5, ['a']], ''),
    (['k', {'k': 'v'}], 'v'),
    (['missing', {'k': 'v'}], ''),
    ([0, '["x", "y"]'], 'x'),
    ([0, None], ''),
    ([0, ''], ''),
])
def test_select(args, result):
    assert cfn.Select(AWS).apply(args, PATH) == result


def test_select_errors():
    fails(cfn.Select(AWS), ['x', ['a']], 'an index into a list must be an integer')
    fails(cfn.Select(AWS), [0, {'k': 'v'}], 'a key into a map must be a string')
    fails(cfn.Select(AWS), [0, 'not json'], 'the collection is a string that is not JSON')
    fails(cfn.Select(AWS), [0, 5], 'the collection must be a list or a map')


# --- Fn::FindInMap -------------------------------------------------------------

MAPPINGS = {'Regions': {'east': {'ami': 'a-1', 'size': 2}}}


def test_find_in_map():
    assert cfn.FindInMap(AWS).find(MAPPINGS, ['Regions', 'east', 'ami'], PATH) == 'a-1'
    assert cfn.FindInMap(AWS).find(MAPPINGS, ['Regions', 'east', 'size'], PATH) == 2


@pytest.mark.parametrize('args, fragment', [
    (['Nope', 'east', 'ami'], 'there is no mapping "Nope" in Mappings'),
    (['Regions', 'west', 'ami'], 'there is no key "west" in Mappings.Regions'),
    (['Regions', 'east', 'x'], 'there is no key "x" in Mappings.Regions.east'),
    (['Regions', 'east'], 'expected 3 items, got 2'),
    (['Regions', ['east'], 'ami'], 'each key must be a string'),
])
def test_find_in_map_errors(args, fragment):
    with pytest.raises(exception.InvalidFunctionArgs) as info:
        cfn.FindInMap(AWS).find(MAPPINGS, args, PATH)
    assert fragment in str(info.value)


# --- Fn::GetAZs / Fn::MemberListToMap ----------------------------------------------

def test_get_azs_answers_the_default_zone():
    assert cfn.GetAZs(AWS).apply('', PATH) == ['nova']
    assert cfn.GetAZs(AWS).apply('ap-southeast-1', PATH) == ['nova']
    fails(cfn.GetAZs(AWS), ['x'], 'the region must be a string')


def test_member_list_to_map():
    members = ['.member.0.Name=key', '.member.0.Value=door',
               '.member.1.Name=colour', '.member.1.Value=red=blue',
               '.member.2.Name=lonely', 'junk']
    assert cfn.MemberListToMap(AWS).apply(['Name', 'Value', members], PATH) == {
        'key': 'door', 'colour': 'red=blue'}
    fails(cfn.MemberListToMap(AWS), ['Name', 'Value', [1]], 'each member must be a string')
    fails(cfn.MemberListToMap(AWS), ['Name', 'Value'], 'expected 3 items, got 2')
    fails(cfn.MemberListToMap(AWS), [1, 'Value', []], 'the key name must be a string',
          static=True)


# --- conditions ----------------------------------------------------------------------

def test_condition_functions():
    assert cfn.Equals(AWS).apply(['a', 'a'], PATH) is True
    assert cfn.Not(AWS).apply([True], PATH) is False
    assert cfn.And(AWS).apply([True, False], PATH) is False
    assert cfn.Or(AWS).apply([True, False], PATH) is True
    fails(cfn.Not(AWS), [True, False], 'expected 1 items, got 2', static=True)
    fails(cfn.Not(AWS), True, 'got a boolean', static=True)


# --- reads: Ref, Fn::GetAtt, Fn::ResourceFacade ---------------------------------------

def test_get_att_takes_exactly_a_resource_and_an_attribute():
    fn = cfn.GetAtt(AWS)
    assert fn.split(['web', 'ip'], PATH) == ('web', 'ip', [])
    fails(fn, ['web'], 'expected 2 items, got 1', static=True)
    fails(fn, ['web', 'ip', 'more'], 'expected 2 items, got 3', static=True)


def test_resource_facade_arguments():
    fn = cfn.ResourceFacade(AWS)
    facade = {'metadata': {'m': 1}, 'deletion_policy': 'Retain', 'update_policy': {}}
    assert fn.select(facade, 'Metadata', PATH) == {'m': 1}
    assert fn.select(facade, 'DeletionPolicy', PATH) == 'Retain'
    fails(fn, 'metadata', "got 'metadata'", static=True)
