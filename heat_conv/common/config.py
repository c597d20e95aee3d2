"""Process-wide configuration: the options every process shares, and start-up."""
import os
import socket

import oslo_messaging
from oslo_config import cfg
from oslo_db import options as db_options
from oslo_log import log as logging
from oslo_messaging import opts as _messaging_opts
from oslo_messaging import server as _messaging_server
from oslo_messaging import transport as _messaging_transport
from oslo_messaging.notify import notifier as _messaging_notifier

CONF = cfg.CONF

DEFAULT_STATE_PATH = os.environ.get(
    'HEAT_CONV_STATE_PATH',
    os.path.join(os.path.expanduser('~'), '.local', 'share', 'heat-conv'))

default_opts = [
    cfg.StrOpt('state_path',
               default=DEFAULT_STATE_PATH,
               sample_default='~/.local/share/heat-conv',
               help='Directory where heat-conv keeps its state: the SQLite '
                    'database of the embedded default and the simulated '
                    'cloud\'s store. The environment variable '
                    'HEAT_CONV_STATE_PATH overrides the built-in default.'),
    cfg.StrOpt('host',
               default=socket.gethostname(),
               sample_default='localhost',
               help='Name of this host, as recorded in service heartbeats '
                    'and resource locks.'),
]

CONF.register_opts(default_opts)


# oslo.config substitutes $state_path when the option is read, so a
# state_path set in a config file moves the default database with it.
DEFAULT_CONNECTION = 'sqlite:///$state_path/heat_conv.sqlite'


def set_lib_defaults():
    """Defaults we choose for options that libraries own.

    The embedded default runs on SQLite and the in-process ``inproc://``
    transport (heat_conv.common.inproc_transport), so a fresh machine needs
    no database or broker. The database pool holds as many connections as
    the process has threads using the database (heat_conv.db.session.
    plan_threads) unless max_pool_size is set. An engine step is short CPU
    work between database round trips: on the GIL, 16 executor threads per
    engine process do as much as oslo.messaging's 64 (measured with
    heat-conv-bench) on less CPU and a quarter of the connections.

    ``cfg.set_defaults`` changes the option objects themselves (rather than
    one ConfigOpts' view of them), so oslo-config-generator, which lists
    those objects, writes these defaults into the sample. It must run before
    ``register_lib_opts`` copies them.
    """
    cfg.set_defaults(db_options.database_opts, connection=DEFAULT_CONNECTION,
                     max_pool_size=None)
    # oslo.messaging has a public setter for control_exchange only.
    cfg.set_defaults(_messaging_transport._transport_opts, transport_url='inproc://')
    cfg.set_defaults(_messaging_server._pool_opts, executor_thread_pool_size=16)
    # Notifications are off unless asked for, as in Heat: said explicitly,
    # so that Notifier.is_enabled() says so (heat_conv.common.notifier).
    cfg.set_defaults(_messaging_notifier._notifier_opts, driver=['noop'])
    oslo_messaging.set_transport_defaults('heat_conv')
    register_lib_opts()


_lib_opts_registered = False


def register_lib_opts():
    """Register library options up front so defaults can be set on them."""
    global _lib_opts_registered
    if _lib_opts_registered:
        return
    logging.register_options(CONF)
    db_options.set_defaults(CONF)
    for group, opts in _messaging_opts.list_opts():
        if group is None:
            CONF.register_opts([o for o in opts if o.dest not in CONF])
    _lib_opts_registered = True


def parse_args(argv, default_config_files=None, prog=None):
    """Parse the command line and config files; set up logging.

    Must run after ``oslo_service.backend.init_backend`` in entry points.
    """
    from heat_conv.common import version
    set_lib_defaults()
    # --version prints the installed version (every entry point has it).
    CONF(argv, project='heat_conv', prog=prog, version=version.version_string(),
         default_config_files=default_config_files)
    os.makedirs(CONF.state_path, exist_ok=True)
    logging.setup(CONF, 'heat_conv')


def log_options(log):
    """Write every option's value at DEBUG (secrets masked), as the engine's
    and observer's launcher does: with --debug, the log says how the
    process was configured."""
    import logging as std_logging
    CONF.log_opt_values(log, std_logging.DEBUG)
