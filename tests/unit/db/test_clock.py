"""Processes read the database's clock, so that times written by one host
and compared by another agree whatever the hosts' clocks say."""
import time

import pytest

from heat_conv.common import timeutils
from heat_conv.db import clock as db_clock


class _Skewed:
    def __init__(self, offset):
        self.offset = offset

    def time(self):
        return time.time() + self.offset


@pytest.fixture
def skewed_host():
    """This process's host clock runs two hours ahead."""
    previous = timeutils.set_clock(_Skewed(7200))
    yield
    timeutils.set_clock(previous)


@pytest.mark.parametrize('server', ['mysql_db', 'pg_db'])
def test_a_process_following_the_database_reads_its_clock(skewed_host, server, request):
    request.getfixturevalue(server)
    assert timeutils.now() - time.time() == pytest.approx(7200, abs=1)
    db_clock.follow()
    offset = db_clock.measure()
    assert offset == pytest.approx(-7200, abs=1)
    # The database here runs on this machine's true clock.
    assert timeutils.now() == pytest.approx(time.time(), abs=1)
    # Following twice keeps the one clock.
    assert db_clock.follow() is timeutils.clock()


def test_nothing_changes_unless_followed_or_on_sqlite(skewed_host, db):
    assert db_clock.measure() is None   # not followed
    db_clock.follow()
    assert db_clock.measure() is None   # SQLite: the host's clock is the database's
    assert timeutils.now() - time.time() == pytest.approx(7200, abs=1)
