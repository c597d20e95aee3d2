"""heat-conv-all: the embedded default, every process as threads of one.

API on 127.0.0.1:8004, engine worker, observer and the simulated cloud on
127.0.0.1:8005, on SQLite and the in-process ``inproc://`` transport. The
database is created (migrated) on start.
"""
import sys

from heat_conv import cmd


def main():
    cmd.prepare()

    from oslo_log import log as logging

    from heat_conv.api import access_log
    from heat_conv.api import app as api_app  # also registers [api]
    from heat_conv.api import server as api_server
    from heat_conv.api.cfn import app as cfn_app
    from heat_conv.api.dashboard import options as dashboard_options
    from heat_conv.clients import cfn_urls
    from heat_conv.cloud import client as cloud_client
    from heat_conv.cloud import faults
    from heat_conv.cloud import service as cloud_service
    from heat_conv.cloud import settle_notices
    from heat_conv.common import config
    from heat_conv.common import http_server
    from heat_conv.common import metrics_server
    from heat_conv.db import migration
    from heat_conv.db import session
    from heat_conv.engine import server as engine_server
    from heat_conv.observer import service as observer_service

    # The embedded default shows its page; [dashboard] enabled = false hides it.
    dashboard_options.enable_for_embedded_default()
    config.parse_args(sys.argv[1:], prog='heat-conv-all')
    log = logging.getLogger('heat_conv.cmd.all')
    config.log_options(log)
    conf = config.CONF

    try:
        http_server.check_free(conf.api.bind_host, conf.api.bind_port, 'api')
        if not conf.cloud.url:
            http_server.check_free(conf.cloud.bind_host, conf.cloud.bind_port, 'cloud')
        cfn = conf[cfn_urls.GROUP]
        if cfn.enabled:
            http_server.check_free(cfn.bind_host, cfn.bind_port, cfn_urls.GROUP)
    except http_server.PortInUse as exc:
        print(f'heat-conv-all: {exc}', file=sys.stderr, flush=True)
        return 1
    stopper = http_server.StopOnSignal()

    # Whatever has started is stopped on the way out, in reverse order, even
    # when a later part fails to start: the engine's and observer's threads
    # would otherwise keep a half-started process alive.
    stoppers = []
    servers = []
    code = 1
    session.plan_threads(conf.api.threads + engine_server.db_threads()
                         + observer_service.DB_THREADS)
    refused = cmd.database_refused('heat-conv-all') or cmd.pin_refused('heat-conv-all')
    if refused:
        return refused
    try:
        migration.upgrade(session.get_engine())
        log.info('database ready at %s', conf.database.connection)
        # One registry for every service of the process, on the API's port:
        # the engine's and observer's own do nothing more.
        metrics_server.serve(conf.metrics.api_port)
        stoppers.append(metrics_server.stop)
        cmd.started()

        cloud_url = conf.cloud.url
        if not cloud_url:
            store = cloud_client.get_store()
            stoppers.append(store.close)   # last: the engine and observer use it
            notices = settle_notices.start(store)
            if notices is not None:
                stoppers.append(notices.stop)
            cloud = cloud_service.serve(conf.cloud.bind_host, conf.cloud.bind_port,
                                        store, faults.FaultPolicy.from_conf())
            stoppers.append(cloud.stop)
            servers.append(cloud)
            cloud_url = cloud.url
            log.info('simulated cloud listening on %s', cloud_url)

        # In-process messages do not outlive the process: what it had
        # queued when it last stopped is re-driven once the engine runs.
        engine = engine_server.EngineService(resume_all=True)
        stoppers.append(engine.stop)
        engine.start()

        observer = observer_service.ObserverService()
        stoppers.append(observer.stop)
        observer.start()

        api = api_server.serve(api_app.make_app(), conf.api.bind_host,
                               conf.api.bind_port, threads=conf.api.threads)
        stoppers.append(api.stop)
        servers.append(api)
        if cfn.enabled:
            cfn_api = http_server.serve(access_log.AccessLog(cfn_app.application),
                                        cfn.bind_host, cfn.bind_port, cfn.threads,
                                        'heat-conv-api-cfn')
            stoppers.append(cfn_api.stop)
            servers.append(cfn_api)
            log.info('CFN API listening on %s', cfn_api.url)
        print(f'heat-conv is running: API {api.url}/v1/admin, simulated cloud '
              f'{cloud_url}. Ctrl-C stops it.', flush=True)

        code = stopper.wait(servers)
    finally:
        log.info('stopping')
        for stop in reversed(stoppers):
            try:
                stop()
            except Exception:   # keep stopping the rest
                log.exception('error while stopping')
    print('heat-conv stopped.', flush=True)
    return code


if __name__ == '__main__':
    sys.exit(main())
