"""WSGI entry point for running the API under a WSGI server (uWSGI,
mod_wsgi, gunicorn): ``heat_conv.wsgi.api:application``.

The configuration is read from the usual oslo.config places
(/etc/heat_conv/heat_conv.conf, ...); HEAT_CONV_CONFIG_FILE, a
comma-separated list of files, overrides them.
"""
import os

from heat_conv import cmd

cmd.prepare()   # before anything imports oslo.messaging

from heat_conv.api import app  # noqa: E402
from heat_conv.common import config  # noqa: E402
from heat_conv.common import metrics_server  # noqa: E402


def init_application():
    files = os.environ.get('HEAT_CONV_CONFIG_FILE')
    default_files = [f for f in files.split(',') if f] if files else None
    config.parse_args([], default_config_files=default_files, prog='heat-conv-api')
    application = app.make_app()
    # uWSGI loads the application in each worker process (lazy-apps): each
    # serves its metrics on the first free port from api_port.
    metrics_server.serve(config.CONF.metrics.api_port, tries=metrics_server.API_PORTS)
    cmd.started()
    return application


application = init_application()
