"""The skip list of tools/heat-functional: parsing, and matching test ids the
way heat_integrationtests' skip_functional_test_list does."""
import pytest

from tools.heat_functional import runner
from tools.heat_functional import skips

TEXT = """\
# a comment, then a blank line

AwsStackTest                 needs Swift
UpdateStackTest.test_flavor  needs Nova and Cinder
PurgeTest   [endpoint] runs heat-manage on this host
"""
ID = 'heat_integrationtests.functional.test_create_update.UpdateStackTest.'


def test_entries_reasons_and_endpoint_only():
    assert skips.parse(TEXT) == [
        skips.Skip('AwsStackTest', 'needs Swift'),
        skips.Skip('UpdateStackTest.test_flavor', 'needs Nova and Cinder'),
        skips.Skip('PurgeTest', 'runs heat-manage on this host', endpoint_only=True),
    ]


def test_endpoint_only_entries_apply_only_with_an_endpoint():
    parsed = skips.parse(TEXT)
    assert [s.entry for s in skips.active(parsed, external_endpoint=False)] == [
        'AwsStackTest', 'UpdateStackTest.test_flavor']
    assert len(skips.active(parsed, external_endpoint=True)) == 3


@pytest.mark.parametrize('text, message', [
    ('functional/test_aws_stack.py  a path is not an entry',
     "list.txt:2: 'functional/test_aws_stack.py' is not a class name"),
    ('A.b.c  too deep', "list.txt:2: 'A.b.c' is not a class name"),
    ('LonelyTest', 'list.txt:2: LonelyTest has no reason'),
    ('LonelyTest   [endpoint]', 'list.txt:2: LonelyTest has no reason'),
    ('ATest  one\nATest  two', 'list.txt:3: ATest is listed twice'),
])
def test_malformed_lines_name_the_line(text, message):
    with pytest.raises(skips.SkipListError) as err:
        skips.parse('# header\n' + text, source='list.txt')
    assert str(err.value).startswith(message)


def test_reason_for_matches_class_or_class_and_method():
    parsed = skips.parse(TEXT)
    assert skips.reason_for(ID + 'test_flavor', parsed) == 'needs Nova and Cinder'
    assert skips.reason_for(ID + 'test_flavor_other', parsed) is None
    assert skips.reason_for(ID + 'test_other', parsed) is None
    aws = 'heat_integrationtests.functional.test_aws_stack.AwsStackTest.test_nested_stack_create'
    assert skips.reason_for(aws, parsed) == 'needs Swift'


def test_a_scenario_is_skipped_with_its_method():
    parsed = skips.parse('RoleTest.test_forbidden  needs Keystone roles')
    test_id = 'heat_integrationtests.functional.m.RoleTest.test_forbidden(r_nova_flavor)'
    assert skips.reason_for(test_id, parsed) == 'needs Keystone roles'


def test_the_shipped_skip_list_parses_with_a_reason_for_each_entry():
    parsed = skips.load(runner.DEFAULT_SKIP_FILE)
    assert len(parsed) > 10
    assert all(s.reason for s in parsed)
    # The runner's own default service can run test_purge; only an external
    # endpoint skips it.
    assert [s.entry for s in parsed if s.endpoint_only] == ['PurgeTest']
