"""A task that runs every so often in its own thread, until stopped.

The engine's heartbeat and reaper and the observer's passes are all one:
a pass that fails is logged and the next one runs on time.
"""
import logging
import threading

LOG = logging.getLogger(__name__)


class Periodic:
    """Run ``func()`` every ``interval`` seconds (a number, or a callable
    asked before each wait) from ``start()`` until ``stop()``."""

    def __init__(self, name, func, interval):
        self.name = name
        self._func = func
        self._interval = interval if callable(interval) else (lambda: interval)
        self._stopping = threading.Event()
        self._woken = threading.Event()
        self._thread = None

    def start(self):
        self._thread = threading.Thread(target=self._loop, name=self.name, daemon=True)
        self._thread.start()
        return self

    def _loop(self):
        while True:
            self._woken.wait(self._interval())
            self._woken.clear()
            if self._stopping.is_set():
                return
            try:
                self._func()
            except Exception:   # a periodic task must outlive a bad pass
                LOG.exception('%s pass failed', self.name)

    def wake(self):
        """Run the next pass now instead of at its time (once, however many
        wake it meanwhile)."""
        self._woken.set()

    def stop(self, timeout=10):
        """Stop, waiting up to ``timeout`` seconds for a pass in progress."""
        self._stopping.set()
        self._woken.set()
        if self._thread is not None:
            self._thread.join(timeout)
