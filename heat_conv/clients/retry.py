"""Retry calls to OpenStack services that failed for a passing reason.

A connection error or a 5xx is retried up to ``client_retry_limit`` times;
a 4xx is the service's answer and is raised at once. Sleeps happen only
after a failure, so the healthy path pays nothing.
"""
import logging
import time

from keystoneauth1 import exceptions as ks_exc
from openstack import exceptions as sdk_exc
from oslo_config import cfg

from heat_conv.clients import options  # noqa: F401 (client_retry_limit)

LOG = logging.getLogger(__name__)

FIRST_DELAY = 0.2
MAX_DELAY = 2.0

# Retries made since the process started, by service call; the benchmark
# and the logs read it.
retries = {'count': 0}


def is_passing(exc):
    """Whether ``exc`` says the service could not answer now (retry it)."""
    if isinstance(exc, ks_exc.RetriableConnectionFailure):
        # A refused or timed-out connection (the service is down or busy):
        # openstacksdk raises keystoneauth's own exception for it.
        return True
    if isinstance(exc, sdk_exc.HttpException):
        return exc.status_code is not None and exc.status_code >= 500
    return isinstance(exc, (sdk_exc.SDKException, ConnectionError, TimeoutError)) and \
        not isinstance(exc, (sdk_exc.ResourceNotFound, sdk_exc.BadRequestException,
                             sdk_exc.ForbiddenException, sdk_exc.ConflictException,
                             sdk_exc.DuplicateResource, sdk_exc.InvalidRequest,
                             sdk_exc.ResourceFailure, sdk_exc.ResourceTimeout))


def call(func, *args, on_retry=None, **kwargs):
    """``func(*args, **kwargs)``, retried while it fails for a passing reason.

    ``on_retry()``, if given, runs before each retry and may return a result
    that makes the retry unnecessary (a create that went through after all).
    """
    limit = cfg.CONF.client_retry_limit
    delay = FIRST_DELAY
    for attempt in range(limit + 1):
        try:
            return func(*args, **kwargs)
        except Exception as exc:
            if attempt == limit or not is_passing(exc):
                raise
            retries['count'] += 1
            LOG.warning('service call %s failed (%s); retry %d of %d in %.1fs',
                        getattr(func, '__name__', func), exc, attempt + 1, limit, delay)
            time.sleep(delay)
            delay = min(delay * 2, MAX_DELAY)
            if on_retry is not None:
                found = on_retry()
                if found is not None:
                    return found
