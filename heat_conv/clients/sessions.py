"""keystoneauth sessions with Heat's per-service TLS settings.

A keystoneauth session verifies every server with one setting; Heat lets
each service have its own CA file, client certificate or ``insecure``. The
session below picks them per request from the service type of the
adapter that sends it (openstacksdk's proxies are adapters); requests
without one (authentication, Keystone) use ``[clients_keystone]``.
"""
from keystoneauth1 import session as ks_session

from heat_conv.clients import settings

APP_NAME = 'heat-conv'


class Session(ks_session.Session):

    def __init__(self, tls_by_type=None, **kwargs):
        super().__init__(**kwargs)
        self._tls_by_type = tls_by_type or {}

    def request(self, url, method, **kwargs):
        endpoint_filter = kwargs.get('endpoint_filter') or {}
        own = self._tls_by_type.get(settings.official_type(endpoint_filter.get('service_type')))
        if own is not None:
            kwargs.setdefault('verify', own.verify)
            if own.cert:
                kwargs.setdefault('cert', own.cert)
        return super().request(url, method, **kwargs)


def make(auth):
    """A session authenticating with ``auth``, TLS as configured."""
    default = settings.tls('keystone')
    return Session(auth=auth, verify=default.verify, cert=default.cert,
                   tls_by_type=settings.tls_by_type(), app_name=APP_NAME)
