"""Property tests: whatever template arrives, the template layer answers
with a template error (a 4xx), never anything else, and no single template
raises the process's peak memory by more than a bound. (The peak over a
whole run also holds hypothesis's own bookkeeping, so each example is
measured on its own: before the fix, one 7-level alias bomb added 115 MiB.)

HC_EX=N runs N random examples per test instead of the fixed, derandomized
set CI runs.
"""
import os
import resource

from hypothesis import HealthCheck
from hypothesis import given
from hypothesis import settings

from heat_conv.common import exception
from heat_conv.engine.core import stack_operations
from heat_conv.hot import template as hot_template
from tests import fuzz_templates

PER_EXAMPLE_BOUND_MIB = 40
PROFILE = settings(max_examples=int(os.environ.get('HC_EX', 400)), deadline=None,
                   derandomize=not os.environ.get('HC_EX'), database=None,
                   suppress_health_check=[HealthCheck.too_slow,
                                          HealthCheck.data_too_large,
                                          HealthCheck.large_base_example])


def _peak_mib():
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def _load_and_bind(body, environment=None):
    try:
        tmpl, bound = stack_operations.validate_template(
            body, environment=environment, stack_name='s', stack_id='i', project_id='p')
    except exception.HeatConvException as exc:
        assert exc.code < 500, exc
        return
    # What the API does next with an accepted template: store it, show it.
    tmpl.to_dict()
    bound.parameters_for_display()
    for name in bound.resource_names():
        bound.resource(name).frozen()
    for name in bound.outputs():
        try:
            bound.resolve_output(name, {}, {})
        except exception.HeatConvException as exc:
            assert exc.code < 500


def _bounded(body, environment=None):
    before = _peak_mib()
    _load_and_bind(body, environment)
    grown = _peak_mib() - before
    assert grown < PER_EXAMPLE_BOUND_MIB, f'peak RSS grew {grown:.0f} MiB'


@PROFILE
@given(fuzz_templates.template_texts())
def test_any_template_is_accepted_or_a_4xx(body):
    _bounded(body)


@PROFILE
@given(fuzz_templates.alias_yaml(where='environment'))
def test_alias_laden_environments_are_bounded(env):
    _bounded({'heat_template_version': '2018-08-31',
              'parameters': {'p': {'type': 'json', 'default': {}}}}, env)


def test_templates_as_written_load_as_they_are_stored():
    """A sanity check on the strategy: plain valid templates do load."""
    tmpl = hot_template.Template.load({'heat_template_version': '2018-08-31',
                                       'resources': {'a': {'type': 'OS::Heat::None'}}})
    assert tmpl.to_dict()['resources'] == {'a': {'type': 'OS::Heat::None'}}
