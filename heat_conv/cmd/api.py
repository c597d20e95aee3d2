"""heat-conv-api: the Heat v1-compatible REST API."""
import sys

from heat_conv import cmd

# Seconds between measures of the database's clock (db.clock).
CLOCK_INTERVAL = 60


def main():
    cmd.prepare()

    from oslo_log import log as logging

    from heat_conv.api import app
    from heat_conv.api import server
    from heat_conv.common import config
    from heat_conv.common import http_server
    from heat_conv.common import metrics_server
    from heat_conv.common import periodic
    from heat_conv.db import clock as db_clock
    from heat_conv.db import session

    config.parse_args(sys.argv[1:], prog='heat-conv-api')
    try:
        http_server.check_free(config.CONF.api.bind_host, config.CONF.api.bind_port, 'api')
    except http_server.PortInUse as exc:
        print(f'heat-conv-api: {exc}', file=sys.stderr, flush=True)
        return 1
    stopper = http_server.StopOnSignal()
    log = logging.getLogger('heat_conv.cmd.api')
    config.log_options(log)
    conf = config.CONF.api
    session.plan_threads(conf.threads)
    # A bad [database] connection fails now, not per request.
    refused = cmd.database_refused('heat-conv-api') or cmd.pin_refused('heat-conv-api')
    if refused:
        return refused
    # The times it writes (a traversal's start) are the database's.
    db_clock.follow()
    db_clock.measure()
    clock_task = periodic.Periodic('db-clock', db_clock.measure, CLOCK_INTERVAL).start()
    application = app.make_app()
    metrics_server.serve(config.CONF.metrics.api_port)
    cmd.started()
    handle = server.serve(application, conf.bind_host, conf.bind_port,
                          threads=conf.threads)
    log.info('heat-conv API listening on %s (auth: %s)', handle.url, conf.auth_strategy)

    code = stopper.wait([handle])
    log.info('Stopping the API')
    handle.stop()
    metrics_server.stop()
    clock_task.stop()
    return code


if __name__ == '__main__':
    sys.exit(main())
