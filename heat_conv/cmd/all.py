"""heat-conv-all: the embedded default, every process as threads of one.

API on 127.0.0.1:8004, engine worker, observer and the simulated cloud on
127.0.0.1:8005, on SQLite and the in-process ``fake://`` transport. The
database is created (migrated) on start.
"""
import signal
import sys
import threading


def main():
    # Before anything imports oslo.messaging (it would pick eventlet).
    from oslo_service import backend
    backend.init_backend(backend.BackendType.THREADING)

    from oslo_log import log as logging

    from heat_conv.cloud import client as cloud_client
    from heat_conv.cloud import faults
    from heat_conv.cloud import service as cloud_service
    from heat_conv.common import config
    from heat_conv.db import migration
    from heat_conv.db import session
    from heat_conv.engine import server as engine_server
    from heat_conv.observer import service as observer_service

    config.parse_args(sys.argv[1:], prog='heat-conv-all')
    log = logging.getLogger('heat_conv.cmd.all')
    conf = config.CONF

    migration.upgrade(session.get_engine())
    log.info('database ready at %s', conf.database.connection)

    stoppers = []
    if not conf.cloud.url:
        store = cloud_client.get_store()
        cloud = cloud_service.serve(conf.cloud.bind_host, conf.cloud.bind_port, store,
                                    faults.FaultPolicy.from_conf())
        stoppers.append(cloud.stop)
        log.info('simulated cloud listening on %s', cloud.url)

    engine = engine_server.EngineService()
    engine.start()
    stoppers.append(engine.stop)

    observer = observer_service.ObserverService()
    observer.start()
    stoppers.append(observer.stop)

    from heat_conv.api import server as api_server
    api = api_server.serve(conf.api.bind_host, conf.api.bind_port)
    stoppers.append(api.stop)
    log.info('API listening on http://%s:%s/v1/<tenant>', conf.api.bind_host,
             conf.api.bind_port)
    print(f'heat-conv is running: API http://{conf.api.bind_host}:{conf.api.bind_port}'
          f'/v1/admin, simulated cloud {conf.cloud.url or cloud.url}. Ctrl-C stops it.',
          flush=True)

    stop_requested = threading.Event()

    def _request_stop(signum, frame):
        stop_requested.set()

    signal.signal(signal.SIGINT, _request_stop)
    signal.signal(signal.SIGTERM, _request_stop)
    while not stop_requested.wait(1.0):
        pass
    log.info('stopping')
    for stop in reversed(stoppers):
        try:
            stop()
        except Exception:   # keep stopping the rest
            log.exception('error while stopping')
    print('heat-conv stopped.', flush=True)
    return 0


if __name__ == '__main__':
    sys.exit(main())
