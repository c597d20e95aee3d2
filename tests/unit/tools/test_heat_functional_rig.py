"""tools/heat-functional --cloud rig, without a rig: the suite's
configuration, the heat-conv configuration, the catalog the suite sees, and
which stacks a run's clean-up may delete."""
import configparser
import json
import threading
import urllib.request
from http import server

import pytest

from tools.heat_functional import catalog_proxy
from tools.heat_functional import rig_service
from tools.heat_functional import runner
from tools.heat_functional import tempest_conf

DEMO = {'auth_url': 'http://127.0.0.1:5000/v3', 'username': 'demo', 'password': 'dpw',
        'project_name': 'demo', 'user_domain_name': 'Default',
        'project_domain_name': 'Default'}
ADMIN = dict(DEMO, username='admin', password='apw', project_name='admin')


def _parsed(path_or_text, text=False):
    conf = configparser.ConfigParser(interpolation=None)
    if text:
        conf.read_string(path_or_text)
    else:
        conf.read(path_or_text)
    return conf


def test_the_suite_logs_in_as_the_rigs_member_and_admin_with_its_objects(tmp_path):
    path = tmp_path / 'tempest.conf'
    names = {'user': DEMO, 'admin': ADMIN, 'image': 'cirros', 'flavor': 'm1.small',
             'minimal_flavor': 'm1.tiny', 'external_network': 'public',
             'network': 'hf-net', 'subnet': 'hf-subnet', 'keypair': 'hf-key'}
    tempest_conf.write_rig(str(path), 'http://127.0.0.1:1234/v3', names, ['CreateUserTest'],
                           build_timeout=600, build_interval=1, region='RegionOne')
    section = _parsed(path)['heat_plugin']
    assert section['auth_url'] == 'http://127.0.0.1:1234/v3'
    assert (section['username'], section['password'], section['project_name']) == \
        ('demo', 'dpw', 'demo')
    assert (section['admin_username'], section['admin_password'],
            section['admin_project_name']) == ('admin', 'apw', 'admin')
    assert section['minimal_image_ref'] == section['image_ref'] == 'cirros'
    assert (section['minimal_instance_type'], section['instance_type']) == \
        ('m1.tiny', 'm1.small')
    assert (section['fixed_network_name'], section['fixed_subnet_name'],
            section['floating_network_name'], section['keypair_name']) == \
        ('hf-net', 'hf-subnet', 'public', 'hf-key')
    assert section['skip_functional_test_list'] == 'CreateUserTest'


class _Rig:
    def region(self):
        return 'RegionOne'

    def auth(self, cloud):
        return {rig_service.SERVICE_CLOUD: {
            'auth_url': 'http://127.0.0.1:5000/v3', 'username': 'heat-conv',
            'password': 'spw', 'user_domain_name': 'Default', 'project_name': 'service',
            'project_domain_name': 'Default'},
            rig_service.STACK_DOMAIN_CLOUD: {
                'auth_url': 'http://127.0.0.1:5000/v3', 'username': 'heat_domain_admin',
                'password': 'hpw', 'user_domain_name': 'Default',
                'domain_name': 'heat'}}[cloud]


def test_heat_conv_on_the_rig_uses_keystone_trusts_and_the_heat_domain(tmp_path):
    service = rig_service.RigService('/bin', str(tmp_path / 'log'), _Rig())
    service.state_dir = str(tmp_path)
    conf = _parsed(service.conf_text(), text=True)
    assert conf['api']['auth_strategy'] == 'keystone'
    assert int(conf['api']['bind_port']) == service.port > 0
    assert conf['DEFAULT']['deferred_auth_method'] == 'trusts'
    assert conf['DEFAULT']['stack_user_domain_name'] == 'heat'
    assert conf['DEFAULT']['stack_domain_admin'] == 'heat_domain_admin'
    assert conf['DEFAULT']['enable_stack_abandon'] == 'true'
    for section in ('keystone_authtoken', 'trustee'):
        assert conf[section]['username'] == 'heat-conv'
        assert conf[section]['auth_url'] == 'http://127.0.0.1:5000'
    assert conf['clients_heat']['signal_key']
    assert service.endpoint.endswith('/v1/%(project_id)s')


class _Keystone(server.BaseHTTPRequestHandler):
    def log_message(self, *args):
        pass

    def do_POST(self):
        length = int(self.headers['Content-Length'])
        sent = json.loads(self.rfile.read(length))
        port = self.server.server_address[1]
        body = json.dumps({'sent': sent, 'token': {'catalog': [
            {'type': 'orchestration', 'endpoints': [
                {'url': 'http://127.0.0.1:8004/v1/p1'}]},
            {'type': 'identity', 'endpoints': [
                {'url': f'http://127.0.0.1:{port}/v3'}]},
            {'type': 'compute', 'endpoints': [
                {'url': 'http://127.0.0.1:8774/v2.1'}]}]}}).encode()
        self.send_response(201)
        self.send_header('X-Subject-Token', 'tok')
        self.send_header('Content-Length', str(len(body)))
        self.end_headers()
        self.wfile.write(body)


@pytest.fixture
def keystone():
    httpd = server.HTTPServer(('127.0.0.1', 0), _Keystone)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    yield f'http://127.0.0.1:{httpd.server_address[1]}'
    httpd.shutdown()
    httpd.server_close()


def test_the_suites_catalog_names_the_service_under_test_and_keeps_the_rest(keystone):
    with catalog_proxy.CatalogProxy(
            keystone, {'http://127.0.0.1:8004': 'http://127.0.0.1:8104'}) as proxy:
        req = urllib.request.Request(f'{proxy.url}/v3/auth/tokens', method='POST',
                                     data=json.dumps({'auth': 'x'}).encode(),
                                     headers={'Content-Type': 'application/json'})
        with urllib.request.urlopen(req, timeout=10) as resp:
            token = resp.headers['X-Subject-Token']
            body = json.loads(resp.read())
    assert token == 'tok'
    assert body['sent'] == {'auth': 'x'}
    urls = {entry['type']: entry['endpoints'][0]['url'] for entry in body['token']['catalog']}
    assert urls['orchestration'] == 'http://127.0.0.1:8104/v1/p1'
    assert urls['identity'] == f'{proxy.url}/v3'    # discovery stays on the proxy
    assert urls['compute'] == 'http://127.0.0.1:8774/v2.1'


def test_clean_up_deletes_only_stacks_named_after_the_runs_tests():
    ids = ['heat_integrationtests.functional.test_a.CreateStackTest.test_basic',
           'heat_integrationtests.functional.test_b.ResourceGroupTest.test_props(scen)']
    assert [runner.stack_prefix(i) for i in ids] == [
        'CreateStackTest-test_basic-', 'ResourceGroupTest-test_props-']


def test_rig_mode_options():
    args = runner.parse_args(['--cloud', 'rig'])
    assert (args.build_timeout, args.skip_file, args.heat27) == \
        (600, runner.RIG_SKIP_FILE, False)
    assert runner.parse_args(['--cloud', 'rig', '--heat27']).heat27
    assert runner.parse_args([]).skip_file == runner.DEFAULT_SKIP_FILE
    with pytest.raises(SystemExit):
        runner.parse_args(['--heat27'])
