"""heat-conv-api: the Heat v1-compatible REST API."""
import sys

from heat_conv import cmd


def main():
    cmd.prepare()

    from oslo_log import log as logging

    from heat_conv.api import app
    from heat_conv.api import server
    from heat_conv.common import config
    from heat_conv.common import http_server
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
    session.get_engine()   # a bad [database] connection fails now, not per request
    application = app.make_app()
    cmd.started()
    handle = server.serve(application, conf.bind_host, conf.bind_port,
                          threads=conf.threads)
    log.info('heat-conv API listening on %s (auth: %s)', handle.url, conf.auth_strategy)

    code = stopper.wait([handle])
    log.info('Stopping the API')
    handle.stop()
    return code


if __name__ == '__main__':
    sys.exit(main())
