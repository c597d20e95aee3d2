"""Heat's switches for stack abandon (and export) and stack adopt.

Both are off by default, as in Heat, which calls them preview features:
an abandoned stack's objects are no longer managed by anything, and an
adopt takes over whatever objects a document names. When a switch is off
the operation answers Heat's 400 ``NotSupported``.
"""
from oslo_config import cfg

from heat_conv.common import exception
from heat_conv.common.config import CONF

lifecycle_opts = [
    cfg.BoolOpt('enable_stack_abandon',
                default=False,
                help='Enable the preview Stack Abandon feature: DELETE '
                     '.../abandon (and GET .../export, which shows the same '
                     'document) answer "Stack Abandon is not supported." '
                     'while it is off.'),
    cfg.BoolOpt('enable_stack_adopt',
                default=False,
                help='Enable the preview Stack Adopt feature: a stack create '
                     'with adopt_stack_data answers "Stack Adopt is not '
                     'supported." while it is off.'),
]

CONF.register_opts(lifecycle_opts)


def require_abandon():
    if not CONF.enable_stack_abandon:
        raise exception.NotSupported('Stack Abandon is not supported.')


def require_adopt():
    if not CONF.enable_stack_adopt:
        raise exception.NotSupported('Stack Adopt is not supported.')


def list_opts():
    return [(None, lifecycle_opts)]
