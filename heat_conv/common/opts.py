"""Every heat-conv option, for oslo-config-generator (``oslo.config.opts``)."""
import itertools


def list_opts():
    from heat_conv.common import config
    from heat_conv.common import limits

    groups = {None: [config.default_opts, limits.limit_opts]}
    for module_path in _OPTION_MODULES:
        module = __import__(module_path, fromlist=['list_opts'])
        for group, opts in module.list_opts():
            groups.setdefault(group, []).append(opts)
    return [(group, list(itertools.chain(*lists))) for group, lists in groups.items()]


# Modules that own options; each has ``list_opts() -> [(group, [opts])]``.
_OPTION_MODULES = [
    'heat_conv.api.cfn.ec2_auth',
    'heat_conv.api.dashboard.options',
    'heat_conv.api.options',
    'heat_conv.api.stack_listing',
    'heat_conv.clients.cfn_urls',
    'heat_conv.clients.options',
    'heat_conv.common.metrics_server',
    'heat_conv.common.notifier',
    'heat_conv.cloud.options',
    'heat_conv.db.servers',
    'heat_conv.engine.core.continuation',
    'heat_conv.engine.lifecycle.lifecycle_options',
    'heat_conv.engine.recovery.reaper',
    'heat_conv.engine.core.rpc',
    'heat_conv.engine.core.rpc_versions',
    'heat_conv.engine.server',
    'heat_conv.hot.global_environment',
    'heat_conv.hot.yaql_function',
    'heat_conv.observer.options',
    'heat_conv.plugin_interface.plugin_loader',
    'heat_conv.resources.heat.signal_url',
]
