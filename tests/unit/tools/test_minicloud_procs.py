"""tools/minicloud's processes: its own session, a pid file trusted only for
the rig's own process, and a port that another process holds refused."""
import os
import socket
import sys
import time

import pytest
from minicloud_rig import layout
from minicloud_rig import procs
from minicloud_rig.procs_spec import Process


@pytest.fixture
def rig(tmp_path):
    rig = layout.Rig(str(tmp_path))
    rig.make_dirs()
    yield rig
    for name in os.listdir(rig.run):
        procs.stop(rig, name[:-4], timeout=5)


def sleeper(name='sleeper', port=None):
    return Process(name, 'test', [sys.executable, '-c',
                                  'import time; time.sleep(60)'], port)


def test_started_process_runs_in_its_own_session_and_stops(rig):
    assert procs.start(rig, sleeper())
    pid = procs.pid_of(rig, 'sleeper')
    assert pid
    assert os.getsid(pid) == pid != os.getsid(0)
    assert not procs.start(rig, sleeper())      # already running: left alone
    assert procs.stop(rig, 'sleeper', timeout=5)
    assert procs.pid_of(rig, 'sleeper') is None
    assert not os.path.exists(rig.pid_file('sleeper'))


def test_stale_pid_file_naming_another_process_is_not_trusted(rig):
    with open(rig.pid_file('sleeper'), 'w') as f:
        f.write(f'{os.getpid()}\n')     # alive, but not the rig's
    assert procs.pid_of(rig, 'sleeper') is None
    with open(rig.pid_file('sleeper'), 'w') as f:
        f.write('999999999\n')
    assert procs.pid_of(rig, 'sleeper') is None
    assert procs.start(rig, sleeper())   # starts despite the stale file
    assert procs.pid_of(rig, 'sleeper')


def test_port_held_by_a_foreign_process_is_refused(rig):
    listener = socket.socket()
    listener.bind(('127.0.0.1', 0))
    listener.listen()
    port = listener.getsockname()[1]
    try:
        with pytest.raises(procs.RigError) as failure:
            procs.start(rig, sleeper(port=port))
        assert f'port {port} is held' in failure.value.report()
        assert procs.pid_of(rig, 'sleeper') is None
    finally:
        listener.close()


def test_wait_ready_names_the_process_that_died_and_its_log(rig):
    dies = Process('dies', 'nova', [sys.executable, '-c',
                                    'print("boom: bad config"); exit(3)'],
                   port=1)
    procs.start(rig, dies)
    time.sleep(0.5)
    with pytest.raises(procs.RigError) as failure:
        procs.wait_ready(rig, dies, time.monotonic() + 10)
    report = failure.value.report()
    assert 'nova: dies exited during start' in report
    assert 'boom: bad config' in report
