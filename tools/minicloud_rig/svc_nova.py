"""Nova: the API under gunicorn on :8774, conductor, scheduler, and one
compute host with the fake virt driver; cell0 and cell1.

The compute driver is `fake.FakeDriverWithoutFakeNodes`: it is
`fake.FakeDriver`, except that its node uuid is the one in
state_path/compute_id instead of a new random one per process (pitfall 12:
Nova refuses a compute whose node id changed).
"""
import os
import uuid

from minicloud_rig import confgen
from minicloud_rig import layout
from minicloud_rig.procs_spec import Process
from minicloud_rig.procs_spec import gunicorn

COMPUTE_DRIVER = 'fake.FakeDriverWithoutFakeNodes'


def _state_path(rig):
    return os.path.join(rig.data, 'nova')


def configure(rig):
    conf_dir = rig.conf_dir('nova')
    paste = confgen.copy_from_wheel(rig, 'nova', 'api-paste.ini', conf_dir)
    default = confgen.common_default(rig, 'nova')
    default.update({
        'host': layout.SERVICE_HOST,
        'my_ip': layout.HOST,
        'compute_driver': COMPUTE_DRIVER,
        'allow_resize_to_same_host': True,
        'vif_plugging_is_fatal': False,
        'vif_plugging_timeout': 0,
        # a fake build takes no time; keep periodic noise down
        'heal_instance_info_cache_interval': -1,
    })
    conf = rig.conf('nova')
    confgen.write_ini(conf, {
        'DEFAULT': default,
        'wsgi': {'api_paste_config': paste},
        'api': {'auth_strategy': 'keystone'},
        'api_database': confgen.database(rig, 'nova_api'),
        'database': confgen.database(rig, 'nova'),
        'keystone_authtoken': confgen.authtoken(rig, 'nova'),
        'service_user': dict(confgen.password_auth(rig, 'nova'),
                             send_service_user_token=True),
        'placement': confgen.password_auth(rig, 'nova'),
        'neutron': dict(confgen.password_auth(rig, 'nova'),
                        service_metadata_proxy=False),
        'cinder': dict(confgen.password_auth(rig, 'nova'),
                       os_region_name=layout.REGION),
        'glance': {'region_name': layout.REGION},
        'conductor': {'workers': 1},
        'scheduler': {'workers': 1,
                      'discover_hosts_in_cells_interval': -1},
        'notifications': {'notification_format': 'versioned',
                          'notify_on_state_change': 'vm_and_task_state'},
        'oslo_messaging_notifications': confgen.notifications(),
        'oslo_concurrency': confgen.lock_path(rig, 'nova'),
        'vnc': {'enabled': False},
    })
    app = confgen.write_wsgi_entry(
        rig, 'nova_app', {'OS_NOVA_CONFIG_DIR': conf_dir},
        ['nova-api'], 'from nova.wsgi.osapi_compute import application')
    processes = [gunicorn(rig, 'nova-api', 'nova', app,
                          layout.PORTS['nova-api'])]
    for binary in ('nova-conductor', 'nova-scheduler', 'nova-compute'):
        processes.append(Process(binary, 'nova', [
            rig.bin(binary), '--config-file', conf]))
    return processes


def prepare(rig, run):
    manage = [rig.bin('nova-manage'), '--config-file', rig.conf('nova')]
    run('nova', manage + ['api_db', 'sync'])
    run('nova', manage + ['cell_v2', 'map_cell0', '--database_connection',
                          rig.db_url('nova_cell0')])
    cells = run('nova', manage + ['cell_v2', 'list_cells'])
    if ' cell1 ' not in cells:
        run('nova', manage + ['cell_v2', 'create_cell', '--name', 'cell1',
                              '--verbose'])
    run('nova', manage + ['db', 'sync'])


def keep_node_identity(rig, db):
    """Make state_path/compute_id agree with the database.

    A compute node row the rig made before (a state dir rebuilt over kept
    databases) is adopted: its uuid is written to compute_id, so Nova sees
    the same node and not a renamed one it would refuse.
    """
    path = os.path.join(_state_path(rig), 'compute_id')
    os.makedirs(_state_path(rig), exist_ok=True)
    known = db.query(
        f'SELECT uuid FROM {layout.DB_PREFIX}nova.compute_nodes '
        'WHERE host = %s AND deleted = 0 ORDER BY id DESC',
        (layout.SERVICE_HOST,))
    try:
        with open(path) as f:
            have = f.read().strip()
    except FileNotFoundError:
        have = None
    want = known[0][0] if known else (have or str(uuid.uuid4()))
    if have != want:
        with open(path, 'w') as f:
            f.write(want + '\n')
    return want


def discover_hosts(rig, run, db):
    """Map the compute host into cell1; True once it is mapped."""
    rows = db.query(
        f'SELECT 1 FROM {layout.DB_PREFIX}nova_api.host_mappings '
        'WHERE host = %s', (layout.SERVICE_HOST,))
    if rows:
        return True
    run('nova', [rig.bin('nova-manage'), '--config-file', rig.conf('nova'),
                 'cell_v2', 'discover_hosts'])
    return bool(db.query(
        f'SELECT 1 FROM {layout.DB_PREFIX}nova_api.host_mappings '
        'WHERE host = %s', (layout.SERVICE_HOST,)))
