"""The service limits a topology the benchmark starts needs for its
workloads.

heat-conv's limits are Heat's (``[DEFAULT] max_resources_per_stack`` 1000,
``max_template_size`` 512 KiB, ``max_json_body_size`` 1 MiB): a
10,000-resource workload is refused by either service as configured by
default. A topology the benchmark starts is its own, so it raises them
for the biggest workload (an explicit ``--config`` still wins); a service
given with ``--endpoint`` must have been configured for it.
"""
import json

from heat_conv.common import limits

# Room for what a phase adds to a template (longer values, waits).
MARGIN = 2


def _default(name):
    return next(opt.default for opt in limits.limit_opts if opt.name == name)


def needed(workloads, waits=(0.0,)):
    """``--config`` items (``KEY=VALUE``, in [DEFAULT]) for every limit the
    workloads exceed by default; none when they fit."""
    if not workloads:
        return []
    resources = max(w.size for w in workloads)
    template = max(len(json.dumps(w.template('v0', 'r0', wait)))
                   for w in workloads for wait in waits) * MARGIN
    wanted = {'max_resources_per_stack': resources,
              'max_template_size': template,
              # The request body is the template and a few fields.
              'max_json_body_size': template + 4096}
    return [f'{name}={value}' for name, value in wanted.items()
            if value > _default(name)]
