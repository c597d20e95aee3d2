"""Which service call failures are retried (client_retry_limit)."""
import pytest
from keystoneauth1 import exceptions as ks_exc
from openstack import exceptions as sdk_exc

from heat_conv.clients import retry
from heat_conv.common import config


@pytest.fixture
def limit_2():
    config.CONF.set_override('client_retry_limit', 2)
    yield
    config.CONF.clear_override('client_retry_limit')


@pytest.fixture(autouse=True)
def no_sleep(monkeypatch):
    monkeypatch.setattr(retry.time, 'sleep', lambda _secs: None)


def _failing(exc, calls):
    def call():
        calls.append(1)
        raise exc
    return call


# openstacksdk lets keystoneauth's connection errors through unwrapped: a
# service whose endpoint refuses connections (it is down) raises these.
@pytest.mark.parametrize('exc', [
    ks_exc.ConnectFailure('Unable to establish connection to http://127.0.0.1:8776/v3'),
    ks_exc.ConnectTimeout('Request to http://127.0.0.1:8776/v3 timed out'),
])
def test_a_connection_keystoneauth_could_not_make_is_retried(limit_2, exc):
    calls = []
    with pytest.raises(type(exc)):
        retry.call(_failing(exc, calls))
    assert len(calls) == 3


@pytest.mark.parametrize('exc', [
    ks_exc.SSLError('certificate verify failed'),
    sdk_exc.BadRequestException(message='bad flavor'),
])
def test_an_answer_or_a_bad_certificate_is_not_retried(limit_2, exc):
    calls = []
    with pytest.raises(type(exc)):
        retry.call(_failing(exc, calls))
    assert len(calls) == 1
