"""heat-conv-engine with several worker processes: each is an engine of its own.

The reaper frees the rows of an engine whose heartbeat stopped; if the
workers of one heat-conv-engine shared an id, a dead worker's rows would
never be freed while a sibling beats for it.
"""
import os
import signal
import subprocess
import sys
import time

from heat_conv.db import api as db_api
from heat_conv.db import migration
from heat_conv.db import session as db_session


def _live_engines():
    return {s.id for s in db_api.service_list()
            if s.binary == 'heat-conv-engine' and s.deleted_at is None}


def _children(pid):
    found = []
    for entry in os.listdir('/proc'):
        if entry.isdigit():
            try:
                with open(f'/proc/{entry}/stat') as f:
                    # pid (comm) state ppid ...; comm may hold spaces
                    ppid = int(f.read().rsplit(')', 1)[1].split()[1])
            except (OSError, ValueError, IndexError):
                continue
            if ppid == pid:
                found.append(int(entry))
    return found


def _wait(predicate, what, proc, timeout=30):
    deadline = time.monotonic() + timeout
    while not predicate():
        assert proc.poll() is None, f'heat-conv-engine exited with {proc.returncode}'
        assert time.monotonic() < deadline, f'timed out waiting for {what}'
        time.sleep(0.2)


def test_each_worker_process_beats_with_its_own_engine_id(tmp_path):
    url = 'sqlite:///' + str(tmp_path / 'heat_conv.sqlite')
    migration.upgrade(db_session.configure(url))
    conf = tmp_path / 'heat_conv.conf'
    conf.write_text(f'[DEFAULT]\nstate_path = {tmp_path}\ntransport_url = fake://\n'
                    f'[database]\nconnection = {url}\n'
                    f'[engine]\nworkers = 2\nheartbeat_interval = 1\n')
    with open(tmp_path / 'engine.log', 'wb') as log:
        proc = subprocess.Popen(
            [sys.executable, '-c', 'from heat_conv.cmd.engine import main; main()',
             '--config-file', str(conf)], stdout=log, stderr=subprocess.STDOUT,
            start_new_session=True)
    try:
        _wait(lambda: len(_live_engines()) == 2, 'two engine heartbeats', proc)
        first = _live_engines()
        # Kill one worker outright, as a crash would: the launcher starts a
        # new one, which must be a new engine (the dead one's rows are then
        # the reaper's to free), while the other keeps its id.
        workers = _children(proc.pid)
        assert len(workers) == 2, workers
        os.kill(workers[0], signal.SIGKILL)
        _wait(lambda: len(_live_engines() - first) == 1, 'a new worker, a new engine',
              proc)
    finally:
        os.killpg(proc.pid, signal.SIGTERM)
        try:
            proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
        print((tmp_path / 'engine.log').read_text(errors='replace')[-3000:])
