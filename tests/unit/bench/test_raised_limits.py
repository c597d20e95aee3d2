"""A topology the benchmark starts takes its biggest workload."""
import json

import pytest

from heat_conv.bench import plan
from heat_conv.bench import workloads
from heat_conv.common import config
from heat_conv.common import exception
from heat_conv.engine.core import stack_operations


@pytest.fixture
def overrides():
    applied = []

    def apply(items):
        for item in items:
            name, _, value = item.partition('=')
            config.CONF.set_override(name, int(value))
            applied.append(name)
    yield apply
    for name in applied:
        config.CONF.clear_override(name)


def _flags(*specs):
    return plan.from_flags(['distributed'], [workloads.parse(s) for s in specs],
                           [0.0], ['create'], 1)


def test_workloads_within_heats_defaults_change_nothing():
    assert _flags('layered:10x100', 'chain:1000').config == []


def test_a_10000_resource_workload_is_refused_by_default_and_taken_with_them(overrides):
    workload = workloads.parse('layered:10x1000')
    body = json.dumps(workload.template('v0', 'r0'))
    with pytest.raises(exception.HeatConvException, match='max_'):
        stack_operations.validate_template(body)
    raised = _flags('layered:10x1000', 'chain:10').config
    assert {item.partition('=')[0] for item in raised} == {
        'max_resources_per_stack', 'max_template_size', 'max_json_body_size'}
    overrides(raised)
    _, bound = stack_operations.validate_template(body)
    assert len(bound.resource_names()) == 10000


def test_the_defaults_are_heat_convs_own():
    assert plan.HEAT_LIMITS == {'max_resources_per_stack': 1000,
                                'max_template_size': 524288,
                                'max_json_body_size': 1048576}
