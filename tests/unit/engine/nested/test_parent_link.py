"""Failure reasons carry their path up the tree, in Heat's format."""
import pytest

from heat_conv.engine.nested import parent_link


@pytest.mark.parametrize('reason,expected', [
    ('Create failed (simulated)', 'resources.oops: Create failed (simulated)'),
    ('ValueError: Test Resource failed oops',
     'ValueError: resources.oops: Test Resource failed oops'),
    ('resources.oops.resources.x: boom', 'resources.oops.resources.x: boom'),
    ('KeyError: resources.oops.resources.x: boom',
     'KeyError: resources.oops.resources.x: boom'),
])
def test_a_resource_reason_gets_its_path_once(reason, expected):
    assert parent_link.with_path('oops', reason) == expected


@pytest.mark.parametrize('child_reason,expected', [
    ('Resource CREATE failed: ValueError: resources.oops: Test Resource failed oops',
     'ValueError: resources.victim.resources.oops: Test Resource failed oops'),
    ('Resource UPDATE failed: resources.b.resources.server: Update failed',
     'resources.victim.resources.b.resources.server: Update failed'),
    ('Stack CREATE timed out after 1 minutes', 'resources.victim: Stack CREATE timed '
     'out after 1 minutes'),
])
def test_a_child_stacks_failure_is_put_under_the_parent_resource(child_reason, expected):
    assert parent_link.parent_reason('victim', child_reason) == expected
