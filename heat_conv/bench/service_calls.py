"""Service API calls per phase, as a counting proxy (callcount) saw them.

The proxy sits between one orchestration service and the cloud: each
request a cloud service received from it went through the proxy and was
counted there. ``ServiceCalls`` reads the proxy's counts before and after
a phase; ``ProxyProcess`` runs a proxy for a topology the benchmark starts.
"""
import os
import subprocess
import sys
import time

from heat_conv.bench import callcount


def _kind(key):
    """'read one', 'list' or 'write' for ``METHOD /path``."""
    method, _, path = key.partition(' ')
    if method in ('GET', 'HEAD'):
        return 'read one' if path.endswith('{id}') else 'list'
    return 'write'


class ServiceCalls:
    """Calls counted by the proxy whose Keystone is at ``url``."""

    # Work a phase started can reach the services just after the API shows
    # its final status (a trust deleted after the stack's delete).
    settle_secs = 1.0

    def __init__(self, url):
        self.url = url.rstrip('/')
        self.reason = None
        self.source = (f'counting proxy at {self.url} (heat_conv.bench.callcount): '
                       'the requests the cloud\'s services received from the '
                       'service under test')

    def read(self):
        return callcount.read(self.url)['services']

    def close(self):
        pass

    @staticmethod
    def delta(before, after):
        """{'total', 'by_service', 'by_kind', 'by_call'} between two readings."""
        if before is None or after is None:
            return None
        by_call = {}
        for service, calls in after.items():
            for key, n in calls.items():
                n -= before.get(service, {}).get(key, 0)
                if n:
                    by_call[f'{service} {key}'] = n
        by_service, by_kind = {}, {}
        for name, n in by_call.items():
            service, _, key = name.partition(' ')
            by_service[service] = by_service.get(service, 0) + n
            kind = _kind(key)
            by_kind[kind] = by_kind.get(kind, 0) + n
        return {'total': sum(by_call.values()), 'by_service': by_service,
                'by_kind': by_kind, 'by_call': by_call}


class ProxyProcess:
    """A callcount proxy in a process of its own, in front of ``keystone``."""

    def __init__(self, keystone, log_path):
        self.keystone = keystone
        self.log_path = log_path
        self.proc = None
        self.url = None

    def start(self, timeout=30):
        root = os.path.dirname(os.path.dirname(os.path.dirname(
            os.path.abspath(__file__))))
        env = dict(os.environ, PYTHONPATH=root + os.pathsep
                   + os.environ.get('PYTHONPATH', ''))
        self._log = open(self.log_path, 'w+')
        self.proc = subprocess.Popen(
            [sys.executable, '-m', 'heat_conv.bench.callcount',
             '--keystone', self.keystone],
            stdout=self._log, stderr=subprocess.STDOUT, env=env,
            start_new_session=True)
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            with open(self.log_path) as f:
                for line in f:
                    if line.startswith('callcount: Keystone at '):
                        self.url = line.split(' at ', 1)[1].strip().rsplit('/v3', 1)[0]
                        return self.url
            if self.proc.poll() is not None:
                break
            time.sleep(0.1)
        raise RuntimeError(f'the counting proxy did not start; see {self.log_path}')

    def stop(self):
        if self.proc and self.proc.poll() is None:
            self.proc.terminate()
            self.proc.wait(timeout=30)
        if self.proc:
            self._log.close()
