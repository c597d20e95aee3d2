"""Runs test ids on a pool of worker processes (``worker.py``'s protocol),
handing each idle worker the next test, so slow tests do not hold up the rest.

A worker that stays on one test past ``hard_timeout`` seconds is killed (its
process group) and the test fails; a worker that dies fails its test; either
way a new worker takes the remaining tests. Nothing a test does can stop the
run from ending.
"""
import json
import os
import queue
import signal
import subprocess
import threading
import time

from tools.heat_functional.records import failed

MAX_FAILED_STARTS = 3


class _Worker:
    def __init__(self, number, command, env, log_path, events):
        self.number = number
        self.test_id = None
        self.deadline = None
        self.killed = False
        self.ready = False
        read_fd, write_fd = os.pipe()
        with open(log_path, 'ab') as log:
            self.proc = subprocess.Popen(
                [*command, '--report-fd', str(write_fd)], stdin=subprocess.PIPE,
                stdout=log, stderr=subprocess.STDOUT, env=env, pass_fds=(write_fd,),
                start_new_session=True)
        os.close(write_fd)
        threading.Thread(target=self._read, args=(read_fd, events), daemon=True).start()

    def _read(self, fd, events):
        with os.fdopen(fd, encoding='utf-8', errors='replace') as reports:
            for line in reports:
                try:
                    event = json.loads(line)
                except ValueError:
                    continue
                events.put((self, event))
        self.proc.wait()
        events.put((self, {'event': 'exit', 'code': self.proc.returncode}))

    def assign(self, test_id, hard_timeout):
        self.test_id = test_id
        self.assigned_at = time.monotonic()
        self.deadline = self.assigned_at + hard_timeout
        try:
            self.proc.stdin.write(f'{test_id}\n'.encode('utf-8'))
            self.proc.stdin.flush()
        except OSError:
            pass    # it died; its exit event follows

    def finish(self):
        """No more tests: closing stdin lets the worker exit."""
        self.test_id = None
        try:
            self.proc.stdin.close()
        except OSError:
            pass

    def kill(self):
        self.killed = True
        try:
            os.killpg(self.proc.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass


class Pool:
    """``Pool(command, env, log_dir, concurrency, hard_timeout).run(ids, on_result)``

    ``command`` is the worker's argv (the pool adds ``--report-fd N``).
    """

    def __init__(self, command, env, log_dir, concurrency, hard_timeout):
        self.command = command
        self.env = env
        self.log_dir = log_dir
        self.concurrency = concurrency
        self.hard_timeout = hard_timeout
        self._events = queue.Queue()
        self._workers = set()
        self._started = 0
        self._failed_starts = 0

    def run(self, test_ids, on_result):
        """Run every id; ``on_result(record)`` as each finishes (in this
        thread). Returns the records by id."""
        self._pending = list(reversed(test_ids))    # pop() keeps the order
        self._results = {}
        self._on_result = on_result
        for _ in range(min(self.concurrency, len(test_ids))):
            self._start_worker()
        try:
            while self._workers:
                try:
                    worker, event = self._events.get(timeout=1)
                except queue.Empty:
                    pass
                else:
                    self._handle(worker, event)
                self._kill_overdue()
        finally:
            for worker in self._workers:   # interrupted: leave nothing running
                worker.kill()
        return self._results

    def _start_worker(self):
        self._started += 1
        log_path = os.path.join(self.log_dir, f'worker-{self._started}.log')
        self._workers.add(_Worker(self._started, self.command, self.env, log_path,
                                  self._events))

    def _handle(self, worker, event):
        kind = event.get('event')
        if kind == 'ready':
            worker.ready = True
            self._next_test(worker)
        elif kind == 'result' and event.get('id') == worker.test_id:
            self._finish_test(worker, event)
            self._next_test(worker)
        elif kind == 'exit':
            self._workers.discard(worker)
            self._worker_exited(worker, event['code'])

    def _worker_exited(self, worker, code):
        if worker.test_id is not None:
            if worker.killed:
                why = f'killed by the runner after {self.hard_timeout} s on this test'
            else:
                why = (f'the worker process exited (code {code}) during this test; '
                       f'see worker-{worker.number}.log')
            self._finish_test(worker, failed(worker.test_id, why,
                                             time.monotonic() - worker.assigned_at))
        if not worker.ready:
            self._failed_starts += 1
        if self._failed_starts >= MAX_FAILED_STARTS:
            while self._pending:
                self._finish_test(worker, failed(
                    self._pending.pop(), f'never ran: {self._failed_starts} workers exited '
                    f'before loading the tests; see worker-{worker.number}.log'))
        elif self._pending and len(self._workers) < self.concurrency:
            self._start_worker()

    def _next_test(self, worker):
        if self._pending:
            worker.assign(self._pending.pop(), self.hard_timeout)
        else:
            worker.finish()

    def _finish_test(self, worker, rec):
        worker.test_id = None
        if rec['id'] not in self._results:
            self._results[rec['id']] = rec
            self._on_result(rec)

    def _kill_overdue(self):
        now = time.monotonic()
        for worker in self._workers:
            if worker.test_id is not None and not worker.killed and now > worker.deadline:
                worker.kill()

