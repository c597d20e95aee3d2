"""Glance on a file store (multistore), under gunicorn on :9292."""
import os

from minicloud_rig import confgen
from minicloud_rig import layout
from minicloud_rig.procs_spec import gunicorn


def _store(rig, name):
    path = os.path.join(rig.data, 'glance', name)
    os.makedirs(path, exist_ok=True)
    return path


def configure(rig):
    conf_dir = rig.conf_dir('glance')
    paste = confgen.copy_from_wheel(rig, 'glance', 'glance-api-paste.ini',
                                    conf_dir)
    confgen.write_ini(os.path.join(conf_dir, 'glance-api.conf'), {
        'DEFAULT': {
            'debug': False, 'use_stderr': True,
            'enabled_backends': 'fs:file',
            'transport_url': confgen.common_default(
                rig, 'glance')['transport_url'],
            'show_image_direct_url': False,
        },
        'database': confgen.database(rig, 'glance'),
        'keystone_authtoken': confgen.authtoken(rig, 'glance'),
        'paste_deploy': {'flavor': 'keystone', 'config_file': paste},
        'glance_store': {'default_backend': 'fs'},
        'fs': {'filesystem_store_datadir': _store(rig, 'images')},
        'os_glance_staging_store': {
            'filesystem_store_datadir': _store(rig, 'staging')},
        'os_glance_tasks_store': {
            'filesystem_store_datadir': _store(rig, 'tasks')},
        'oslo_concurrency': confgen.lock_path(rig, 'glance'),
        'oslo_messaging_notifications': confgen.notifications(),
    })
    app = confgen.write_wsgi_entry(
        rig, 'glance_app', {'OS_GLANCE_CONFIG_DIR': conf_dir},
        ['glance-api'], 'from glance.wsgi.api import application')
    return [gunicorn(rig, 'glance', 'glance', app, layout.PORTS['glance'])]


def prepare(rig, run):
    run('glance', [rig.bin('glance-manage'), '--config-file',
                   os.path.join(rig.conf_dir('glance'), 'glance-api.conf'),
                   'db_sync'])
