"""An engine worker process: the RPC server, its heartbeat and the reaper."""
import logging
import threading

from oslo_config import cfg
from oslo_service import service

from heat_conv.common import config
from heat_conv.db import api as db_api
from heat_conv.engine import identity
from heat_conv.engine import reaper
from heat_conv.engine import rpc
from heat_conv.engine import worker

CONF = config.CONF
LOG = logging.getLogger(__name__)

server_opts = [
    cfg.IntOpt('workers', default=1, min=1,
               help='Engine worker processes that heat-conv-engine starts.'),
    cfg.IntOpt('heartbeat_interval', default=10, min=1,
               help='Seconds between an engine\'s heartbeats in the database.'),
]
CONF.register_opts(server_opts, group='engine')


def list_opts():
    return [('engine', server_opts)]


class EngineService(service.Service):
    """One engine worker: handles casts until stopped."""

    def __init__(self, transport=None):
        super().__init__()
        self._transport = transport
        self._server = None
        self._stopping = threading.Event()

    def start(self):
        super().start()
        self._server = rpc.get_server([worker.EngineEndpoint()], self._transport,
                                      server_id=identity.engine_id())
        self._server.start()
        self._beat()
        self._every(CONF.engine.heartbeat_interval, self._beat, 'heartbeat')
        self._every(CONF.engine.reaper_interval, reaper.run_once, 'reaper')
        LOG.info('engine %s started', identity.engine_id())

    def _beat(self):
        db_api.service_heartbeat(identity.engine_id(), CONF.host, 'heat-conv-engine',
                                 CONF.engine.topic, CONF.engine.heartbeat_interval)

    def _every(self, interval, func, name):
        def loop():
            while not self._stopping.wait(interval):
                try:
                    func()
                except Exception:   # a periodic task must outlive a bad pass
                    LOG.exception('%s pass failed', name)
        threading.Thread(target=loop, name=name, daemon=True).start()

    def stop(self, graceful=False):
        self._stopping.set()
        if self._server is not None:
            self._server.stop()
            self._server.wait()
            self._server = None
        try:
            db_api.service_delete(identity.engine_id())
        except Exception:
            LOG.exception('could not record the engine\'s stop')
        super().stop(graceful)

    def wait(self):
        self._stopping.wait()
