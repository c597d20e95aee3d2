"""``stack drift`` turns the API's drift fields into a readable table."""
from heat_conv.common.status import Drift
from heat_conv_client import drift_command

from . import fakes

RESOURCES = [
    {'resource_name': 'web', 'drift_status': 'MODIFIED',
     'drift_detail': {'value': {'expected': 'a', 'actual': 'tampered'},
                      'wait_secs': {'expected': 0, 'actual': None}},
     'drift_checked_time': '2026-11-22T01:00:00Z'},
    {'resource_name': 'db', 'drift_status': 'DELETED',
     'drift_detail': {'reason': 'OS::Heat::TestResource x no longer exists'},
     'drift_checked_time': '2026-11-22T01:00:00Z'},
    {'resource_name': 'cache', 'drift_status': 'IN_SYNC', 'drift_detail': {},
     'drift_checked_time': '2026-11-22T01:00:00Z'},
    {'resource_name': 'old'},   # an API without drift fields
]


def test_modified_resource_has_a_row_per_differing_property():
    table = drift_command.rows(RESOURCES)
    web = [r for r in table if r[0] == 'web']
    assert web == [('web', 'MODIFIED', 'value', 'a', 'tampered', '2026-11-22T01:00:00Z'),
                   ('web', 'MODIFIED', 'wait_secs', '0', '', '2026-11-22T01:00:00Z')]


def test_deleted_and_in_sync_resources_have_one_row():
    table = {r[0]: r for r in drift_command.rows(RESOURCES)}
    assert table['db'][1] == 'DELETED' and 'no longer exists' in table['db'][4]
    assert table['cache'][1:3] == ('IN_SYNC', '')
    assert table['old'][1] == 'NOT_CHECKED'


def test_drifted_only():
    names = {r[0] for r in drift_command.rows(RESOURCES, only_drifted=True)}
    assert names == {'web', 'db'}


def _run(resources, *argv):
    app = fakes.FakeApp(fakes.FakeHeatClient({'web': ('CREATE_COMPLETE', resources)}))
    cmd = drift_command.StackDrift(app, None)
    parsed = cmd.get_parser('heat-conv stack drift').parse_args(['web', *argv])
    assert cmd.run(parsed) == 0
    return app.stdout.getvalue()


def test_drifted_with_nothing_drifted_says_so():
    in_sync = [{'resource_name': 'cache', 'drift_status': 'IN_SYNC', 'drift_detail': {},
                'drift_checked_time': '2026-11-22T01:00:00Z'}]
    out = _run(in_sync, '--drifted')
    assert 'Resource' in out and 'Expected' in out   # the table, empty
    assert 'No drift' in out
    assert 'No drift' not in _run(RESOURCES, '--drifted')


def test_the_clients_drift_words_are_the_servers():
    assert {drift_command.IN_SYNC, drift_command.MODIFIED, drift_command.NOT_CHECKED} <= set(
        Drift)
