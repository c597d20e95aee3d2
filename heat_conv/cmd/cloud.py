"""heat-conv-cloud: the simulated cloud as a REST service."""
import sys

from heat_conv import cmd


def main():
    cmd.prepare()

    from oslo_log import log as logging

    from heat_conv.cloud import client
    from heat_conv.cloud import faults
    from heat_conv.cloud import service
    from heat_conv.cloud import settle_notices
    from heat_conv.common import config
    from heat_conv.common import http_server

    config.parse_args(sys.argv[1:], prog='heat-conv-cloud')
    stopper = http_server.StopOnSignal()
    log = logging.getLogger('heat_conv.cmd.cloud')
    config.log_options(log)
    conf = config.CONF.cloud

    store = client.get_store()
    notices = settle_notices.start(store)
    handle = service.serve(conf.bind_host, conf.bind_port, store,
                           faults.FaultPolicy.from_conf())
    log.info('Simulated cloud listening on %s (store %s)', handle.url, store.path)

    code = stopper.wait([handle])
    log.info('Stopping the simulated cloud')
    handle.stop()
    if notices is not None:
        notices.stop()
    store.close()
    return code


if __name__ == '__main__':
    sys.exit(main())
