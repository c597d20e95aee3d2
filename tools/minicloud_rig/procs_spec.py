"""What a rig process is: its command, its port, its log and pid file."""
import dataclasses


@dataclasses.dataclass
class Process:
    name: str            # nova-compute; also the log and pid file names
    service: str         # nova: the service whose log a failure points at
    argv: list
    port: int = None     # an API's port; None for RPC-only processes
    ready_path: str = '/'  # GET this on the port; any HTTP answer is ready


def gunicorn(rig, name, service, app, port, threads=4, workers=1):
    """One worker with threads: enough for tests, and cheap in memory."""
    argv = [rig.bin('gunicorn'), '--name', f'minicloud-{name}',
            '--workers', str(workers), '--worker-class', 'gthread',
            '--threads', str(threads), '--bind', f'127.0.0.1:{port}',
            '--timeout', '300', '--graceful-timeout', '5',
            # No kept-alive connections: gunicorn closes an idle one after
            # 2 s, and a client (the services' own, the tests') that sends on
            # it at that moment gets a reset or no answer, which OpenStack's
            # clients do not retry (CI failed on it). A new connection on
            # the loopback costs little.
            '--keep-alive', '0',
            '--pythonpath', rig.wsgi, app]
    return Process(name, service, argv, port)
