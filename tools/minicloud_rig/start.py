"""`start`: databases, vhost, configs, processes, Keystone objects, cloud.

Robust to what a previous run left: stale pid files (a pid is the rig's
only if its environment says so), databases that exist (every manage
command is idempotent), and the compute node of an earlier start (its id
is kept, svc_nova.keep_node_identity). A process that already runs is
left alone, so `start` on a running rig only re-checks it.
"""
import concurrent.futures
import os
import subprocess
import time

from minicloud_rig import backing
from minicloud_rig import cloud_setup
from minicloud_rig import clouds_yaml
from minicloud_rig import keystone_setup
from minicloud_rig import layout
from minicloud_rig import procs
from minicloud_rig import svc_cinder
from minicloud_rig import svc_glance
from minicloud_rig import svc_keystone
from minicloud_rig import svc_neutron
from minicloud_rig import svc_nova
from minicloud_rig import svc_placement
from minicloud_rig import svc_swift
from minicloud_rig.procs import RigError

# Keystone first; the slow database preparations next.
SERVICES = {'keystone': svc_keystone, 'nova': svc_nova,
            'neutron': svc_neutron, 'cinder': svc_cinder,
            'glance': svc_glance, 'placement': svc_placement,
            'swift': svc_swift}


class Timer:
    def __init__(self):
        self.start = self.last = time.monotonic()
        self.steps = []

    def step(self, what):
        now = time.monotonic()
        self.steps.append((what, now - self.last))
        print(f'minicloud: {what}: {now - self.last:.1f} s', flush=True)
        self.last = now

    def total(self):
        return time.monotonic() - self.start


def make_runner(rig):
    def run(service, argv, timeout=900):
        """Run a manage command; its output goes to log/<service>-manage."""
        log = rig.log_file(f'{service}-manage')
        env = procs._service_env(rig, f'{service}-manage')
        done = subprocess.run(argv, capture_output=True, text=True,
                              timeout=timeout, env=env, cwd=rig.home)
        with open(log, 'a') as f:
            f.write(f'\n=== {" ".join(argv)} (exit {done.returncode})\n')
            f.write(done.stdout + done.stderr)
        if done.returncode != 0:
            raise RigError(service, (
                f'{" ".join(os.path.basename(a) for a in argv[:1])}'
                f' {" ".join(argv[3:])} exited {done.returncode}'),
                procs.log_tail(log))
        return done.stdout
    return run


def configure(rig):
    rig.make_dirs()
    return {name: module.configure(rig) for name, module in SERVICES.items()}


def _check_backing(rig, db):
    try:
        db.query('SELECT 1')
    except Exception as exc:
        raise RigError('mariadb', f'cannot connect ({rig.db_base}): {exc}')
    if not procs.port_open(5672):
        raise RigError('rabbitmq', 'nothing listens on 127.0.0.1:5672')


def _refuse_foreign_ports(rig, processes):
    for proc in processes:
        if proc.port and not procs.pid_of(rig, proc.name) \
                and procs.port_open(proc.port):
            procs.start(rig, proc)   # raises, naming the holder


def start(rig, timeout=600):
    timer = Timer()
    deadline = time.monotonic() + timeout
    db = backing.Database(rig)
    _check_backing(rig, db)
    by_service = configure(rig)
    everything = [p for ps in by_service.values() for p in ps]
    _refuse_foreign_ports(rig, everything)
    db.ensure_databases()
    backing.ensure_vhost()
    timer.step('configs, databases, vhost')
    run = make_runner(rig)
    with concurrent.futures.ThreadPoolExecutor(max_workers=3) as pool:
        prepared = {}
        for name, module in SERVICES.items():
            if all(procs.pid_of(rig, p.name) for p in by_service[name]):
                continue
            prepared[name] = pool.submit(module.prepare, rig, run)
        if 'keystone' in prepared:
            prepared['keystone'].result()
            timer.step('keystone db_sync, keys, bootstrap')
        _start_all(rig, by_service['keystone'], deadline)
        timer.step('keystone answers')
        projects = keystone_setup.setup(rig)
        timer.step('keystone users, roles, catalog')
        for name in SERVICES:
            if name == 'keystone':
                continue
            if name in prepared:
                prepared[name].result()
            if name == 'nova':
                svc_nova.keep_node_identity(rig, db)
            for proc in by_service[name]:
                procs.start(rig, proc)
    timer.step('databases synced, services started')
    for proc in everything:
        procs.wait_ready(rig, proc, deadline)
    timer.step('APIs answer')
    clouds_yaml.write(rig)
    admin = clouds_yaml.connect(rig, 'minicloud-admin')
    _wait_for_compute(rig, run, db, admin, deadline)
    _wait_for_volume_service(rig, admin, deadline)
    timer.step('compute host mapped, volume service up')
    cloud_setup.setup(admin, [projects['demo'], projects['alt']])
    timer.step('flavors, image, public network, quotas')
    print(f'minicloud: started in {timer.total():.0f} s; '
          f'clouds.yaml: {rig.clouds_yaml}')
    return 0


def _start_all(rig, processes, deadline):
    for proc in processes:
        procs.start(rig, proc)
    for proc in processes:
        procs.wait_ready(rig, proc, deadline)


def _until(deadline, service, what, check, log):
    while True:
        if check():
            return
        if time.monotonic() > deadline:
            raise RigError(service, what, procs.log_tail(log))
        time.sleep(1)


def _wait_for_compute(rig, run, db, admin, deadline):
    def up():
        if not procs.pid_of(rig, 'nova-compute'):
            raise RigError('nova', 'nova-compute exited during start',
                           procs.log_tail(rig.log_file('nova-compute')))
        services = [s for s in admin.compute.services(binary='nova-compute')
                    if s.host == layout.SERVICE_HOST]
        return any(s.state == 'up' and s.status == 'enabled'
                   for s in services) and any(
            True for _ in admin.placement.resource_providers(
                name=layout.SERVICE_HOST))
    _until(deadline, 'nova', 'nova-compute did not come up and report to '
           'placement in time', up, rig.log_file('nova-compute'))
    _until(deadline, 'nova', 'the compute host was not mapped to cell1 '
           '(nova-manage cell_v2 discover_hosts)',
           lambda: svc_nova.discover_hosts(rig, run, db),
           rig.log_file('nova-manage'))


def _wait_for_volume_service(rig, admin, deadline):
    def up():
        return any(s.binary == 'cinder-volume' and s.state == 'up'
                   for s in admin.block_storage.services())
    _until(deadline, 'cinder', 'cinder-volume did not report up in time',
           up, rig.log_file('cinder-volume'))
