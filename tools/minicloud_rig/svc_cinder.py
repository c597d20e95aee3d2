"""Cinder: the API under gunicorn on :8776, scheduler, and one volume
service with the rig's driver (tools/minicloud_cinder): the fake logging
driver the cinder wheel ships, whose volumes made from images are files.

cinder-volume inspects an image it writes to a volume in an oslo.privsep
daemon (the ``cinder.privsep.sys_admin_pctxt`` context), which privsep
starts with ``sudo privsep-helper`` unless ``[cinder_sys_admin]
helper_command`` says otherwise. The rig runs as root and the machine
has no sudo: the helper is started directly.
"""
import os

from minicloud_rig import confgen
from minicloud_rig import layout
from minicloud_rig.procs_spec import Process
from minicloud_rig.procs_spec import gunicorn

BACKEND = 'fake'


def configure(rig):
    conf_dir = rig.conf_dir('cinder')
    paste = confgen.copy_from_wheel(rig, 'cinder', 'api-paste.ini', conf_dir)
    # Name filters on volume lists need the shipped filter file (pitfall 8).
    filters = confgen.copy_from_wheel(rig, 'cinder', 'resource_filters.json',
                                      conf_dir)
    default = confgen.common_default(rig, 'cinder')
    default.update({
        'host': layout.SERVICE_HOST,
        'my_ip': layout.HOST,
        'auth_strategy': 'keystone',
        'api_paste_config': paste,
        'resource_query_filters_file': filters,
        'enabled_backends': BACKEND,
        'glance_api_servers': rig.url('glance'),
        'osapi_volume_workers': 1,
    })
    conf = rig.conf('cinder')
    confgen.write_ini(conf, {
        'DEFAULT': default,
        'database': confgen.database(rig, 'cinder'),
        'keystone_authtoken': confgen.authtoken(rig, 'cinder'),
        'nova': confgen.password_auth(rig, 'cinder'),
        BACKEND: {
            'volume_driver': 'minicloud_cinder.driver.FileBackedFakeDriver',
            'volume_backend_name': BACKEND,
            'minicloud_volumes_dir': os.path.join(rig.data, 'cinder', 'volumes'),
        },
        'cinder_sys_admin': {
            'helper_command': privsep_helper(rig, conf,
                                             'cinder.privsep.sys_admin_pctxt'),
        },
        'oslo_concurrency': confgen.lock_path(rig, 'cinder'),
        'oslo_messaging_notifications': confgen.notifications(),
    })
    app = confgen.write_wsgi_entry(
        rig, 'cinder_app', {}, ['cinder-api', '--config-file', conf],
        'from cinder.wsgi.api import application')
    processes = [gunicorn(rig, 'cinder-api', 'cinder', app,
                          layout.PORTS['cinder-api'])]
    for binary in ('cinder-scheduler', 'cinder-volume'):
        processes.append(Process(binary, 'cinder', [
            rig.bin(binary), '--config-file', conf]))
    return processes


def privsep_helper(rig, conf, context):
    """The command that starts privsep's daemon for ``context`` as the
    rig's user (privsep appends the socket path)."""
    return ' '.join([rig.bin('privsep-helper'), '--config-file', conf,
                     '--privsep_context', context])


def prepare(rig, run):
    os.makedirs(os.path.join(rig.data, 'cinder'), exist_ok=True)
    run('cinder', [rig.bin('cinder-manage'), '--config-file',
                   rig.conf('cinder'), 'db', 'sync'])
