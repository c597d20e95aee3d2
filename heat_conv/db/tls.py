"""TLS for PyMySQL connections only when a connection will use it.

Given no TLS options, PyMySQL (>= 1.1) tries TLS "if the server offers it"
and, to be ready, builds a new SSL context for every connection, loading
the system's CA certificates: ~20 ms of CPU per connection, spent even when
the server has TLS off and the connection ends up plaintext. Here the
first connection asks the server once whether it offers TLS. If it does
not, connections are made with TLS disabled (what PyMySQL would have ended
up with); if it does, every connection shares one context built the way
PyMySQL builds its own. A URL that gives TLS options (ssl_ca, ...) is left
to PyMySQL.
"""
import ssl
import threading

import sqlalchemy as sa

_TLS_KEYS = ('ssl', 'ssl_ca', 'ssl_cert', 'ssl_key', 'ssl_disabled',
             'ssl_verify_cert', 'ssl_verify_identity')


def server_offers_tls(cparams):
    """Whether the MySQL server at ``cparams`` offers TLS (one handshake)."""
    import pymysql
    from pymysql.constants import CLIENT
    probe = {k: v for k, v in cparams.items() if k not in _TLS_KEYS}
    conn = pymysql.connect(**dict(probe, ssl_disabled=True))
    try:
        return bool(conn.server_capabilities & CLIENT.SSL)
    finally:
        conn.close()


def preferred_context():
    """The context PyMySQL makes for TLS "if offered": no CA, no verification."""
    ctx = ssl.create_default_context()
    ctx.check_hostname = False
    ctx.verify_mode = ssl.CERT_NONE
    ctx.verify_flags &= ~ssl.VERIFY_X509_STRICT
    return ctx


def only_when_used(engine):
    lock = threading.Lock()
    decided = {}

    @sa.event.listens_for(engine, 'do_connect')
    def _connect(dialect, conn_rec, cargs, cparams):
        if any(key in cparams for key in _TLS_KEYS):
            return None   # the operator configured TLS: PyMySQL does as told
        with lock:
            if 'tls' not in decided:
                decided['tls'] = server_offers_tls(cparams)
                decided['context'] = preferred_context() if decided['tls'] else None
        if decided['tls']:
            cparams['ssl'] = decided['context']
        else:
            cparams['ssl_disabled'] = True
        return None   # SQLAlchemy goes on to connect with the changed cparams
