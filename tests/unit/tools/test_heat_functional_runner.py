"""tools/heat-functional's own set-up: the suite's configuration file, the
selection, and the environment its workers get."""
import configparser
import os

from tools.heat_functional import runner
from tools.heat_functional import shim
from tools.heat_functional import tempest_conf

IDS = ['heat_integrationtests.functional.test_template_resource.T.test_a',
       'heat_integrationtests.functional.test_resource_group.G.test_b',
       'heat_integrationtests.functional.test_resource_group.G.test_c(scen)']


def test_tempest_conf_carries_the_skip_list_and_timeouts(tmp_path):
    path = tmp_path / 'tempest.conf'
    tempest_conf.write(str(path), 'admin', ['AwsStackTest', 'UpdateStackTest.test_x'],
                       build_timeout=120, build_interval=1)
    conf = configparser.ConfigParser()
    conf.read(path)
    section = conf['heat_plugin']
    assert section['skip_functional_test_list'] == 'AwsStackTest,UpdateStackTest.test_x'
    assert (section['build_timeout'], section['build_interval']) == ('120', '1')
    assert section['project_name'] == 'admin'
    assert section['region'] == tempest_conf.REGION
    # Tests that boot servers skip themselves without an image.
    assert 'minimal_image_ref' not in section


def test_select_by_regex():
    assert runner.select(IDS, []) == IDS
    assert runner.select(IDS, ['test_resource_group']) == IDS[1:]
    assert runner.select(IDS, [r'G\.test_c', 'T.test_a']) == [IDS[0], IDS[2]]


def test_worker_env_points_the_suite_at_the_endpoint_only(monkeypatch, tmp_path):
    monkeypatch.setenv('OS_AUTH_URL', 'http://keystone.example/v3')
    monkeypatch.setenv('HEAT_URL', 'http://somewhere.else/v1/x')
    monkeypatch.setenv('OS_NO_CLIENT_AUTH', 'True')
    env = runner.worker_env(str(tmp_path), 'http://127.0.0.1:1/v1/admin', 'tok',
                            extra_path='/tmp/bin')
    assert not {'OS_AUTH_URL', 'HEAT_URL', 'OS_NO_CLIENT_AUTH'} & set(env)
    assert env[shim.ENDPOINT_VAR] == 'http://127.0.0.1:1/v1/admin'
    assert env[shim.TOKEN_VAR] == 'tok'
    assert env['TEMPEST_CONFIG_DIR'] == str(tmp_path)
    assert env['PYTHONPATH'].split(os.pathsep)[0] == runner.ROOT
    assert env['PATH'].startswith('/tmp/bin' + os.pathsep)


def test_results_dir_loses_only_the_runners_old_files(tmp_path):
    for name in ('results.json', 'summary.md', 'worker-3.log', 'heat-conv-all.log',
                 'notes.log', 'mine.txt'):
        (tmp_path / name).write_text('old')
    (tmp_path / 'bin').mkdir()
    (tmp_path / 'bin' / 'heat-manage').write_text('old')
    runner.prepare_results_dir(str(tmp_path))
    assert sorted(p.name for p in tmp_path.iterdir()) == ['mine.txt', 'notes.log']
