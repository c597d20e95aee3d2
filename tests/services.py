"""Access to the real MariaDB, PostgreSQL and RabbitMQ the functional tests
run against.

Without them the tests skip and say why, unless HEAT_CONV_REQUIRE_SERVICES=1
(set in CI), under which a missing service fails the run.
"""
import os
import socket
import uuid

import pytest

MYSQL_HOST = os.environ.get('HEAT_CONV_TEST_MYSQL_HOST', '127.0.0.1')
MYSQL_PORT = int(os.environ.get('HEAT_CONV_TEST_MYSQL_PORT', '3306'))
MYSQL_USER = os.environ.get('HEAT_CONV_TEST_MYSQL_USER', 'root')
MYSQL_PASSWORD = os.environ.get('HEAT_CONV_TEST_MYSQL_PASSWORD', '')
PG_HOST = os.environ.get('HEAT_CONV_TEST_PG_HOST', '127.0.0.1')
PG_PORT = int(os.environ.get('HEAT_CONV_TEST_PG_PORT', '5432'))
PG_USER = os.environ.get('HEAT_CONV_TEST_PG_USER', 'postgres')
PG_PASSWORD = os.environ.get('HEAT_CONV_TEST_PG_PASSWORD', '')
RABBIT_URL = os.environ.get('HEAT_CONV_TEST_RABBIT_URL',
                            'rabbit://guest:guest@127.0.0.1:5672/')

# The fixtures (tests/conftest.py) of a migrated database installed as the
# process's, one per kind heat-conv runs on: SQLite, MariaDB, MariaDB taking
# MySQL 8.0's path (how that path is tested: no MySQL runs here), PostgreSQL.
DATABASE_FIXTURES = ['db', 'mysql_db', 'mariadb_as_mysql_db', 'pg_db']


def required():
    return os.environ.get('HEAT_CONV_REQUIRE_SERVICES') == '1'


def unavailable(what, why):
    message = f'{what} unavailable: {why}'
    if required():
        pytest.fail(message + ' (HEAT_CONV_REQUIRE_SERVICES=1)', pytrace=False)
    pytest.skip(message)


def _port_open(host, port):
    try:
        with socket.create_connection((host, port), timeout=2):
            return True
    except OSError:
        return False


def mysql_database():
    """Create a fresh database; return (url, drop_callback)."""
    if not _port_open(MYSQL_HOST, MYSQL_PORT):
        unavailable('MariaDB', f'nothing listens on {MYSQL_HOST}:{MYSQL_PORT}')
    try:
        import pymysql
        conn = pymysql.connect(host=MYSQL_HOST, port=MYSQL_PORT, user=MYSQL_USER,
                               password=MYSQL_PASSWORD, autocommit=True)
    except Exception as exc:  # any driver error means: cannot use it
        unavailable('MariaDB', exc)
    name = 'heat_conv_test_' + uuid.uuid4().hex[:12]
    with conn.cursor() as cur:
        cur.execute(f'CREATE DATABASE {name} CHARACTER SET utf8mb4')
    url = (f'mysql+pymysql://{MYSQL_USER}:{MYSQL_PASSWORD}@{MYSQL_HOST}:{MYSQL_PORT}/'
           f'{name}?charset=utf8mb4')

    def drop():
        with conn.cursor() as cur:
            cur.execute(f'DROP DATABASE IF EXISTS {name}')
        conn.close()
    return url, drop


def postgres_database():
    """Create a fresh PostgreSQL database; return (url, drop_callback)."""
    if not _port_open(PG_HOST, PG_PORT):
        unavailable('PostgreSQL', f'nothing listens on {PG_HOST}:{PG_PORT}')
    try:
        import psycopg
        conn = psycopg.connect(host=PG_HOST, port=PG_PORT, user=PG_USER,
                               password=PG_PASSWORD or None, dbname='postgres',
                               autocommit=True)
    except Exception as exc:  # no driver, refused, bad credentials: cannot use it
        unavailable('PostgreSQL', exc)
    name = 'heat_conv_test_' + uuid.uuid4().hex[:12]
    conn.execute(f'CREATE DATABASE {name}')
    password = f':{PG_PASSWORD}' if PG_PASSWORD else ''
    url = f'postgresql+psycopg://{PG_USER}{password}@{PG_HOST}:{PG_PORT}/{name}'

    def drop():
        # FORCE: a test's killed process may have left a session behind.
        conn.execute(f'DROP DATABASE IF EXISTS {name} WITH (FORCE)')
        conn.close()
    return url, drop


def rabbit_url():
    if not _port_open('127.0.0.1', 5672):
        unavailable('RabbitMQ', 'nothing listens on 127.0.0.1:5672')
    return RABBIT_URL
