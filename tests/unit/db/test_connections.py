"""Connection pools sized to the process's threads; no TLS set-up for
plaintext MySQL connections."""
import ssl
import threading

import pytest
import sqlalchemy as sa

from heat_conv.common import config
from heat_conv.db import session as db_session
from heat_conv.db import tls


@pytest.fixture
def planned(monkeypatch):
    monkeypatch.setattr(db_session, '_planned_threads', 0)
    return db_session.plan_threads


def test_the_pool_keeps_a_connection_per_planned_thread(planned, sqlite_url):
    planned(16)
    planned(30)
    engine = db_session.configure(sqlite_url)
    try:
        assert engine.pool.size() == 46
    finally:
        engine.dispose()


def test_a_configured_max_pool_size_wins(planned, sqlite_url):
    planned(40)
    config.CONF.set_override('max_pool_size', 7, group='database')
    try:
        engine = db_session.configure(sqlite_url)
        assert engine.pool.size() == 7
        engine.dispose()
    finally:
        config.CONF.clear_override('max_pool_size', group='database')


def test_without_a_plan_the_pool_has_the_default_size(planned, sqlite_url):
    engine = db_session.configure(sqlite_url)
    try:
        assert engine.pool.size() == db_session.DEFAULT_POOL_SIZE
    finally:
        engine.dispose()


def test_busy_threads_reuse_pooled_mysql_connections(planned, mysql_url):
    """As many threads as planned, each running transactions: after the
    first round no new connection is opened."""
    planned(8)
    engine = db_session.configure(mysql_url)
    connects = []
    sa.event.listen(engine, 'connect', lambda *args: connects.append(1))
    barrier = threading.Barrier(8)

    def work():
        for _ in range(5):
            barrier.wait(timeout=30)
            with db_session.transaction() as session:
                session.execute(sa.text('SELECT SLEEP(0.01)'))
    try:
        threads = [threading.Thread(target=work) for _ in range(8)]
        for t in threads:
            t.start()
        for t in threads:
            t.join(60)
        assert len(connects) <= 8
    finally:
        engine.dispose()


def test_plaintext_mysql_connections_build_no_ssl_context(mysql_url, monkeypatch):
    engine = db_session.configure(mysql_url)
    try:
        with engine.connect() as conn:
            offers_tls = conn.exec_driver_sql(
                "SHOW GLOBAL VARIABLES LIKE 'have_ssl'").one()[1] == 'YES'
        engine.pool.dispose()
        built = []
        real = ssl.create_default_context
        monkeypatch.setattr(ssl, 'create_default_context',
                            lambda *a, **k: built.append(1) or real(*a, **k))
        for _ in range(3):
            with engine.connect() as conn:
                conn.exec_driver_sql('SELECT 1')
            engine.pool.dispose()   # the next connect is a new connection
        # TLS off: no context at all; TLS on: one, shared, made before these.
        assert built == []
        if offers_tls:
            pytest.skip('the server offers TLS: connections use the shared context')
    finally:
        engine.dispose()


def test_tls_options_in_the_url_are_left_to_pymysql():
    seen = {}
    engine = sa.create_engine('mysql+pymysql://u:p@127.0.0.1:1/x')
    tls.only_when_used(engine)
    cparams = {'host': '127.0.0.1', 'ssl': {'ca': '/etc/ca.pem'}}
    for listener in engine.dialect.dispatch.do_connect:
        seen['result'] = listener(engine.dialect, None, [], cparams)
    assert cparams == {'host': '127.0.0.1', 'ssl': {'ca': '/etc/ca.pem'}}
    assert seen['result'] is None


def test_the_shared_context_does_what_pymysql_would_if_tls_is_offered():
    ctx = tls.preferred_context()
    assert ctx.verify_mode == ssl.CERT_NONE and not ctx.check_hostname
