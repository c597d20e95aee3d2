"""SQLite, the embedded default, under several writing threads."""
import threading

import sqlalchemy as sa

from heat_conv.db import api as db_api
from heat_conv.db import session as db_session


def test_sqlite_transactions_take_the_write_lock_up_front(db):
    seen = []

    @sa.event.listens_for(db, 'before_cursor_execute')
    def record(conn, cursor, statement, *args):
        seen.append(statement)
    try:
        for _ in range(2):
            with db_session.transaction() as session:
                session.execute(sa.text('SELECT 1'))
    finally:
        sa.event.remove(db, 'before_cursor_execute', record)
    assert seen == ['BEGIN IMMEDIATE', 'SELECT 1'] * 2


def test_concurrent_writers_wait_instead_of_failing(db):
    errors = []

    def beat(name):
        try:
            for _ in range(40):
                db_api.service_heartbeat(name, 'host', 'heat-conv-engine', 't', 1)
                db_api.stack_last_activity('nothing')
        except Exception as exc:   # the test is about exactly these
            errors.append(exc)
    threads = [threading.Thread(target=beat, args=(f'engine-{i}',)) for i in range(6)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    assert len(db_api.service_list()) == 6
