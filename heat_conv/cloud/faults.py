"""Fault injection: how often, and how, the simulated cloud misbehaves.

A FaultPolicy only decides; whoever serves the call carries the decision
out. The HTTP service really sleeps (latency, hangs), while the in-process
client raises the same errors at once, so deterministic tests never wait on
the wall clock.

Faulted calls are dropped before they reach the store: a 500 or a timeout
never leaves a half-done object behind, so a caller can simply retry.
"""
import random
import threading

from heat_conv.cloud.errors import CloudBadRequest

ERROR = 'error'
TIMEOUT = 'timeout'

_RATES = ('error_rate', 'timeout_rate', 'action_error_rate')
_DURATIONS = ('latency_secs', 'hang_secs')
FIELDS = _RATES + _DURATIONS + ('seed',)


class FaultPolicy:
    """Rates and delays of injected faults, reproducible from ``seed``.

    ``hang_secs`` is how long the HTTP service holds a call picked to time
    out; it must exceed the client's timeout to look like a hang.
    """

    def __init__(self, latency_secs=0.0, error_rate=0.0, timeout_rate=0.0,
                 action_error_rate=0.0, seed=None, hang_secs=11.0):
        self._lock = threading.Lock()
        self.latency_secs = self.error_rate = self.timeout_rate = 0.0
        self.action_error_rate = 0.0
        self.hang_secs = 0.0
        self.seed = None
        self.update(latency_secs=latency_secs, error_rate=error_rate,
                    timeout_rate=timeout_rate, action_error_rate=action_error_rate,
                    hang_secs=hang_secs, seed=seed)

    @classmethod
    def from_conf(cls, conf=None):
        if conf is None:
            from heat_conv.cloud import options  # noqa: F401  (registers [cloud])
            from heat_conv.common.config import CONF as conf
        opts = conf.cloud
        hang = opts.timeout_hang_secs
        if hang is None:
            hang = opts.client_timeout + 1.0
        return cls(latency_secs=opts.latency_secs, error_rate=opts.error_rate,
                   timeout_rate=opts.timeout_rate,
                   action_error_rate=opts.action_error_rate,
                   seed=opts.fault_seed, hang_secs=hang)

    def update(self, **changes):
        """Change some settings; all are checked before any is applied.

        Setting ``seed`` (even to its current value) restarts the random
        sequence, which is how a test replays the same faults.
        """
        for key, value in changes.items():
            _check(key, value)
        with self._lock:
            error = changes.get('error_rate', self.error_rate)
            timeout = changes.get('timeout_rate', self.timeout_rate)
            if error + timeout > 1.0:
                raise CloudBadRequest('error_rate + timeout_rate must not exceed 1')
            for key, value in changes.items():
                setattr(self, key, float(value) if key != 'seed' else value)
            if 'seed' in changes:
                # Separate streams, so changing one rate never shifts which
                # calls the other rate picks.
                seed = changes['seed']
                self._calls = random.Random(None if seed is None else f'{seed}:calls')
                self._actions = random.Random(None if seed is None else f'{seed}:actions')
        return self

    def to_dict(self):
        with self._lock:
            return {key: getattr(self, key) for key in FIELDS}

    def call_fault(self):
        """Fault for the next API call: None, ERROR or TIMEOUT."""
        with self._lock:
            draw = self._calls.random()
            if draw < self.error_rate:
                return ERROR
            if draw < self.error_rate + self.timeout_rate:
                return TIMEOUT
            return None

    def action_fails(self):
        """Whether the next create or update action should end in ERROR."""
        with self._lock:
            return self._actions.random() < self.action_error_rate


def _check(key, value):
    if key not in FIELDS:
        raise CloudBadRequest(f'Unknown fault setting {key!r}; known: {", ".join(FIELDS)}')
    if key == 'seed':
        if value is not None and (isinstance(value, bool) or not isinstance(value, int)):
            raise CloudBadRequest('seed must be an integer or null')
        return
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise CloudBadRequest(f'{key} must be a number')
    if key in _RATES and not 0.0 <= value <= 1.0:
        raise CloudBadRequest(f'{key} must be between 0 and 1')
    if key in _DURATIONS and not value >= 0.0:
        raise CloudBadRequest(f'{key} must be >= 0')
