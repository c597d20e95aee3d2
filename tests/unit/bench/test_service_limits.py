"""A topology the benchmark starts takes its biggest workload."""
import json

import pytest

from heat_conv.bench import service_limits
from heat_conv.bench import workloads
from heat_conv.common import config
from heat_conv.common import exception
from heat_conv.engine import stack_operations


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


def test_workloads_within_heats_defaults_change_nothing():
    assert service_limits.needed([workloads.parse('layered:10x100'),
                                  workloads.parse('chain:1000')]) == []


def test_a_10000_resource_workload_is_refused_by_default_and_taken_with_them(overrides):
    workload = workloads.parse('layered:10x1000')
    body = json.dumps(workload.template('v0', 'r0'))
    with pytest.raises(exception.HeatConvException, match='max_'):
        stack_operations.validate_template(body)
    needed = service_limits.needed([workload, workloads.parse('chain:10')])
    assert {item.partition('=')[0] for item in needed} == {
        'max_resources_per_stack', 'max_template_size', 'max_json_body_size'}
    overrides(needed)
    _, bound = stack_operations.validate_template(body)
    assert len(bound.resource_names()) == 10000
