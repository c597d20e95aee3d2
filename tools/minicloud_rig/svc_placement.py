"""Placement under gunicorn on :8778."""
from minicloud_rig import confgen
from minicloud_rig import layout
from minicloud_rig.procs_spec import gunicorn


def configure(rig):
    confgen.write_ini(rig.conf('placement'), {
        'DEFAULT': {'debug': False, 'use_stderr': True},
        'api': {'auth_strategy': 'keystone'},
        'placement_database': confgen.database(rig, 'placement'),
        'keystone_authtoken': confgen.authtoken(rig, 'placement'),
    })
    app = confgen.write_wsgi_entry(
        rig, 'placement_app',
        {'OS_PLACEMENT_CONFIG_DIR': rig.conf_dir('placement')},
        ['placement-api'], 'from placement.wsgi.api import application')
    return [gunicorn(rig, 'placement', 'placement', app,
                     layout.PORTS['placement'])]


def prepare(rig, run):
    run('placement', [rig.bin('placement-manage'), '--config-file',
                      rig.conf('placement'), 'db', 'sync'])
