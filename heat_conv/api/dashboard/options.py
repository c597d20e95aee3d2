"""Options of the built-in page, group ``[dashboard]``."""
from oslo_config import cfg

from heat_conv.common.config import CONF

GROUP = 'dashboard'

dashboard_opts = [
    cfg.BoolOpt('enabled',
                default=False,
                help='Serve the built-in page at /dashboard on the API\'s '
                     'address: stacks, their live dependency graphs, events, '
                     'drift, and a create/update form with a preview. The '
                     'page calls the same v1 API as the CLI, with the '
                     'user\'s token under auth_strategy = keystone, so it '
                     'shows only what that user may see. Off by default; '
                     'heat-conv-all (the embedded default of '
                     'tools/run-service) turns it on unless this is set to '
                     'false explicitly.'),
]

CONF.register_opts(dashboard_opts, group=GROUP)


def enable_for_embedded_default():
    """heat-conv-all: on, unless a config file or the environment says off."""
    CONF.set_default('enabled', True, group=GROUP)


def list_opts():
    return [(GROUP, dashboard_opts)]
