"""heat-conv-cloud: the simulated cloud as a REST service."""
import signal
import sys
import threading

from oslo_service import backend


def main():
    # Must come before anything imports heat_conv.common.config: importing
    # oslo.messaging there otherwise picks oslo.service's eventlet backend.
    backend.init_backend(backend.BackendType.THREADING)

    from oslo_log import log as logging

    from heat_conv.cloud import client
    from heat_conv.cloud import faults
    from heat_conv.cloud import service
    from heat_conv.common import config

    config.parse_args(sys.argv[1:], prog='heat-conv-cloud')
    log = logging.getLogger('heat_conv.cmd.cloud')
    conf = config.CONF.cloud

    store = client.get_store()
    handle = service.serve(conf.bind_host, conf.bind_port, store,
                           faults.FaultPolicy.from_conf())
    log.info('Simulated cloud listening on %s (store %s)', handle.url, store.path)

    stop_requested = threading.Event()

    def _request_stop(signum, frame):
        # Only flag it here: stopping joins threads, which a signal
        # handler must not do.
        stop_requested.set()

    signal.signal(signal.SIGINT, _request_stop)
    signal.signal(signal.SIGTERM, _request_stop)
    while not stop_requested.wait(1.0):
        if handle.wait(0):
            log.error('Simulated cloud server stopped unexpectedly')
            return 1
    log.info('Stopping the simulated cloud')
    handle.stop()
    store.close()
    return 0


if __name__ == '__main__':
    sys.exit(main())
