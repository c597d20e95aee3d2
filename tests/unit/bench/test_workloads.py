"""The benchmark's templates are valid stacks of the promised shape."""
import pytest

from heat_conv.bench import workloads
from heat_conv.engine.core import stack_operations


def _depth(bound):
    deps = bound.dependencies()
    memo = {}

    def depth(name):
        if name not in memo:
            memo[name] = 1 + max((depth(d) for d in deps.get(name, {})), default=0)
        return memo[name]
    return max(depth(n) for n in bound.resource_names())


@pytest.mark.parametrize('spec, count, path', [
    ('independent:7', 7, 1), ('chain:12', 12, 12), ('layered:4x5', 20, 4),
    ('layered:16', 16, 4), ('fanin:9', 9, 2)])
def test_shapes_bind_with_the_promised_size_and_critical_path(spec, count, path):
    workload = workloads.parse(spec)
    _, bound = stack_operations.validate_template(workload.template('v0', 'r0', wait=0.5))
    assert len(bound.resource_names()) == count == workload.size
    assert _depth(bound) == path == workload.critical_path()


def test_layered_resources_need_two_of_the_layer_below():
    _, bound = stack_operations.validate_template(workloads.parse('layered:3x4').template())
    deps = bound.dependencies()
    assert deps['l0r1'] == {}
    assert set(deps['l2r3']) == {'l1r3', 'l1r0'}


def test_phases_change_what_they_promise():
    w = workloads.parse('chain:2')
    base, update, replace = (w.template('v0', 'r0'), w.template('v1', 'r0'),
                             w.template('v1', 'r1'))
    props = [t['resources']['r0']['properties'] for t in (base, update, replace)]
    assert [p['value'] for p in props] == ['v0', 'v1', 'v1']
    assert [p['update_replace_value'] for p in props] == ['r0', 'r0', 'r1']


def test_a_group_workload_needs_resource_groups():
    assert 'OS::Heat::ResourceGroup' in workloads.parse('group:10').needs_types


@pytest.mark.parametrize('spec', ['chain', 'nope:10', 'layered:3x', 'layered:7'])
def test_bad_specs_are_refused(spec):
    with pytest.raises(ValueError):
        workloads.parse(spec)
