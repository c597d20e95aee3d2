"""Process-wide configuration: the options every process shares, and start-up."""
import os
import socket

from oslo_config import cfg
from oslo_db import options as db_options
from oslo_log import log as logging
from oslo_messaging import opts as _messaging_opts  # noqa: F401  (registers list_opts)

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


def default_connection(state_path):
    return 'sqlite:///' + os.path.join(state_path, 'heat_conv.sqlite')


def set_lib_defaults():
    """Defaults we choose for options that libraries own.

    The embedded default runs on SQLite and the in-process ``fake://``
    transport, so a fresh machine needs no database or broker.
    """
    register_lib_opts()
    db_options.set_defaults(CONF, connection=default_connection(DEFAULT_STATE_PATH))
    CONF.set_default('control_exchange', 'heat_conv')
    CONF.set_default('transport_url', 'fake://')


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
    set_lib_defaults()
    CONF(argv, project='heat_conv', prog=prog,
         default_config_files=default_config_files)
    if CONF.state_path != DEFAULT_STATE_PATH and \
            CONF.database.connection == default_connection(DEFAULT_STATE_PATH):
        # A state_path from the config file moves the default database too.
        CONF.set_default('connection', default_connection(CONF.state_path),
                         group='database')
    os.makedirs(CONF.state_path, exist_ok=True)
    logging.setup(CONF, 'heat_conv')
