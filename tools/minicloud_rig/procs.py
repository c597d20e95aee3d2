"""Starting, finding and stopping the rig's processes.

Each process runs in its own session (setsid, pitfall 13), so it outlives
the shell that started it, and its group can be signalled as one. A pid
file alone is not trusted: a process is the rig's only if it runs in the
state dir (its cwd) and its environment carries MINICLOUD_PROCESS=<state
dir>:<name>, or, once setproctitle (gunicorn, oslo.service) has written
over the environment, only the cwd.
"""
import os
import signal
import socket
import subprocess
import time
import urllib.error
import urllib.request

MARKER = 'MINICLOUD_PROCESS'


class RigError(Exception):
    """A failure the user must see: which service, what, and its log."""

    def __init__(self, service, what, log_tail=''):
        self.service, self.what, self.log_tail = service, what, log_tail
        super().__init__(f'{service}: {what}')

    def report(self):
        text = f'minicloud: FAILED: {self.service}: {self.what}'
        if self.log_tail:
            text += f'\n--- last lines of the {self.service} log ---\n'
            text += self.log_tail.rstrip() + '\n---'
        return text


def log_tail(path, lines=25):
    try:
        with open(path, 'rb') as f:
            f.seek(0, os.SEEK_END)
            f.seek(max(0, f.tell() - 64 * 1024))
            data = f.read().decode('utf-8', 'replace')
    except FileNotFoundError:
        return f'(no log at {path})'
    return '\n'.join(data.splitlines()[-lines:])


def _marker(rig, name):
    return f'{rig.home}:{name}'


def _is_ours(rig, pid, name):
    try:
        if os.readlink(f'/proc/{pid}/cwd') != rig.home:
            return False
        with open(f'/proc/{pid}/environ', 'rb') as f:
            env = f.read().split(b'\0')
    except OSError:
        return False
    markers = [e for e in env if e.startswith(MARKER.encode() + b'=')]
    return not markers or markers == [
        f'{MARKER}={_marker(rig, name)}'.encode()]


def pid_of(rig, name):
    """The pid of the rig's process `name` if it runs, else None."""
    try:
        with open(rig.pid_file(name)) as f:
            pid = int(f.read().strip())
    except (FileNotFoundError, ValueError):
        return None
    return pid if _is_ours(rig, pid, name) else None


def port_open(port, host='127.0.0.1'):
    try:
        with socket.create_connection((host, port), timeout=1):
            return True
    except OSError:
        return False


def port_holder(port):
    """A description of whoever listens on the port (ss), or ''."""
    done = subprocess.run(['ss', '-Hltnp', f'sport = :{port}'],
                          capture_output=True, text=True)
    return ' '.join(done.stdout.split())


def _service_env(rig, name):
    env = {k: v for k, v in os.environ.items()
           if k != 'PYTHONPATH' and not k.startswith('OS_')}
    env['PATH'] = os.path.join(rig.venv, 'bin') + os.pathsep + env.get(
        'PATH', '/usr/bin:/bin')
    env[MARKER] = _marker(rig, name)
    return env


def start(rig, proc):
    """Start `proc` unless it runs; refuse a port a foreign process holds."""
    if pid_of(rig, proc.name):
        return False
    if proc.port and port_open(proc.port):
        raise RigError(proc.service, (
            f'port {proc.port} is held by a process that is not this rig\'s'
            f' {proc.name} ({port_holder(proc.port) or "unknown holder"});'
            ' stop it, or stop the other rig, before starting this one'))
    log = open(rig.log_file(proc.name), 'ab')
    log.write(f'\n=== minicloud: starting {proc.name} at '
              f'{time.strftime("%Y-%m-%d %H:%M:%S")}\n'.encode())
    log.flush()
    child = subprocess.Popen(proc.argv, stdin=subprocess.DEVNULL, stdout=log,
                             stderr=subprocess.STDOUT, cwd=rig.home,
                             env=_service_env(rig, proc.name),
                             start_new_session=True, close_fds=True)
    log.close()
    with open(rig.pid_file(proc.name), 'w') as f:
        f.write(f'{child.pid}\n')
    return True


def http_answers(port, path='/', timeout=3):
    """True if anything answers HTTP on the port (any status code)."""
    try:
        urllib.request.urlopen(f'http://127.0.0.1:{port}{path}',
                               timeout=timeout).close()
        return True
    except urllib.error.HTTPError:
        return True
    except (OSError, urllib.error.URLError):
        return False


def wait_ready(rig, proc, deadline):
    """Wait until proc's API answers; fail fast if the process died."""
    while True:
        if not pid_of(rig, proc.name):
            raise RigError(proc.service, f'{proc.name} exited during start',
                           log_tail(rig.log_file(proc.name)))
        if proc.port is None or http_answers(proc.port, proc.ready_path):
            return
        if time.monotonic() > deadline:
            raise RigError(proc.service, (
                f'{proc.name} did not answer on port {proc.port} in time'),
                log_tail(rig.log_file(proc.name)))
        time.sleep(0.5)


def stop(rig, name, timeout=20):
    """SIGTERM the process group, SIGKILL it after `timeout` s."""
    pid = pid_of(rig, name)
    if pid:
        _signal_group(pid, signal.SIGTERM)
        deadline = time.monotonic() + timeout
        while _group_alive(pid) and time.monotonic() < deadline:
            time.sleep(0.2)
        if _group_alive(pid):
            _signal_group(pid, signal.SIGKILL)
    try:
        os.unlink(rig.pid_file(name))
    except FileNotFoundError:
        pass
    return bool(pid)


def _signal_group(pid, sig):
    try:
        os.killpg(pid, sig)
    except ProcessLookupError:
        pass


def _group_alive(pgid):
    # A zombie leader no longer counts; any other member of the group does.
    for entry in os.listdir('/proc'):
        if not entry.isdigit():
            continue
        try:
            with open(f'/proc/{entry}/stat') as f:
                fields = f.read().rsplit(')', 1)[1].split()
        except OSError:
            continue
        if int(fields[2]) == pgid and fields[0] != 'Z':
            return True
    return False


def rss_mib(pid):
    """Resident memory of a process group (MiB), from /proc."""
    total = 0
    for entry in os.listdir('/proc'):
        if not entry.isdigit():
            continue
        try:
            with open(f'/proc/{entry}/stat') as f:
                fields = f.read().rsplit(')', 1)[1].split()
            if int(fields[2]) != pid:
                continue
            with open(f'/proc/{entry}/statm') as f:
                total += int(f.read().split()[1])
        except OSError:
            continue
    return total * os.sysconf('SC_PAGE_SIZE') / 2 ** 20
