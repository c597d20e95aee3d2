"""tools/heat27's heat.conf: Heat 27 as the benchmark compares it with
heat-conv (trusts, two engine workers, the rig's stack domain), with every
Keystone URL the counting proxy's, so that its cloud calls are counted."""
import configparser
import os
import subprocess
import sys

from heat27_rig import conf
from heat27_rig import procs


def _parsed(text):
    parser = configparser.ConfigParser(interpolation=None)
    parser.read_string(text)
    return parser


def test_heat_runs_with_trusts_two_workers_and_keystone_behind_the_proxy():
    text = conf.heat_conf('/h', '/venv/etc/heat', {'username': 'heat27', 'password': 'pw'},
                          {'username': 'heat_domain_admin', 'password': 'dpw'},
                          'mysql+pymysql://root@127.0.0.1:3306/heat27',
                          'rabbit://guest:guest@127.0.0.1:5672/heat27',
                          'http://127.0.0.1:8105')
    heat = _parsed(text)
    assert heat['DEFAULT']['deferred_auth_method'] == 'trusts'
    assert heat['DEFAULT']['num_engine_workers'] == '2'
    assert heat['DEFAULT']['stack_user_domain_name'] == 'heat'
    assert heat['DEFAULT']['stack_domain_admin'] == 'heat_domain_admin'
    assert heat['trustee']['username'] == heat['keystone_authtoken']['username'] == 'heat27'
    # Every way Heat reaches Keystone goes through the proxy.
    for section, key in (('keystone_authtoken', 'auth_url'),
                         ('keystone_authtoken', 'www_authenticate_uri'),
                         ('trustee', 'auth_url'), ('clients_keystone', 'auth_uri')):
        assert heat[section][key] == 'http://127.0.0.1:8105', (section, key)
    assert heat['paste_deploy']['api_paste_config'] == '/venv/etc/heat/api-paste.ini'


def test_heat_abandons_adopts_and_names_itself_in_its_signal_urls():
    # As Heat's functional suite needs it on the rig, whose catalog's
    # orchestration entry is heat-conv's.
    heat = _parsed(conf.heat_conf('/h', '/e', {'username': 'u', 'password': 'p'},
                                  {'username': 'd', 'password': 'p'}, 'db', 'mq',
                                  'http://127.0.0.1:8105'))
    assert heat['DEFAULT']['enable_stack_abandon'] == 'True'
    assert heat['DEFAULT']['enable_stack_adopt'] == 'True'
    assert heat['clients_heat']['url'] == \
        f'http://127.0.0.1:{conf.API_PORT}/v1/%(tenant_id)s'


def test_the_wsgi_shim_gives_heat_its_config_file_not_gunicorns_arguments(tmp_path):
    shim = conf.wsgi_shim('/h/etc/heat.conf')
    fake = tmp_path / 'heat' / 'wsgi'
    fake.mkdir(parents=True)
    for package in (tmp_path / 'heat', fake):
        (package / '__init__.py').write_text('')
    (fake / 'api.py').write_text('import sys\napplication = list(sys.argv)\n')
    (tmp_path / 'shim.py').write_text(shim)
    out = subprocess.run([sys.executable, '-c', 'import shim; print(shim.application)',
                          '--bind', '0.0.0.0:1'], cwd=tmp_path, capture_output=True,
                         text=True, check=True,
                         env=dict(os.environ, PYTHONPATH=str(tmp_path))).stdout
    assert out.strip() == "['heat-api', '--config-file', '/h/etc/heat.conf']"


def test_a_pid_file_is_trusted_only_for_the_process_it_recorded(tmp_path):
    (tmp_path / 'log').mkdir()
    (tmp_path / 'run').mkdir()
    procs.start(tmp_path, 'sleeper', [sys.executable, '-c', 'import time; time.sleep(60)'])
    pid = procs.running(tmp_path, 'sleeper')
    assert pid
    pid_file = tmp_path / 'run' / 'sleeper.pid'
    recorded = pid_file.read_bytes()
    # Another process under the same pid (a start time that differs) is not ours.
    pid_file.write_bytes(recorded.split(b'\n')[0] + b'\n1')
    assert procs.running(tmp_path, 'sleeper') is None
    pid_file.write_bytes(recorded)
    os.killpg(pid, 15)
    os.waitpid(pid, 0)
    assert procs.running(tmp_path, 'sleeper') is None
