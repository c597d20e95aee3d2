"""heat-conv-api: the Heat v1-compatible REST API."""
import signal
import sys
import threading

from oslo_service import backend


def main():
    # Must come before anything imports heat_conv.common.config: importing
    # oslo.messaging there otherwise picks oslo.service's eventlet backend.
    backend.init_backend(backend.BackendType.THREADING)

    from oslo_log import log as logging

    from heat_conv.api import app
    from heat_conv.api import server
    from heat_conv.common import config
    from heat_conv.db import session

    config.parse_args(sys.argv[1:], prog='heat-conv-api')
    log = logging.getLogger('heat_conv.cmd.api')
    conf = config.CONF.api
    session.get_engine()   # a bad [database] connection fails now, not per request
    handle = server.serve(app.make_app(), conf.bind_host, conf.bind_port,
                          threads=conf.threads)
    log.info('heat-conv API listening on %s (auth: %s)', handle.url, conf.auth_strategy)

    stop_requested = threading.Event()

    def _request_stop(signum, frame):
        # Only flag it: stopping joins threads, which a handler must not do.
        stop_requested.set()

    signal.signal(signal.SIGINT, _request_stop)
    signal.signal(signal.SIGTERM, _request_stop)
    while not stop_requested.wait(1.0):
        if handle.wait(0):
            log.error('The API server stopped unexpectedly')
            return 1
    log.info('Stopping the API')
    handle.stop()
    return 0


if __name__ == '__main__':
    sys.exit(main())
