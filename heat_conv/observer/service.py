"""The observer process: polls reality and reports what settled."""
import logging
import threading

from oslo_config import cfg
from oslo_service import service

from heat_conv.common import config
from heat_conv.observer import poller

CONF = config.CONF
LOG = logging.getLogger(__name__)

observer_opts = [
    cfg.BoolOpt('enable', default=True,
                help='Run the observer. When off, nothing watches reality: slow '
                     'cloud actions are never reported complete, so only turn it '
                     'off where another observer process runs.'),
    cfg.FloatOpt('poll_interval', default=1.0, min=0.05,
                 help='Seconds between passes over resources awaiting the cloud.'),
    cfg.IntOpt('batch_size', default=500, min=1,
               help='Resources asked about in one cloud status call.'),
]
CONF.register_opts(observer_opts, group='observer')


def list_opts():
    return [('observer', observer_opts)]


class ObserverService(service.Service):
    def __init__(self, cloud=None):
        super().__init__()
        self._cloud = cloud
        self._stopping = threading.Event()
        self._thread = None

    def start(self):
        super().start()
        if not CONF.observer.enable:
            LOG.warning('observer disabled by [observer] enable = false')
            return
        self._thread = threading.Thread(target=self._loop, name='observer',
                                        daemon=True)
        self._thread.start()

    def _loop(self):
        while not self._stopping.wait(CONF.observer.poll_interval):
            try:
                poller.poll_pending(self._cloud, batch_size=CONF.observer.batch_size)
            except Exception:   # the next pass may well succeed
                LOG.exception('observer pass failed')

    def stop(self, graceful=False):
        self._stopping.set()
        if self._thread is not None:
            self._thread.join(timeout=10)
        super().stop(graceful)

    def wait(self):
        self._stopping.wait()
