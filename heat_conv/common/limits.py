"""Limits on what one request, tenant or stack may use, with Heat's option
names and defaults, in ``[DEFAULT]``.

Each exceeded limit is a RequestLimitExceeded (400) or, for a request body,
a 413, whose message names the option and its value so that an operator
knows what to raise.
"""
from oslo_config import cfg

from heat_conv.common import exception

CONF = cfg.CONF

limit_opts = [
    cfg.IntOpt('max_template_size',
               default=524288,
               min=1,
               help='Largest template, environment or files entry, in bytes, '
                    'that is accepted. A YAML document is measured as it '
                    'would be with its aliases expanded, so a small document '
                    'that expands into a huge one is refused; a value computed '
                    'by an intrinsic function (str_replace, list_join, '
                    'repeat) may not exceed it either.'),
    cfg.IntOpt('max_json_body_size',
               default=1048576,
               min=1,
               deprecated_opts=[cfg.DeprecatedOpt('max_request_body_size',
                                                  group='api')],
               help='Largest JSON request body, in bytes, that the API '
                    'accepts; larger requests are answered with 413.'),
    cfg.IntOpt('max_resources_per_stack',
               default=1000,
               help='Most resources a stack may have, counted over its whole '
                    'tree of nested stacks. -1 means no limit.'),
    cfg.IntOpt('max_stacks_per_tenant',
               default=512,
               help='Most live (not deleted) stacks one project may have. '
                    '-1 means no limit.'),
    cfg.IntOpt('max_events_per_stack',
               default=1000,
               help='Most events kept per stack; when a stack has more, the '
                    'oldest are purged. 0 keeps every event.'),
    cfg.IntOpt('max_signal_data_per_resource',
               default=1048576,
               min=1,
               help='Most signal data, in bytes of JSON, kept for one '
                    'resource (a wait condition handle, a software '
                    'deployment) over all the signals it is sent; a signal '
                    'that would pass it is refused with 400, and the '
                    'signals already kept stay. Whatever waits on them reads '
                    'them all in one row, which the database must accept '
                    '(MariaDB\'s max_allowed_packet).'),
    cfg.IntOpt('max_snapshots_per_stack',
               default=32,
               help='Most snapshots one stack may have at a time. -1 means no '
                    'limit.'),
    cfg.IntOpt('max_nested_stack_depth',
               default=5,
               min=1,
               help='Deepest nesting of stacks (template resources, '
                    'OS::Heat::Stack, resource groups) that is accepted.'),
]

CONF.register_opts(limit_opts)


def list_opts():
    return [(None, limit_opts)]


def exceeded(what, option, limit=None):
    """The error for ``what`` being over the limit set by ``option``."""
    value = getattr(CONF, option) if limit is None else limit
    return exception.RequestLimitExceeded(
        f'{what} exceeds {option} ({value})')


def check_template_size(size, what='The template'):
    """Refuse a document of ``size`` bytes (as stored, aliases expanded)."""
    if size > CONF.max_template_size:
        raise exceeded(f'{what} is {size} bytes, which', 'max_template_size')


def check_value_size(size, what):
    """Refuse a computed value of ``size`` bytes."""
    if size > CONF.max_template_size:
        raise exceeded(f'{what} would be {size} bytes, which', 'max_template_size')


def resource_count(definitions):
    """How many of one stack's own resource definitions count against
    max_resources_per_stack. The child stacks' resources (template
    resources' trees, groups' members) are added by the template's
    validation (resources.template_check).
    """
    return sum(1 for _ in definitions)


def check_resource_count(count):
    limit = CONF.max_resources_per_stack
    if limit >= 0 and count > limit:
        raise exceeded(f'The stack would have {count} resources, which',
                       'max_resources_per_stack')


def check_nested_depth(depth):
    if depth > CONF.max_nested_stack_depth:
        raise exceeded(f'Nesting stacks {depth} deep', 'max_nested_stack_depth')


def check_stack_count(count):
    """``count`` live stacks, the new one included."""
    limit = CONF.max_stacks_per_tenant
    if limit >= 0 and count > limit:
        raise exceeded(f'Creating another stack ({count} in this project)',
                       'max_stacks_per_tenant')


def check_signal_data(kept, size, resource_name):
    """Refuse a signal of ``size`` bytes to a resource that keeps ``kept``."""
    if kept + size > CONF.max_signal_data_per_resource:
        raise exceeded(f'The signals kept for {resource_name} would be {kept + size} '
                       'bytes, which', 'max_signal_data_per_resource')
