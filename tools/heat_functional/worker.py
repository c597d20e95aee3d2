"""One worker process of the runner: runs Heat's functional tests one at a
time, as the runner hands them over.

Protocol, one JSON object per line: the worker writes ``{"event": "ready"}``
to its report descriptor once the tests are loaded, then reads test ids from
stdin, one per line, and answers each with a result (``records.record``).
``--list FILE`` writes every test id to FILE and runs nothing.

Runs inside the heat-functional virtualenv, with TEMPEST_CONFIG_DIR set by
the runner, and the shim's environment unless the run is on a cloud. A test
that runs past ``--timeout`` seconds is interrupted (SIGALRM) and fails
with where it was; the runner kills a worker that does not come back after
that.
"""
import argparse
import json
import os
import signal
import sys
import time
import traceback
import unittest

import testscenarios
import testtools

from tools.heat_functional import records
from tools.heat_functional import shim


class RunnerTimeout(Exception):
    """The runner's per-test time limit."""


def discover():
    """Every test of heat_integrationtests.functional, scenarios expanded,
    in discovery order (load_tests and scenarios are honoured)."""
    from heat_integrationtests import functional
    start = os.path.dirname(os.path.abspath(functional.__file__))
    top = os.path.dirname(os.path.dirname(start))
    suite = unittest.TestLoader().discover(start, pattern='test_*.py', top_level_dir=top)
    return list(testscenarios.generate_scenarios(suite))


def _details_text(details):
    parts = []
    for name, content in (details or {}).items():
        try:
            text = content.as_text()
        except Exception as exc:   # a binary attachment
            text = f'<not text: {exc}>'
        if text.strip():
            parts.append(f'--- {name} ---\n{text.rstrip()}')
    return '\n'.join(parts)


class Recorder(testtools.TestResult):
    """Turns what testtools reports about a test into records."""

    def __init__(self):
        super().__init__()
        self.records = []
        self._started = None

    def startTest(self, test):
        super().startTest(test)
        self._started = time.monotonic()

    def _add(self, test, status, err=None, details=None, reason=None):
        text = ''.join(traceback.format_exception(*err)) if err is not None else ''
        text = '\n'.join(p for p in (text, _details_text(details)) if p)
        if reason is None and details and 'reason' in details:
            reason = details['reason'].as_text()
        self.records.append(records.record(
            test.id(), status, time.monotonic() - (self._started or time.monotonic()),
            reason=reason or records.error_summary(text), details=text))

    def addSuccess(self, test, details=None):
        super().addSuccess(test, details=details)
        self._add(test, 'pass')

    def addFailure(self, test, err=None, details=None):
        super().addFailure(test, err=err, details=details)
        self._add(test, 'fail', err, details)

    def addError(self, test, err=None, details=None):
        super().addError(test, err=err, details=details)
        self._add(test, 'fail', err, details)

    def addSkip(self, test, reason=None, details=None):
        super().addSkip(test, reason=reason, details=details)
        self._add(test, 'skip', details=details, reason=reason)

    def addExpectedFailure(self, test, err=None, details=None):
        super().addExpectedFailure(test, err=err, details=details)
        self._add(test, 'pass', err, details, reason='expected failure')

    def addUnexpectedSuccess(self, test, details=None):
        super().addUnexpectedSuccess(test, details=details)
        self._add(test, 'fail', details=details, reason='unexpected success')


def run_one(test, timeout):
    """Run ``test``; its records (normally one)."""
    def _interrupt(signum, frame):
        raise RunnerTimeout(f"test exceeded the runner's {timeout} s per-test timeout")

    recorder = Recorder()
    previous = signal.signal(signal.SIGALRM, _interrupt)
    signal.alarm(timeout)
    started = time.monotonic()
    try:
        test.run(recorder)
    except Exception:   # raised outside testtools' own handling (e.g. the alarm)
        text = traceback.format_exc()
        recorder.records.append(records.record(
            test.id(), 'fail', time.monotonic() - started,
            reason=records.error_summary(text), details=text))
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)
    if not recorder.records:
        recorder.records.append(records.failed(test.id(), 'the test reported no result',
                                               time.monotonic() - started))
    return recorder.records


def serve(tests, report, timeout, stdin):
    by_id = {test.id(): test for test in tests}
    report({'event': 'ready'})
    for line in stdin:
        test_id = line.strip()
        if not test_id:
            continue
        test = by_id.get(test_id)
        if test is None:
            report(records.failed(test_id, 'no such test'))
        else:
            report(records.combine(test_id, run_one(test, timeout)))


def main(argv=None):
    parser = argparse.ArgumentParser(prog='heat-functional-worker')
    parser.add_argument('--list', metavar='FILE',
                        help='write every test id to FILE as a JSON list, run nothing')
    parser.add_argument('--report-fd', type=int)
    parser.add_argument('--timeout', type=int, default=600)
    args = parser.parse_args(argv)

    tests = discover()
    if args.list:
        with open(args.list, 'w', encoding='utf-8') as f:
            json.dump([test.id() for test in tests], f)
        return 0
    if os.environ.get(shim.ENDPOINT_VAR):
        # Without a cloud; on the rig (--cloud rig) the suite logs in to
        # Keystone itself.
        shim.install()
    out = os.fdopen(args.report_fd, 'w', encoding='utf-8')

    def report(event):
        out.write(json.dumps(event) + '\n')
        out.flush()

    serve(tests, report, args.timeout, sys.stdin)
    return 0


if __name__ == '__main__':
    sys.exit(main())
