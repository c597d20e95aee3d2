"""The processes tools/heat27 (and tools/horizon) starts: each in its own
session, with a pid file; a pid file is trusted only while its process has the start time
that was recorded for it (heat-engine retitles itself, so not its command
line)."""
import os
import pathlib
import signal
import socket
import subprocess
import time

NAMES = ('callcount', 'heat-engine', 'heat-api')


def _cmdline(pid):
    """The process's start time (in clock ticks since boot), or None."""
    try:
        stat = pathlib.Path(f'/proc/{pid}/stat').read_bytes()
    except OSError:
        return None
    return stat.rpartition(b')')[2].split()[19]


def running(home, name):
    """The pid of ``name`` if the process it recorded still runs, else None."""
    pid_file = home / 'run' / f'{name}.pid'
    try:
        pid, _, cmdline = pid_file.read_bytes().partition(b'\n')
        pid = int(pid)
    except (OSError, ValueError):
        return None
    return pid if _cmdline(pid) == cmdline else None


def _port_taken(port):
    with socket.socket() as sock:
        return sock.connect_ex(('127.0.0.1', port)) == 0


def start(home, name, argv, port=None, tool='heat27'):
    if running(home, name):
        return
    if port and _port_taken(port):
        raise SystemExit(f'{tool}: port {port} for {name} is taken by a process '
                         'this tool did not start')
    env = dict(os.environ, PYTHONPATH=os.environ.get('PYTHONPATH', ''))
    with open(home / 'log' / f'{name}.log', 'ab') as log:
        proc = subprocess.Popen(argv, stdout=log, stderr=subprocess.STDOUT,
                                stdin=subprocess.DEVNULL, env=env,
                                start_new_session=True)
    time.sleep(0.5)
    cmdline = _cmdline(proc.pid)
    if proc.poll() is not None or cmdline is None:
        raise SystemExit(f'{tool}: {name} exited at once; see {home}/log/{name}.log')
    (home / 'run' / f'{name}.pid').write_bytes(str(proc.pid).encode() + b'\n' + cmdline)


def stop(home, names=NAMES):
    for name in reversed(names):
        pid = running(home, name)
        if pid:
            os.killpg(pid, signal.SIGTERM)
            for _ in range(100):
                if _cmdline(pid) is None:
                    break
                time.sleep(0.1)
            else:
                os.killpg(pid, signal.SIGKILL)
        (home / 'run' / f'{name}.pid').unlink(missing_ok=True)
    return 0


def status(home, names=NAMES):
    down = 0
    for name in names:
        pid = running(home, name)
        print(f'{name:<12} {"up" if pid else "DOWN":<5} pid {pid or "-"}')
        down += not pid
    return 1 if down else 0
