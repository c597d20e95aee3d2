"""Signals kept for a resource, and the bytes of JSON they hold, on every
database (a signal over the limit is refused by that size)."""
import json

from heat_conv.db import api as db_api


def test_the_kept_size_is_the_bytes_of_the_signals_data(backend):
    assert db_api.signals_kept_size('stack', 'wait') == 0
    first, second = {'status': 'SUCCESS', 'data': 'é' * 10}, {'reason': 'done', 'id': '2'}
    db_api.signal_add('stack', 'wait', first)
    db_api.signal_add('stack', 'wait', second)
    db_api.signal_add('stack', 'other', {'big': 'x' * 1000})
    size = db_api.signals_kept_size('stack', 'wait')
    # The documents as stored: JSON as SQLAlchemy writes it (non-ASCII
    # characters escaped), the other resource's not counted.
    assert size == sum(len(json.dumps(d)) for d in (first, second))
    assert db_api.signals_for('stack', 'wait') == [first, second]
