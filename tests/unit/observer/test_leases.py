"""Observers share the stacks out without overlap and take over the dead's."""
from heat_conv.common import config
from heat_conv.common import timeutils
from heat_conv.db import api as db_api
from heat_conv.observer import leases

CONF = config.CONF


def _stacks(n):
    for i in range(n):
        db_api.stack_create({'id': f'stack-{i:02d}', 'name': f's{i}', 'tenant': 't',
                             'action': 'CREATE', 'status': 'COMPLETE'})


def test_two_observers_split_the_stacks(db, fake_clock):
    _stacks(7)
    leases.heartbeat('obs-2')
    first = leases.my_stacks('obs-1')
    second = leases.my_stacks('obs-2')
    assert len(first) == 4 and len(second) == 3
    assert not first & second
    assert first | second == set(db_api.stacks_observable())
    # Renewing keeps the same stacks.
    assert leases.my_stacks('obs-1') == first


def test_a_dead_observers_stacks_move_to_the_living(db, fake_clock):
    _stacks(4)
    leases.heartbeat('obs-2')
    first = leases.my_stacks('obs-1')
    second = leases.my_stacks('obs-2')
    assert len(first) == len(second) == 2
    fake_clock.advance(CONF.observer.lease_secs + 1)   # obs-2 stops beating
    assert leases.my_stacks('obs-1') == first | second


def test_deleted_stacks_are_not_watched(db, fake_clock):
    _stacks(2)
    assert len(leases.my_stacks('obs-1')) == 2
    db_api.stack_update('stack-00', {'deleted_at': timeutils.utcnow()})
    assert leases.my_stacks('obs-1') == {'stack-01'}
