"""Neutron's API alone under gunicorn on :9696: no agents, no RPC server.

ML2 with flat (the external network `public`) and vxlan (project
networks), the rig's own `minicloud` mechanism driver to bind ports
(pitfall 5), and every notification to an agent or to Nova off (pitfall 7).
"""
import os

from minicloud_rig import confgen
from minicloud_rig import layout
from minicloud_rig.procs_spec import gunicorn


def configure(rig):
    conf_dir = rig.conf_dir('neutron')
    paste = confgen.copy_from_wheel(rig, 'neutron', 'api-paste.ini',
                                    conf_dir)
    default = confgen.common_default(rig, 'neutron')
    default.update({
        'core_plugin': 'ml2',
        'service_plugins': 'router,trunk,qos',
        'auth_strategy': 'keystone',
        'api_paste_config': paste,
        'allow_overlapping_ips': True,
        'dhcp_agent_notification': False,
        'notify_nova_on_port_status_changes': False,
        'notify_nova_on_port_data_changes': False,
        'rpc_workers': 0,
        'rpc_state_report_workers': 0,
        'host': layout.SERVICE_HOST,
    })
    conf = rig.conf('neutron')
    ml2 = os.path.join(conf_dir, 'ml2_conf.ini')
    confgen.write_ini(conf, {
        'DEFAULT': default,
        'database': confgen.database(rig, 'neutron'),
        'keystone_authtoken': confgen.authtoken(rig, 'neutron'),
        'nova': confgen.password_auth(rig, 'neutron'),
        # the segments plugin tells placement when a network goes away
        'placement': confgen.password_auth(rig, 'neutron'),
        'oslo_concurrency': confgen.lock_path(rig, 'neutron'),
        'oslo_messaging_notifications': confgen.notifications(),
    })
    confgen.write_ini(ml2, {
        'ml2': {'type_drivers': 'flat,vxlan',
                'tenant_network_types': 'vxlan',
                'mechanism_drivers': 'minicloud',
                'extension_drivers': 'port_security,qos'},
        'ml2_type_flat': {'flat_networks': 'public'},
        'ml2_type_vxlan': {'vni_ranges': '1:4000'},
        'securitygroup': {'enable_security_group': True},
    })
    app = confgen.write_wsgi_entry(
        rig, 'neutron_app', {},
        ['neutron-api', '--config-file', conf, '--config-file', ml2],
        'from neutron.wsgi.api import application')
    return [gunicorn(rig, 'neutron', 'neutron', app,
                     layout.PORTS['neutron'])]


def prepare(rig, run):
    conf_dir = rig.conf_dir('neutron')
    run('neutron', [rig.bin('neutron-db-manage'), '--config-file',
                    rig.conf('neutron'), '--config-file',
                    os.path.join(conf_dir, 'ml2_conf.ini'),
                    'upgrade', 'heads'])
