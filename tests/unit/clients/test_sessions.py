"""Per-service TLS: a session verifies each service's server as that
service's [clients_<service>] section says, against a real HTTPS server."""
import http.server
import ssl
import subprocess
import threading

import pytest
from keystoneauth1 import exceptions as ks_exc

from heat_conv.clients import sessions
from heat_conv.clients import settings


class _Ok(http.server.BaseHTTPRequestHandler):
    def do_GET(self):
        self.send_response(200)
        self.send_header('Content-Length', '2')
        self.end_headers()
        self.wfile.write(b'{}')

    def log_message(self, *args):
        pass


@pytest.fixture(scope='module')
def https_server(tmp_path_factory):
    """A local HTTPS server with a self-signed certificate for 127.0.0.1;
    yields (url, the certificate's file)."""
    tmp = tmp_path_factory.mktemp('tls')
    cert, key = tmp / 'cert.pem', tmp / 'key.pem'
    subprocess.run(['openssl', 'req', '-x509', '-newkey', 'rsa:2048', '-nodes',
                    '-keyout', str(key), '-out', str(cert), '-days', '1',
                    '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1'],
                   check=True, capture_output=True)
    server = http.server.ThreadingHTTPServer(('127.0.0.1', 0), _Ok)
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.load_cert_chain(str(cert), str(key))
    server.socket = context.wrap_socket(server.socket, server_side=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f'https://127.0.0.1:{server.server_address[1]}/', str(cert)
    server.shutdown()
    server.server_close()


def _get(session, url, service_type=None):
    kwargs = {'endpoint_filter': {'service_type': service_type}} if service_type else {}
    return session.get(url, authenticated=False, **kwargs)


def test_each_service_is_verified_with_its_own_settings(conf, https_server):
    url, cert = https_server
    conf('insecure', True, group='clients_nova')
    conf('ca_file', cert, group='clients_glance')
    session = sessions.make(None)
    # Keystone's settings (the default: the system's CAs) refuse the
    # self-signed certificate, for requests of no service and of Neutron.
    with pytest.raises(ks_exc.SSLError):
        _get(session, url)
    with pytest.raises(ks_exc.SSLError):
        _get(session, url, 'network')
    # Nova is insecure, Glance trusts the certificate; aliases count.
    assert _get(session, url, 'compute').status_code == 200
    assert _get(session, url, 'image').status_code == 200
    assert settings.official_type('volumev3') == 'block-storage'


def test_keystone_settings_are_the_default(conf, https_server):
    url, cert = https_server
    conf('ca_file', cert, group='clients')
    conf('insecure', False, group='clients_nova')
    session = sessions.make(None)
    assert _get(session, url).status_code == 200
    assert _get(session, url, 'compute').status_code == 200
