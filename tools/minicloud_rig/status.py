"""`status`: each process up or down, where things are, what to listen to."""
from minicloud_rig import keystone_setup
from minicloud_rig import layout
from minicloud_rig import procs

TOPICS = ('versioned_notifications (nova)', 'notifications (cinder, '
          'neutron, glance)')


def rows(rig):
    """(name, pid, port, up) per process."""
    out = []
    for name, _service, port in layout.PROCESSES:
        pid = procs.pid_of(rig, name)
        up = bool(pid) and (port is None or procs.http_answers(port))
        out.append((name, pid, port, up))
    return out


def status(rig):
    table = rows(rig)
    for name, pid, port, up in table:
        rss = f'{procs.rss_mib(pid):6.0f} MiB' if pid else ''
        print(f'{name:18} {"up" if up else "DOWN":5} pid {pid or "-":>7}  '
              f'port {port or "-":>5}  {rss}')
    print(f'state:       {rig.home}')
    print(f'logs:        {rig.log}')
    print(f'clouds.yaml: {rig.clouds_yaml}')
    print(f'orchestration endpoint: {keystone_setup.orchestration_url(rig)}')
    print(f'notifications: {rig.transport_url} topics {", ".join(TOPICS)}')
    down = [name for name, _pid, _port, up in table if not up]
    if down:
        print(f'DOWN: {", ".join(down)}')
        return 1
    return 0
