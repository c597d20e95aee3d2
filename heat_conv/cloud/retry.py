"""Retry cloud calls that failed for a passing reason.

Only CloudUnavailable (5xx, timeouts, connection errors) is retried; a 404
or 400 is an answer, not a fault. The sleeps happen only after a failure,
so the healthy path pays nothing.
"""
import logging
import time

from heat_conv.cloud import errors

LOG = logging.getLogger(__name__)

ATTEMPTS = 8
FIRST_DELAY = 0.05
MAX_DELAY = 2.0


def call(func, *args, attempts=ATTEMPTS, on_retry=None, **kwargs):
    """``func(*args, **kwargs)``, retried with exponential backoff.

    ``on_retry()``, if given, runs before each retry and may return a result
    that makes the retry unnecessary (e.g. finding that a create went
    through after all).
    """
    delay = FIRST_DELAY
    for attempt in range(1, attempts + 1):
        try:
            return func(*args, **kwargs)
        except errors.CloudUnavailable as exc:
            if attempt == attempts:
                raise
            LOG.info('cloud call %s failed (%s); retry %d of %d in %.2fs',
                     getattr(func, '__name__', func), exc, attempt, attempts - 1, delay)
            time.sleep(delay)
            delay = min(delay * 2, MAX_DELAY)
            if on_retry is not None:
                found = _quietly(on_retry)
                if found is not None:
                    return found


def _quietly(func):
    try:
        return func()
    except errors.CloudUnavailable:
        return None
