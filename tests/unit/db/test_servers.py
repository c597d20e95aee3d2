"""Which database servers heat-conv runs on, and the SQL each may be asked."""
import pytest

from heat_conv.db import servers
from heat_conv.db import session as db_session


@pytest.mark.parametrize('kind, version', [
    ('MariaDB', '10.6.0-MariaDB'),
    ('MariaDB', '10.11.6-MariaDB-0+deb12u1'),
    ('MySQL', '8.0.36'),
    ('MySQL', '8.4.0-0ubuntu0.24.04.1'),
    ('PostgreSQL', '15.4 (Debian 15.4-2.pgdg120+1)'),
    ('PostgreSQL', '17.2'),
    ('SQLite', '3.40.1'),
])
def test_supported_servers_pass(kind, version):
    assert servers.refusal(kind, version) is None


@pytest.mark.parametrize('kind, version', [
    ('MariaDB', '10.5.23-MariaDB'),
    ('MySQL', '5.7.44'),
    ('PostgreSQL', '14.10 (Ubuntu 14.10-0ubuntu0.22.04.1)'),
    ('SQLite', '3.31.1'),
    ('MySQL', 'garbage'),
])
def test_older_servers_are_refused_in_one_line_naming_what_is_needed(kind, version):
    reason = servers.refusal(kind, version)
    assert reason == (f'the database server is {kind} {version}; heat-conv needs '
                      'MariaDB 10.6+, MySQL 8.0+, PostgreSQL 15+ or SQLite 3.35+')
    assert '\n' not in reason


def test_another_kind_of_server_is_refused():
    assert servers.refusal('Oracle', '23.1') == (
        'the database server is Oracle, which heat-conv does not support; it needs '
        'MariaDB 10.6+, MySQL 8.0+, PostgreSQL 15+ or SQLite 3.35+')


@pytest.mark.parametrize('fixture, kind, returning_many, json_table', [
    ('db', 'SQLite', True, False),
    ('mysql_db', 'MariaDB', True, True),
    # MySQL 8.0 has neither; MariaDB is made to go without them.
    ('mariadb_as_mysql_db', 'MariaDB', False, False),
    ('pg_db', 'PostgreSQL', True, False),
])
def test_each_server_is_asked_only_the_sql_it_has(request, fixture, kind, returning_many,
                                                  json_table):
    engine = request.getfixturevalue(fixture)
    assert servers.check(engine)[0] == kind
    assert servers.features(engine.dialect) == servers.Features(
        returning_many=returning_many, json_table=json_table)


def test_a_service_start_refuses_an_old_server_in_one_line(db, monkeypatch, capsys):
    from heat_conv import cmd
    monkeypatch.setattr(servers, 'version_text', lambda conn: '3.22.0')
    assert db_session.get_engine() is db
    assert cmd.database_refused('heat-conv-engine') == 1
    assert capsys.readouterr().err == (
        'heat-conv-engine: the database server is SQLite 3.22.0; heat-conv needs '
        'MariaDB 10.6+, MySQL 8.0+, PostgreSQL 15+ or SQLite 3.35+\n')


def test_a_service_starts_on_a_supported_server(db, capsys):
    from heat_conv import cmd
    assert cmd.database_refused('heat-conv-engine') is None
    assert capsys.readouterr().err == ''


def test_the_start_check_leaves_no_connection_for_forked_workers_to_share(mysql_db):
    from heat_conv import cmd
    assert cmd.database_refused('heat-conv-engine') is None
    assert mysql_db.pool.checkedin() == 0
