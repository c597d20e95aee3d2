"""Hosts as network namespaces on this machine, and faults between them.

Each host is a namespace of its own, reaching the services in the root
namespace through one veth pair per service (database, broker, cloud), each
pair a /30 of a private 10.x block picked at random among the blocks no
route of this machine uses. One pair per service is what lets one host lose
one service and keep the others with nothing but ``ip``: setting the root
side of a pair down makes the kernel drop, silently, every packet the host
sends that way and every answer to it (no reset, no unreachable error),
which is what a partition looks like to the processes on both sides (a
new connection times out; one open waits); setting
it up again heals it and the connections carry on where TCP left them.

Namespaces are named after the creating process (``hcc<pid>-<host>``), so
a run killed before its clean-up leaves nothing a later run does not sweep.
"""
import contextlib
import os
import random
import re
import shutil
import subprocess

SERVICES = ('db', 'mq', 'cloud')
_PREFIX = 'hcc'


def _ip(*args, check=True):
    return subprocess.run(('ip',) + args, check=check, capture_output=True, text=True)


def unavailable_reason():
    """Why namespaces cannot be made here, or None when they can."""
    if os.geteuid() != 0:
        return 'network namespaces need root'
    if shutil.which('ip') is None:
        return 'the ip command (iproute2) is not installed'
    probe = f'{_PREFIX}{os.getpid()}-probe'
    made = _ip('netns', 'add', probe, check=False)
    if made.returncode != 0:
        return f'ip netns add failed: {made.stderr.strip()}'
    _ip('netns', 'del', probe, check=False)
    return None


def _namespaces():
    listed = _ip('netns', 'list').stdout.split('\n')
    return [line.split()[0] for line in listed if line.strip()]


def sweep_stale():
    """Delete the namespaces of earlier runs whose process is gone (and end
    the processes those runs started in them)."""
    for name in _namespaces():
        found = re.match(rf'{_PREFIX}(\d+)-', name)
        if found is None or os.path.exists(f'/proc/{found.group(1)}'):
            continue
        _kill_inside(name)
        _ip('netns', 'del', name, check=False)


def _kill_inside(namespace):
    for pid in _ip('netns', 'pids', namespace, check=False).stdout.split():
        try:
            os.kill(int(pid), 9)
        except (ProcessLookupError, ValueError):
            pass


def _free_block():
    """A 10.N.0.0/16 that no address or route of this machine touches."""
    used = _ip('-4', 'route', 'show', 'table', 'all').stdout + _ip('-4', 'addr').stdout
    taken = {int(n) for n in re.findall(r'\b10\.(\d+)\.', used)}
    choices = [n for n in range(200, 250) if n not in taken]
    if not choices:
        raise RuntimeError('no free 10.N.0.0/16 block for the test hosts')
    return random.choice(choices)


class Host:
    """One namespace: ``address(service)`` is where it reaches ``service``."""

    def __init__(self, network, index, name):
        self.network = network
        self.index = index
        self.name = name
        self.namespace = f'{_PREFIX}{os.getpid()}-{name}'

    def _subnet(self, service):
        return f'10.{self.network.block}.{self.index * 4 + SERVICES.index(service)}'

    def address(self, service):
        """The root-side address of the host's link to ``service``."""
        return self._subnet(service) + '.1'

    def own_address(self, service):
        """The host's own address on that link (what the service sees)."""
        return self._subnet(service) + '.2'

    def root_link(self, service):
        return f'{_PREFIX}{self.network.tag}{self.index}{SERVICES.index(service)}'

    def create(self):
        _ip('netns', 'add', self.namespace)
        self.exec_ip('link', 'set', 'lo', 'up')
        for service in SERVICES:
            root = self.root_link(service)
            _ip('link', 'add', root, 'type', 'veth', 'peer', 'name', service,
                'netns', self.namespace)
            _ip('addr', 'add', self.address(service) + '/30', 'dev', root)
            _ip('link', 'set', root, 'up')
            self.exec_ip('addr', 'add', self.own_address(service) + '/30', 'dev', service)
            self.exec_ip('link', 'set', service, 'up')
            # A permanent neighbour entry: while the link is cut the host's
            # packets go out and vanish (a timeout), instead of failing
            # address resolution at once (No route to host).
            with open(f'/sys/class/net/{root}/address') as f:
                mac = f.read().strip()
            self.exec_ip('neigh', 'replace', self.address(service), 'lladdr', mac,
                         'nud', 'permanent', 'dev', service)

    def exec_ip(self, *args):
        return _ip('-n', self.namespace, *args)

    def command(self, argv):
        """``argv`` run inside this host's namespace."""
        return ['ip', 'netns', 'exec', self.namespace] + list(argv)

    def partition(self, *services):
        """Drop every packet between this host and ``services``."""
        for service in services:
            _ip('link', 'set', self.root_link(service), 'down')

    def heal(self, *services):
        for service in services or SERVICES:
            _ip('link', 'set', self.root_link(service), 'up')

    @contextlib.contextmanager
    def cut_off(self, *services):
        """Partitioned from ``services`` for a with block, healed however
        the block ends (a partition left behind would fail later tests)."""
        self.partition(*services)
        try:
            yield self
        finally:
            self.heal()

    def destroy(self):
        _kill_inside(self.namespace)
        _ip('netns', 'del', self.namespace, check=False)


class Network:
    """The hosts of one run; ``close()`` removes every namespace and link."""

    def __init__(self, names):
        sweep_stale()
        self.block = _free_block()
        # Link names must be unique on the machine and at most 15 characters.
        self.tag = f'{random.randrange(16 ** 6):06x}'
        self.hosts = {}
        try:
            for index, name in enumerate(names):
                host = Host(self, index, name)
                self.hosts[name] = host
                host.create()
        except BaseException:
            self.close()
            raise

    def __getitem__(self, name):
        return self.hosts[name]

    def listen_addresses(self, service):
        """Every root-side address of ``service``'s links."""
        return [host.address(service) for host in self.hosts.values()]

    def close(self):
        for host in self.hosts.values():
            host.destroy()
