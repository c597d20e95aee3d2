"""Result records of tools/heat-functional: one line saying what went wrong,
and one record per test."""
from tools.heat_functional import records

TRACEBACK = """\
Traceback (most recent call last):
  File "test_create_update.py", line 367, in test_stack_update_replace_manual_rollback
    self.assertEqual(original_resource_id, final_resource_id)
testtools.matchers._impl.MismatchError: !=:
reference = 'aaa'
actual    = 'bbb'
--- pythonlogging:'' ---
DEBUG something: else
"""


def test_error_summary_is_the_exception_with_its_message_lines():
    assert records.error_summary(TRACEBACK) == (
        "testtools.matchers._impl.MismatchError: !=: reference = 'aaa' actual    = 'bbb'")


def test_error_summary_of_a_client_error():
    text = ('Traceback (most recent call last):\n  File "x.py", line 1, in f\n'
            '    raise exc.HTTPBadRequest()\n'
            'heatclient.exc.HTTPBadRequest: ERROR: Stack abandon is not supported\n')
    assert records.error_summary(text) == \
        'heatclient.exc.HTTPBadRequest: ERROR: Stack abandon is not supported'


def test_error_summary_without_a_traceback_is_the_last_line():
    assert records.error_summary('first\nlast one\n\n') == 'last one'
    assert records.error_summary('') == ''


def test_record_bounds_its_details_and_reason():
    rec = records.record('t', 'fail', 1.234, reason='r' * 5000, details='d' * 50000)
    assert rec['duration'] == 1.23
    assert len(rec['reason']) == records.MAX_REASON
    assert len(rec['details']) < records.MAX_DETAILS + 100
    assert '[...]' in rec['details']


def test_combine_a_pass_then_a_failing_cleanup_is_a_failure():
    passed = records.record('t(scenario)', 'pass', 1.0)
    cleanup = records.record('t(scenario)', 'fail', 3.0, reason='cleanup failed',
                             details='trace')
    combined = records.combine('t', [passed, cleanup])
    assert (combined['id'], combined['status'], combined['reason']) == (
        't', 'fail', 'cleanup failed')
    assert combined['duration'] == 3.0
    assert records.combine('t', [passed])['status'] == 'pass'
